/**
 * Servers started together on one empty PostgreSQL: each migrates and seeds under the setup lock,
 * so all of them come up and the database holds the demo data once. Real processes, as a deploy
 * or a burst of cold starts runs them. PostgreSQL only (TEST_DATABASE_URL): PGlite's data
 * directory belongs to one process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase } from '../../server/db/database';
import { seedDemo } from '../../server/seed';
import { DEMO_BLOCKS, DEMO_FIRST_SIGN_IN, DEMO_USERS } from '../../server/seed/demo-data';

const baseUrl = process.env.TEST_DATABASE_URL;
const root = resolve(import.meta.dirname, '../..');
const created: string[] = [];
const running = new Set<ChildProcess>();

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the test cluster; dropped after the file. */
async function emptyDatabase(): Promise<string> {
  const name = `cannery_setup_${randomBytes(4).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  created.push(name);
  const url = new URL(baseUrl ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

/** The environment of a server or CLI on `url`: nothing of the test runner's own settings. */
function environment(url: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: url, ...extra };
  return env;
}

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(script: string, env: NodeJS.ProcessEnv): Promise<Finished> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('exit', (code) => done({ code, stdout, stderr }));
  });
}

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.on('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts `server/node.ts` on a free port; resolves with the port once it listens, rejects if it exits first. */
function startServer(env: NodeJS.ProcessEnv): Promise<{ port: number; child: ChildProcess; output: () => string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/node.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"port":(\d+)[^\n]*Cannery listening on http:/.exec(output);
      if (match) done({ port: Number(match[1]), child, output: () => output });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => {
      running.delete(child);
      fail(new Error(`the server exited with ${code} before listening:\n${output}`));
    });
  });
}

async function counts(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const count = async (table: string) => Number((await client.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]?.n);
    return {
      accounts: await count('accounts'),
      blocks: await count('blocks'),
      users: await count('users'),
      poolUsers: await count('identity_users'),
      migrations: await count('drizzle.__drizzle_migrations'),
    };
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  if (!baseUrl) return;
  await admin(async (client) => {
    for (const name of created) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
});

const SERVER_ENV = { HTTPS_PORT: '0', LOG_LEVEL: 'info', CANNERY_SEED: 'demo' };
/** Pool users the demo seed creates: everyone but the work-account user, and the first-sign-in user. */
const DEMO_POOL_USERS = DEMO_USERS.filter((user) => !user.microsoftSub).length + (DEMO_USERS.some((user) => user.email === DEMO_FIRST_SIGN_IN.email) ? 0 : 1);

describe.skipIf(!baseUrl)('servers started together on one empty PostgreSQL', () => {
  it('all three come up, answer, and the demo data is there once', { timeout: 180_000 }, async () => {
    const url = await emptyDatabase();
    const ports = [await freePort(), await freePort(), await freePort()];
    const servers = await Promise.all(ports.map((port) => startServer(environment(url, { ...SERVER_ENV, PORT: String(port) }))));
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

  it('`npm run migrate` and `npm run seed` run three at once, twice over, and give the same data as one run', { timeout: 180_000 }, async () => {
    const url = await emptyDatabase();
    const migrations = await Promise.all([1, 2, 3].map(() => run('server/migrate-cli.ts', environment(url))));
    for (const result of migrations) expect(result.code, result.stderr).toBe(0);
    for (const result of migrations) expect(result.stdout).toContain('Migrated the PostgreSQL database');

    const seeds = await Promise.all([1, 2, 3].map(() => run('server/seed-cli.ts', environment(url))));
    for (const result of seeds) expect(result.code, result.stderr).toBe(0);
    expect(seeds.filter((result) => result.stdout.includes('Seeded the demo account.'))).toHaveLength(1);
    const once = await counts(url);
    expect(once).toMatchObject({ accounts: 1, blocks: DEMO_BLOCKS.length, poolUsers: DEMO_POOL_USERS });

    const again = await Promise.all([1, 2].map(() => run('server/seed-cli.ts', environment(url))));
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
