import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/database';
import { accounts, users } from '../../../server/db/schema';
import { runAdminCommand } from '../../../server/cli/users-command';
import { createPoolUser, setPoolUserPassword } from '../../../server/identity/users';
import { createUserPool } from '../../../server/identity/pool';
import { identityDevices, identityUsers } from '../../../server/identity/schema';
import { resetDatabase, testDatabase } from '../support/database';
import { givenAccount, givenTeam, givenUser } from '../support/given';
import { GOOD_PASSWORD, OTHER_PASSWORD, POOL_ID } from './support';

/** Creating pool users (the admin CLI and the functions the demo seed calls). */
let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
beforeEach(() => resetDatabase(database));

async function cli(...argv: string[]) {
  const lines: string[] = [];
  const code = await runAdminCommand(database.db, POOL_ID, argv, (line) => lines.push(line));
  return { code, output: lines.join('\n') };
}

describe('createPoolUser', () => {
  it('stores a salt and verifier, never the password', async () => {
    await createPoolUser(database.db, { poolId: POOL_ID, email: 'Alice@Alder.test', temporaryPassword: GOOD_PASSWORD });
    const [row] = await database.db.select().from(identityUsers);
    expect(row).toMatchObject({ username: 'alice@alder.test', email: 'alice@alder.test', status: 'FORCE_CHANGE_PASSWORD', emailVerified: true, enabled: true });
    expect(row?.srpSalt).toMatch(/^[0-9a-f]{32}$/);
    expect(row?.srpVerifier).toMatch(/^[0-9a-f]+$/);
    expect(JSON.stringify(row)).not.toContain(GOOD_PASSWORD);
  });

  it('creates the Cannery user in the account and links it by cognito_sub', async () => {
    const account = await givenAccount(database.db);
    const team = await givenTeam(database.db, account.id);
    const created = await createPoolUser(database.db, { poolId: POOL_ID, email: 'alice@alder.test', password: GOOD_PASSWORD, accountId: account.id, teams: [team.id] });
    expect(created.status).toBe('CONFIRMED');
    const [row] = await database.db.select().from(users).where(eq(users.id, created.canneryUserId!));
    expect(row).toMatchObject({ email: 'alice@alder.test', accountId: account.id, teams: [team.id], cognitoSub: created.sub });
  });

  it('links an existing Cannery user of the same email (the demo seed path)', async () => {
    const account = await givenAccount(database.db);
    const existing = await givenUser(database.db, account.id, { email: 'Alice@Alder.test', cognitoSub: null });
    const created = await createPoolUser(database.db, { poolId: POOL_ID, email: 'alice@alder.test', password: GOOD_PASSWORD });
    expect(created.canneryUserId).toBe(existing.id);
    const [row] = await database.db.select().from(users).where(eq(users.id, existing.id));
    expect(row?.cognitoSub).toBe(created.sub);
  });

  it('refuses a password that breaks the policy, a duplicate user and teams without an account', async () => {
    await expect(createPoolUser(database.db, { poolId: POOL_ID, email: 'a@alder.test', temporaryPassword: 'weak' })).rejects.toMatchObject({
      name: 'InvalidPasswordException',
    });
    await createPoolUser(database.db, { poolId: POOL_ID, email: 'a@alder.test', temporaryPassword: GOOD_PASSWORD });
    await expect(createPoolUser(database.db, { poolId: POOL_ID, email: 'A@alder.test', temporaryPassword: GOOD_PASSWORD })).rejects.toThrow(/already exists/);
    await expect(createPoolUser(database.db, { poolId: POOL_ID, email: 'b@alder.test', password: GOOD_PASSWORD, teams: ['x'] })).rejects.toThrow(/need an account/);
    // Nothing half-made is left behind by a refused creation.
    expect(await database.db.select().from(identityUsers)).toHaveLength(1);
  });

  it('setPoolUserPassword confirms the user with a new verifier and clears a lockout', async () => {
    await createPoolUser(database.db, { poolId: POOL_ID, email: 'a@alder.test', temporaryPassword: GOOD_PASSWORD });
    await database.db.update(identityUsers).set({ lockedUntil: new Date(Date.now() + 60_000), failedAttempts: 3 });
    const [before] = await database.db.select().from(identityUsers);
    const after = await setPoolUserPassword(database.db, { poolId: POOL_ID, email: 'a@alder.test', password: OTHER_PASSWORD });
    expect(after).toMatchObject({ status: 'CONFIRMED', lockedUntil: null, failedAttempts: 0 });
    expect(after.srpVerifier).not.toBe(before?.srpVerifier);
  });
});

describe('admin CLI', () => {
  it('create --temporary-password with --account and --teams', async () => {
    const account = await givenAccount(database.db);
    const team = await givenTeam(database.db, account.id);
    const result = await cli('create', '--email', 'new@alder.test', '--temporary-password', GOOD_PASSWORD, '--account', account.id, '--teams', team.id);
    expect(result.code).toBe(0);
    expect(result.output).toMatch(/status FORCE_CHANGE_PASSWORD/);
    expect(result.output).toMatch(/Linked to Cannery user/);
    const [row] = await database.db.select().from(users).where(eq(users.email, 'new@alder.test'));
    expect(row?.teams).toEqual([team.id]);
  });

  it('set-password makes the password permanent', async () => {
    await cli('create', '--email', 'new@alder.test', '--temporary-password', GOOD_PASSWORD);
    const result = await cli('set-password', '--email', 'new@alder.test', '--password', OTHER_PASSWORD);
    expect(result).toEqual({ code: 0, output: 'Set the password of new@alder.test: status CONFIRMED.' });
  });

  it('explains what is wrong instead of failing with a stack trace', async () => {
    expect((await cli('create', '--email', 'x@alder.test', '--temporary-password', 'weak')).output).toBe(
      'Password does not conform to policy: Password not long enough',
    );
    expect((await cli('create', '--email', 'x@alder.test', '--password', GOOD_PASSWORD, '--account', '0123456789abcdef01234567')).output).toMatch(
      /No account has the id/,
    );
    const account = await givenAccount(database.db);
    expect((await cli('create', '--email', 'x@alder.test', '--password', GOOD_PASSWORD, '--account', account.id, '--teams', 'nope')).output).toMatch(
      /not in account/,
    );
    expect((await cli('set-password', '--email', 'ghost@alder.test', '--password', GOOD_PASSWORD)).code).toBe(1);
    expect((await cli('remove', '--email', 'x@alder.test')).code).toBe(2);
    expect((await cli('create', '--emial', 'x')).code).toBe(2);
  });
});

describe('multi-factor commands', () => {
  it('mfa-policy sets an account policy, and refuses an unknown policy or account', async () => {
    const account = await givenAccount(database.db);
    expect(await cli('mfa-policy', account.id, 'required')).toEqual({ code: 0, output: `Multi-factor sign-in of account ${account.id}: required.` });
    const [row] = await database.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row?.mfaPolicy).toBe('required');
    expect((await cli('mfa-policy', account.id, 'sometimes')).code).toBe(1);
    expect((await cli('mfa-policy', 'nope', 'off')).code).toBe(1);
    expect((await cli('mfa-policy', account.id)).code).toBe(2);
  });

  it('reset-mfa turns the authenticator off and forgets the devices', async () => {
    const { sub } = await createPoolUser(database.db, { poolId: POOL_ID, email: 'alice@alder.test', password: GOOD_PASSWORD });
    await database.db.update(identityUsers).set({ totpSecret: 'v1.sealed', totpEnabled: true, totpPreferred: true });
    const now = new Date();
    await database.db.insert(identityDevices).values({ deviceKey: 'local_d', userId: sub, groupKey: '-g', createdAt: now, updatedAt: now });
    expect((await cli('reset-mfa', 'Alice@alder.test')).code).toBe(0);
    const [row] = await database.db.select().from(identityUsers);
    expect(row).toMatchObject({ totpSecret: null, totpEnabled: false, totpPreferred: false });
    expect(await database.db.select().from(identityDevices)).toEqual([]);
    expect((await cli('reset-mfa', 'nobody@alder.test')).code).toBe(1);
  });
});

describe('the issuer of linked users', () => {
  it('records the pool issuer on the links it makes, and on links made without one or under another public origin', async () => {
    const pool = createUserPool({ db: database.db, poolId: POOL_ID, clientId: 'test-client', issuerBase: 'https://cannery.test/identity' });
    const account = await givenAccount(database.db);
    const created = await pool.createUser({ email: 'carol@alder.test', password: GOOD_PASSWORD, accountId: account.id });
    const issuerOf = async (id: string) => (await database.db.select().from(users).where(eq(users.id, id)))[0]!.cognitoIssuer;
    expect(await issuerOf(created.canneryUserId!)).toBe(pool.issuer);

    // The admin CLI links without an issuer; a change of CANNERY_PUBLIC_ORIGIN changes the pool's issuer.
    const fromCli = await createPoolUser(database.db, { poolId: POOL_ID, email: 'dave@alder.test', password: GOOD_PASSWORD, accountId: account.id });
    await database.db.update(users).set({ cognitoIssuer: 'https://old-name.test/identity/' + POOL_ID }).where(eq(users.id, created.canneryUserId!));
    // A user of another issuer is not the pool's to claim.
    const stranger = await givenUser(database.db, account.id, { cognitoSub: 'not-a-pool-user', cognitoIssuer: 'https://elsewhere.test/pool' });

    expect(await pool.recordIssuerOfLinkedUsers()).toBe(2);
    expect(await issuerOf(fromCli.canneryUserId!)).toBe(pool.issuer);
    expect(await issuerOf(created.canneryUserId!)).toBe(pool.issuer);
    expect(await issuerOf(stranger.id)).toBe('https://elsewhere.test/pool');
  });
});
