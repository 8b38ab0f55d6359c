import { beforeEach, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import type { Database } from '../../server/db/database';
import { makeTestApp } from './support/app';
import { freshWorld, type World } from './support/world';

let world: World;
let database: Database;
beforeEach(async () => {
  ({ world, database } = await freshWorld({ rateLimit: { limit: 3, windowMs: 60_000 } }));
});

describe('limits and encoding', () => {
  it('answers 429 with Retry-After once a caller exceeds the rate limit, and only that caller', async () => {
    for (let i = 0; i < 3; i++) expect((await world.call(world.alice, '/user-info')).status).toBe(200);
    const limited = await world.call(world.alice, '/user-info');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await limited.json()).error).toEqual({ code: 'rate_limited', message: 'Too many requests: wait a moment and try again.' });
    expect((await world.call(world.ada, '/user-info')).status).toBe(200);
  });

  it('caps the work-account token exchanges per address, as they run before any sign-in', async () => {
    const app = makeTestApp(database, { ssoRateLimit: { limit: 2, windowMs: 60_000 } });
    const exchange = () =>
      app.request('/api/refresh-tokens', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refreshToken: 'r', redirectUri: 'https://cannery.test/' }),
      });
    // SSO is off here (404), which still counts: the cap comes before the route.
    expect((await exchange()).status).toBe(404);
    expect((await exchange()).status).toBe(404);
    const limited = await exchange();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('compresses a block list for a client that accepts gzip', async () => {
    const response = await world.call(world.ada, `/accounts/${world.accountA.id}/autoresponses`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Encoding')).toBe('gzip');
    const list = JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8'));
    expect(list.map((block: { name: string }) => block.name)).toEqual(['Ballot tracking', 'Recording fees']);
  });
});
