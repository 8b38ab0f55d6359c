import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { makeTestApp } from './support/app';
import { TEST_ENGINE, testDatabase } from './support/database';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});

const ready = { ok: true, database: TEST_ENGINE, checks: { database: true, migrations: true, stopping: false } };

describe('GET /api/health/live', () => {
  it('answers 200 while the process answers, whatever the database does', async () => {
    const down: Database = { ...database, ping: () => Promise.resolve(false), migrationsCurrent: () => Promise.resolve(false) };
    for (const db of [database, down]) {
      const response = await makeTestApp(db).request('/api/health/live');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true });
    }
  });
});

describe('GET /api/health/ready (and /api/health)', () => {
  it(`answers 200 when the database answers and is migrated (${TEST_ENGINE})`, async () => {
    for (const path of ['/api/health/ready', '/api/health']) {
      const response = await makeTestApp(database).request(path);
      expect(response.status, path).toBe(200);
      expect(await response.json()).toEqual(ready);
    }
  });

  it('answers 503 when the database does not answer', async () => {
    const broken: Database = { ...database, ping: () => Promise.resolve(false) };
    const response = await makeTestApp(broken).request('/api/health/ready');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ ok: false, database: TEST_ENGINE, checks: { database: false, migrations: false, stopping: false } });
  });

  it('answers 503 when a migration of this code is not applied yet', async () => {
    const behind: Database = { ...database, migrationsCurrent: () => Promise.resolve(false) };
    const response = await makeTestApp(behind).request('/api/health/ready');
    expect(response.status).toBe(503);
    expect((await response.json()).checks).toEqual({ database: true, migrations: false, stopping: false });
  });

  it('reads the migrations the database has: current here, behind once one is taken away', async () => {
    expect(await database.migrationsCurrent()).toBe(true);
    const { sql } = await import('drizzle-orm');
    const taken = await database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning hash, created_at`);
    const row = (taken as { rows: Array<{ hash: string; created_at: string }> }).rows[0]!;
    try {
      expect(await database.migrationsCurrent()).toBe(false);
    } finally {
      await database.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row.hash}, ${row.created_at})`);
    }
    expect(await database.migrationsCurrent()).toBe(true);
  });

  it('answers 503 while the instance is stopping, so load balancers stop sending it requests', async () => {
    let stopping = false;
    const app = makeTestApp(database, { draining: () => stopping });
    expect((await app.request('/api/health/ready')).status).toBe(200);
    stopping = true;
    const response = await app.request('/api/health/ready');
    expect(response.status).toBe(503);
    expect((await response.json()).checks).toEqual({ database: true, migrations: true, stopping: true });
    expect((await app.request('/api/health/live')).status).toBe(200);
  });

  it('answers unknown API paths with JSON: 401 before sign-in, so routes are not probed anonymously', async () => {
    const response = await makeTestApp(database).request('/api/nothing-here');
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('unauthenticated');
  });
});
