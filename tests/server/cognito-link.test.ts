/**
 * A real AWS Cognito user pool in front of Cannery: its ID tokens (issuer
 * `https://cognito-idp.<region>.amazonaws.com/<poolId>`, `token_use: id`, `aud` the app client id),
 * signed here with a local key set, open Cannery for a user linked to their sub with the admin
 * CLI's `link` command (`npm run user -- link`), and for nobody else.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../server/db/database';
import { users } from '../../server/db/schema';
import { runAdminCommand } from '../../server/cli/users-command';
import { runLinkCommand } from '../../server/identity/link-user';
import { makeTestApp } from './support/app';
import { resetDatabase, testDatabase } from './support/database';
import { givenAccount, givenTeam, givenUser } from './support/given';
import { makeTestIssuer, type TestIssuer } from './support/tokens';

const REGION = 'eu-west-1';
const POOL = 'eu-west-1_Cann3ryPool';
const ISSUER = `https://cognito-idp.${REGION}.amazonaws.com/${POOL}`;
const SUB = '3f1c2a9e-8b7d-4c6e-9a01-2b3c4d5e6f70';

let database: Database;
let cognito: TestIssuer;
beforeAll(async () => {
  database = await testDatabase();
  cognito = await makeTestIssuer('cognito', ISSUER);
});
beforeEach(() => resetDatabase(database));

const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

async function link(...argv: string[]) {
  const lines: string[] = [];
  const code = await runLinkCommand(database.db, argv, (line) => lines.push(line), [cognito.trusted]);
  return { code, output: lines.join('\n') };
}

describe('a real Cognito pool', () => {
  it('opens Cannery for a user linked to the sub with `link`: 200 from /api/user-info', async () => {
    const account = await givenAccount(database.db);
    const team = await givenTeam(database.db, account.id);
    const user = await givenUser(database.db, account.id, { email: 'Dana@Alder.test', cognitoSub: null, teams: [team.id] });
    const app = makeTestApp(database, { issuers: [cognito.trusted] });
    const token = await cognito.idToken(SUB, { claims: { email: 'dana@alder.test', 'cognito:username': SUB } });

    // Before the link, the sign-in is valid but names nobody Cannery knows.
    expect((await app.request('/api/user-info', bearer(token))).status).toBe(404);

    expect(await link('--email', 'dana@alder.test', '--sub', SUB)).toEqual({ code: 0, output: `Linked Cannery user ${user.id} to the sub ${SUB} of ${ISSUER}.` });
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ cognitoSub: SUB, cognitoIssuer: ISSUER });

    const response = await app.request('/api/user-info', bearer(token));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: { email: string; cognitoAuth: { sub: string } } };
    expect(body.user).toMatchObject({ email: 'Dana@Alder.test', cognitoAuth: { sub: SUB } });
  });

  it('refuses what is not that pool\'s ID token for the linked user: an access token, another client, another pool', async () => {
    const account = await givenAccount(database.db);
    await givenUser(database.db, account.id, { email: 'dana@alder.test', cognitoSub: SUB, cognitoIssuer: ISSUER });
    const app = makeTestApp(database, { issuers: [cognito.trusted] });
    const access = await cognito.idToken(SUB, { claims: { token_use: 'access' } });
    expect((await app.request('/api/user-info', bearer(access))).status).toBe(401);
    const otherClient = await cognito.idToken(SUB, { audience: 'another-app-client' });
    expect((await app.request('/api/user-info', bearer(otherClient))).status).toBe(401);
    // Same sub from a second trusted pool: a sub names a user only within its own pool.
    const otherPool = await makeTestIssuer('cognito', `https://cognito-idp.${REGION}.amazonaws.com/eu-west-1_OtherPool`);
    const both = makeTestApp(database, { issuers: [cognito.trusted, otherPool.trusted] });
    expect((await both.request('/api/user-info', bearer(await otherPool.idToken(SUB)))).status).toBe(404);
    expect((await both.request('/api/user-info', bearer(await cognito.idToken(SUB)))).status).toBe(200);
  });
});

describe('npm run user -- link', () => {
  it('is a command of the admin CLI; without trusted issuers it asks for --issuer', async () => {
    const account = await givenAccount(database.db);
    const user = await givenUser(database.db, account.id, { email: 'dana@alder.test', cognitoSub: null });
    const lines: string[] = [];
    const previous = process.env.CANNERY_TRUSTED_ISSUERS;
    delete process.env.CANNERY_TRUSTED_ISSUERS;
    try {
      expect(await runAdminCommand(database.db, 'local_test', ['link', '--email', 'dana@alder.test', '--sub', SUB], (line) => lines.push(line))).toBe(2);
      expect(lines.pop()).toContain('pass --issuer https://cognito-idp.<region>.amazonaws.com/<poolId>');
      expect(await runAdminCommand(database.db, 'local_test', ['link', '--email', 'dana@alder.test', '--sub', SUB, '--issuer', ISSUER], (line) => lines.push(line))).toBe(0);
    } finally {
      if (previous !== undefined) process.env.CANNERY_TRUSTED_ISSUERS = previous;
    }
    expect(lines).toEqual([
      `Linked Cannery user ${user.id} to the sub ${SUB} of ${ISSUER}.`,
      `The server does not trust ${ISSUER} yet: add it to CANNERY_TRUSTED_ISSUERS, or this user's tokens are refused.`,
    ]);
    const usage: string[] = [];
    await runAdminCommand(database.db, 'local_test', ['help'], (line) => usage.push(line));
    expect(usage.join('\n')).toContain('link --email <email> --sub <cognito sub>');
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const account = await givenAccount(database.db);
    const dana = await givenUser(database.db, account.id, { email: 'dana@alder.test', cognitoSub: 'old-sub', cognitoIssuer: ISSUER });
    const sam = await givenUser(database.db, account.id, { email: 'sam@alder.test', cognitoSub: SUB, cognitoIssuer: ISSUER });
    expect(await link('--email', 'dana@alder.test')).toMatchObject({ code: 2, output: expect.stringContaining('link needs --email and --sub.') });
    expect(await link('--email', 'dana@alder.test', '--sub', 'a b;drop')).toMatchObject({ code: 2, output: expect.stringContaining("--sub must be the Cognito user's sub attribute") });
    expect(await link('--email', 'dana@alder.test', '--sub', 'new-sub', '--issuer', 'https://evil.example/pool')).toMatchObject({
      code: 2,
      output: expect.stringContaining("--issuer must be a Cognito user pool's issuer"),
    });
    expect(await link('--email', 'nobody@alder.test', '--sub', 'new-sub')).toMatchObject({ code: 1, output: expect.stringContaining('No Cannery user has the email nobody@alder.test') });
    expect(await link('--email', 'dana@alder.test', '--sub', SUB)).toEqual({ code: 1, output: `The sub ${SUB} is already linked to Cannery user ${sam.id}: one pool user opens one Cannery user.` });
    expect(await link('--email', 'dana@alder.test', '--sub', 'new-sub')).toEqual({
      code: 1,
      output: `Cannery user ${dana.id} is linked to the sub old-sub already. Pass --replace to link it to new-sub instead.`,
    });
    expect(await link('--email', 'dana@alder.test', '--sub', 'new-sub', '--frobnicate')).toMatchObject({ code: 2 });
    const [unchanged] = await database.db.select().from(users).where(eq(users.id, dana.id));
    expect(unchanged?.cognitoSub).toBe('old-sub');

    expect((await link('--email', 'dana@alder.test', '--sub', 'new-sub', '--replace')).code).toBe(0);
    const [replaced] = await database.db.select().from(users).where(eq(users.id, dana.id));
    expect(replaced).toMatchObject({ cognitoSub: 'new-sub', cognitoIssuer: ISSUER });
  });

  it('asks which pool when several Cognito issuers are trusted', async () => {
    const account = await givenAccount(database.db);
    await givenUser(database.db, account.id, { email: 'dana@alder.test', cognitoSub: null });
    const other = await makeTestIssuer('cognito', `https://cognito-idp.${REGION}.amazonaws.com/eu-west-1_OtherPool`);
    const lines: string[] = [];
    expect(await runLinkCommand(database.db, ['--email', 'dana@alder.test', '--sub', SUB], (line) => lines.push(line), [cognito.trusted, other.trusted])).toBe(2);
    expect(lines).toEqual(['2 Cognito issuers are trusted (CANNERY_TRUSTED_ISSUERS): pass --issuer to say which pool the sub belongs to.']);
  });
});
