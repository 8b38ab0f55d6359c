import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { makeTestApp } from './support/app';
import { TEST_ENGINE, testDatabase } from './support/database';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});

describe('GET /api/health', () => {
  it(`answers 200 with the database engine (${TEST_ENGINE})`, async () => {
    const response = await makeTestApp(database).request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, database: TEST_ENGINE });
  });

  it('answers 503 when the database does not answer', async () => {
    const broken: Database = { ...database, ping: () => Promise.resolve(false) };
    const response = await makeTestApp(broken).request('/api/health');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ ok: false, database: TEST_ENGINE });
  });

  it('answers unknown API paths with JSON: 401 before sign-in, so routes are not probed anonymously', async () => {
    const response = await makeTestApp(database).request('/api/nothing-here');
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('unauthenticated');
  });
});
