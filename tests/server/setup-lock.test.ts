/**
 * Servers started together on one empty PostgreSQL: each migrates and seeds under the setup lock,
 * so all of them come up and the database holds the demo data once. Real processes, as a deploy
 * or a burst of cold starts runs them. PostgreSQL only (TEST_DATABASE_URL): PGlite's data
 * directory belongs to one process.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { seedDemo } from '../../server/seed';
import { DEMO_BLOCKS, DEMO_FIRST_SIGN_IN, DEMO_USERS } from '../../server/seed/demo-data';
import { childEnvironment, freePort, killStarted, runToEnd, scratchDatabases, startServerProcess, withClient, type ServerProcess } from './support/processes';

const baseUrl = process.env.TEST_DATABASE_URL;
const databases = baseUrl ? scratchDatabases(baseUrl, 'cannery_setup') : undefined;

/** A new, empty database on the test cluster; dropped after the file. */
const emptyDatabase = () => databases!.create();

/** The environment of a server or CLI on `url`: nothing of the test runner's own settings. */
const environment = (url: string, extra: Record<string, string> = {}) => childEnvironment({ CANNERY_DATABASE_URL: url, ...extra });

const cannery = (command: string, env: NodeJS.ProcessEnv) => runToEnd(['node', '--import', 'tsx', 'server/cli/cannery.ts', command], env);

const startServer = (env: NodeJS.ProcessEnv): Promise<ServerProcess> => startServerProcess(env);

async function counts(url: string) {
  return withClient(url, async (client) => {
    const count = async (table: string) => Number((await client.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]?.n);
    return {
      accounts: await count('accounts'),
      blocks: await count('blocks'),
      users: await count('users'),
      poolUsers: await count('identity_users'),
      migrations: await count('drizzle.__drizzle_migrations'),
    };
  });
}

afterAll(async () => {
  killStarted();
  await databases?.dropAll();
});

const SERVER_ENV = { CANNERY_HTTPS_PORT: '0', CANNERY_LOG_LEVEL: 'info', CANNERY_SEED: 'demo' };
/** Pool users the demo seed creates: everyone but the work-account user, and the first-sign-in user. */
const DEMO_POOL_USERS = DEMO_USERS.filter((user) => !user.microsoftSub).length + (DEMO_USERS.some((user) => user.email === DEMO_FIRST_SIGN_IN.email) ? 0 : 1);

describe.skipIf(!baseUrl)('servers started together on one empty PostgreSQL', () => {
  it('all three come up, answer, and the demo data is there once', { timeout: 180_000 }, async () => {
    const url = await emptyDatabase();
    const ports = [await freePort(), await freePort(), await freePort()];
    const servers = await Promise.all(ports.map((port) => startServer(environment(url, { ...SERVER_ENV, CANNERY_PORT: String(port) }))));
    for (const server of servers) {
      const response = await fetch(`http://127.0.0.1:${server.port}/api/health`);
      expect(response.status, server.output()).toBe(200);
    }
    expect(servers.filter((server) => server.output().includes('seeded the demo account'))).toHaveLength(1);
    for (const server of servers) server.child.kill('SIGTERM');
    const after = await counts(url);
    expect(after).toMatchObject({ accounts: 1, blocks: DEMO_BLOCKS.length, users: DEMO_USERS.length + 1, poolUsers: DEMO_POOL_USERS });
    expect(after.migrations).toBeGreaterThan(0);
  });

  it('`cannery migrate` and `cannery seed` run three at once, twice over, and give the same data as one run', { timeout: 180_000 }, async () => {
    const url = await emptyDatabase();
    const migrations = await Promise.all([1, 2, 3].map(() => cannery('migrate', environment(url))));
    for (const result of migrations) expect(result.code, result.stderr).toBe(0);
    for (const result of migrations) expect(result.stdout).toContain('Migrated the PostgreSQL database');

    const seeds = await Promise.all([1, 2, 3].map(() => cannery('seed', environment(url))));
    for (const result of seeds) expect(result.code, result.stderr).toBe(0);
    expect(seeds.filter((result) => result.stdout.includes('Seeded the demo account.'))).toHaveLength(1);
    const once = await counts(url);
    expect(once).toMatchObject({ accounts: 1, blocks: DEMO_BLOCKS.length, poolUsers: DEMO_POOL_USERS });

    const again = await Promise.all([1, 2].map(() => cannery('seed', environment(url))));
    for (const result of again) expect(result.stdout, result.stderr).toContain('nothing was changed');
    expect(await counts(url)).toEqual(once);
  });

  it('holds the setup lock across processes: a second holder waits until the first lets go', async () => {
    const url = await emptyDatabase();
    const first = await openDatabase({ url, poolSize: 1 });
    const second = await openDatabase({ url, poolSize: 1 });
    try {
      const order: string[] = [];
      let release!: () => void;
      const held = new Promise<void>((done) => (release = done));
      let entered!: () => void;
      const inside = new Promise<void>((done) => (entered = done));
      const one = first.withSetupLock(async () => {
        order.push('first in');
        entered();
        await held;
        order.push('first out');
      });
      await inside;
      const two = second.withSetupLock(() => {
        order.push('second in');
        return Promise.resolve();
      });
      await new Promise((done) => setTimeout(done, 300));
      expect(order).toEqual(['first in']);
      release();
      await Promise.all([one, two]);
      expect(order).toEqual(['first in', 'first out', 'second in']);
      // The lock is free again, and migrating under it works on this empty database.
      await first.migrate();
      await second.migrate();
      expect(await first.withSetupLock(() => seedDemo(first.db))).toBe(true);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
