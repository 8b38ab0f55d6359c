import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/database';
import type { PoolLimits } from '../../../server/identity/pool';
import { identityRateWindows, identityUnknownFailures } from '../../../server/identity/schema';
import { resetDatabase, testDatabase } from '../support/database';
import { CLIENT_ID, GOOD_PASSWORD, OTHER_PASSWORD, servePool, type ServedPool } from './support';

/**
 * Lockout and caps that hold across instances: three pools (as three servers would be) on one
 * database, requests spread over them.
 */
let database: Database;
const instances: ServedPool[] = [];
let address = '198.51.100.1';

beforeAll(async () => {
  database = await testDatabase();
});
beforeEach(async () => {
  await resetDatabase(database);
  address = '198.51.100.1';
});
afterEach(async () => {
  await Promise.all(instances.map((served) => served.pool.idle()));
  await Promise.all(instances.splice(0).map((served) => served.close()));
});

async function threeInstances(limits: Partial<PoolLimits> = {}): Promise<ServedPool[]> {
  for (let index = 0; index < 3; index += 1) instances.push(await servePool(database, { limits, clientIp: () => address }));
  await instances[0]!.pool.createUser({ email: 'alice@alder.test', password: GOOD_PASSWORD });
  return instances;
}

const passwordSignIn = (served: ServedPool, username: string, password: string) =>
  served.call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: CLIENT_ID, AuthParameters: { USERNAME: username, PASSWORD: password } });

const messageOf = async (served: ServedPool, username: string, password: string) => ((await passwordSignIn(served, username, password)).body as { message?: string }).message;

/** Every text value in the shared tables, to check what they hold. */
async function storedText(): Promise<string> {
  const windows = await database.db.select().from(identityRateWindows);
  const failures = await database.db.select().from(identityUnknownFailures);
  return JSON.stringify([windows, failures]);
}

const INCORRECT = 'Incorrect username or password.';
const LOCKED = 'Password attempts exceeded';

describe('lockout across instances', () => {
  it('locks a real user and an unknown one alike after five failures spread over three instances', async () => {
    const pools = await threeInstances();
    for (const username of ['alice@alder.test', 'nobody@alder.test']) {
      const messages: string[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) messages.push((await messageOf(pools[attempt % 3]!, username, OTHER_PASSWORD))!);
      // Every instance now refuses, even the right password for the real user.
      for (const served of pools) messages.push((await messageOf(served, username, GOOD_PASSWORD))!);
      expect(messages, username).toEqual([...Array<string>(5).fill(INCORRECT), LOCKED, LOCKED, LOCKED]);
    }
    // The unknown name is kept only as an HMAC, whatever its case.
    expect(await storedText()).not.toMatch(/nobody|alder/i);
    expect(await messageOf(pools[1]!, 'NoBody@Alder.TEST', GOOD_PASSWORD)).toBe(LOCKED);
  });

  it('counts concurrent failures on all instances, each once', async () => {
    const pools = await threeInstances();
    const answers = await Promise.all(Array.from({ length: 5 }, (_, attempt) => messageOf(pools[attempt % 3]!, 'nobody@alder.test', OTHER_PASSWORD)));
    expect(answers).toEqual(Array<string>(5).fill(INCORRECT));
    expect(await messageOf(pools[2]!, 'nobody@alder.test', OTHER_PASSWORD)).toBe(LOCKED);
  });

  it('unlocks an unknown username after the lockout, on every instance, and sweeps expired rows', async () => {
    const pools = await threeInstances({ lockoutSeconds: 60 });
    for (let attempt = 0; attempt < 5; attempt += 1) await passwordSignIn(pools[attempt % 3]!, 'nobody@alder.test', OTHER_PASSWORD);
    expect(await messageOf(pools[0]!, 'nobody@alder.test', OTHER_PASSWORD)).toBe(LOCKED);
    // Past the lockout and the failure window, on every instance's clock.
    for (const served of pools) served.advance(16 * 60);
    expect(await messageOf(pools[1]!, 'nobody@alder.test', OTHER_PASSWORD)).toBe(INCORRECT);
    // Another hour on: the next counted request sweeps what has expired.
    for (const served of pools) served.advance(60 * 60);
    await passwordSignIn(pools[2]!, 'someone@alder.test', OTHER_PASSWORD);
    await pools[2]!.pool.idle();
    const failures = await database.db.select().from(identityUnknownFailures);
    expect(failures).toHaveLength(1);
    const windows = await database.db.select().from(identityRateWindows);
    expect(windows.every((row) => row.expiresAt.getTime() > Date.now())).toBe(true);
  });
});

describe('caps across instances', () => {
  it('caps an address over all instances together', async () => {
    const pools = await threeInstances({ signInsPerIp: 3 });
    for (const served of pools) expect((await passwordSignIn(served, 'alice@alder.test', GOOD_PASSWORD)).status).toBe(200);
    for (const served of pools) {
      expect((await passwordSignIn(served, 'alice@alder.test', GOOD_PASSWORD)).body).toEqual({ __type: 'TooManyRequestsException', message: 'Rate exceeded' });
    }
    // Another address is not held back.
    address = '198.51.100.2';
    expect((await passwordSignIn(pools[0]!, 'alice@alder.test', GOOD_PASSWORD)).status).toBe(200);
    expect(await storedText()).not.toContain('198.51.100');
  });

  it('caps reset codes per address and per username over all instances, and frees them in the next window', async () => {
    const pools = await threeInstances({ codeRequestsPerIp: 2, codeRequestsPerUser: 3 });
    const forgot = (served: ServedPool, username = 'alice@alder.test') => served.call('ForgotPassword', { ClientId: CLIENT_ID, Username: username });
    const LIMIT = { __type: 'LimitExceededException', message: 'Attempt limit exceeded, please try after some time.' };
    expect((await forgot(pools[0]!)).status).toBe(200);
    expect((await forgot(pools[1]!)).status).toBe(200);
    expect((await forgot(pools[2]!)).body).toEqual(LIMIT);
    // From other addresses, the username's own cap (3) holds over the instances too.
    address = '203.0.113.7';
    expect((await forgot(pools[2]!)).status).toBe(200);
    address = '203.0.113.8';
    expect((await forgot(pools[0]!)).body).toEqual(LIMIT);
    for (const served of pools) served.advance(60 * 60);
    expect((await forgot(pools[1]!)).status).toBe(200);
  });

  it('counts concurrent requests on all instances, each once', async () => {
    const pools = await threeInstances({ codeChecksPerIp: 4 });
    const confirm = (served: ServedPool) =>
      served.call('ConfirmForgotPassword', { ClientId: CLIENT_ID, Username: 'alice@alder.test', ConfirmationCode: '000000', Password: OTHER_PASSWORD });
    const answers = await Promise.all(Array.from({ length: 9 }, (_, index) => confirm(pools[index % 3]!)));
    const refused = answers.filter((answer) => answer.body.__type === 'LimitExceededException');
    expect(refused).toHaveLength(5);
  });
});

describe('hostile keys', () => {
  it('keys any username and any address by a fixed-size HMAC', async () => {
    const pools = await threeInstances({ signInsPerIp: 2 });
    const names = [`${'é'.repeat(100)}@x.test`, "robert'); drop table identity_users;--@x.test", '%00@x.test'];
    address = `${'f'.repeat(5000)}\u0000'"`;
    for (const name of names.slice(0, 2)) expect(await messageOf(pools[0]!, name, OTHER_PASSWORD)).toBe(INCORRECT);
    expect((await passwordSignIn(pools[1]!, names[2]!, OTHER_PASSWORD)).body.__type).toBe('TooManyRequestsException');
    const keys = (await database.db.execute(sql`select key from identity_rate_windows union all select key from identity_unknown_failures`)) as { rows: Array<{ key: string }> };
    expect(keys.rows.length).toBeGreaterThan(0);
    for (const { key } of keys.rows) expect(key).toMatch(/^[\w-]{43}$/);
  });
});
