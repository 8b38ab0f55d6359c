import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { ssoRoutes } from '../../server/routes/sso';
import { ORIGIN_HEADER, SIGN_IN_PATHS } from '../../server/http/edge';
import { loadConfig } from '../../server/config';
import { makeTestApp } from './support/app';
import { testDatabase } from './support/database';

/**
 * The list of sign-in and token paths the AWS web ACL rate-limits is the server's own: every route
 * of the token exchanges and the user pool's endpoint is on it, and each path on it is mounted.
 */
describe('the sign-in and token paths', () => {
  it('hold every route of the work-account token exchanges, and the user pool endpoint', () => {
    const exchanges = [...new Set(ssoRoutes().routes.map((route) => `/api${route.path}`))];
    expect(exchanges.length).toBeGreaterThan(0);
    for (const path of exchanges) expect(SIGN_IN_PATHS, path).toContain(path);
    expect(SIGN_IN_PATHS).toContain('/identity');
  });

  it('are each mounted by the server', async () => {
    const app = makeTestApp(await testDatabase(), { identity: new Hono().post('/', (c) => c.json({})) });
    const mounted = app.routes.map((route) => route.path);
    for (const path of SIGN_IN_PATHS) expect(mounted.some((route) => route === path || route.startsWith(`${path}/`)), path).toBe(true);
  });
});

describe('requests around the CDN', () => {
  const secret = 'a-long-random-origin-secret-0123456789';
  it('are refused when the CDN adds a secret: without it, or with another one', async () => {
    const app = makeTestApp(await testDatabase(), { originSecret: secret });
    expect((await app.request('/api/health')).status).toBe(403);
    expect((await app.request('/api/health', { headers: { [ORIGIN_HEADER]: `${secret}x` } })).status).toBe(403);
    const refused = await app.request('/identity', { method: 'POST', headers: { [ORIGIN_HEADER]: 'guess' } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('not_through_cdn');
    expect((await app.request('/api/health', { headers: { [ORIGIN_HEADER]: secret } })).status).toBe(200);
  });

  it('pass as before when no secret is set, and a short secret is refused at start', async () => {
    expect((await makeTestApp(await testDatabase()).request('/api/health')).status).toBe(200);
    expect(loadConfig({ CANNERY_ORIGIN_SECRET: secret }).originSecret).toBe(secret);
    expect(() => loadConfig({ CANNERY_ORIGIN_SECRET: 'short' })).toThrow(/CANNERY_ORIGIN_SECRET must be 32 to 512 printable characters/);
  });
});
