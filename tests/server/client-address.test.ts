/**
 * The client address behind reverse proxies (CANNERY_TRUSTED_PROXIES): forwarding headers count
 * only when the socket's peer is a trusted proxy, the right-most untrusted address is the client,
 * and the per-address limits, the user pool's caps and the loopback-only pages all use it.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import { createUserPool } from '../../server/identity';
import { limitKeyOf, parseTrustedProxies, type TrustedProxies } from '../../server/http/client-address';
import { makeTestApp } from './support/app';
import { resetDatabase, testDatabase } from './support/database';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
beforeEach(async () => {
  await resetDatabase(database);
});

const trusted = (value: string, header?: string): TrustedProxies => parseTrustedProxies(value, header);

/** The whole app with the user pool's routes (development outbox on), the SSO stand-in, and caps of one. */
function appBehind(trustedProxies: TrustedProxies | undefined) {
  const pool = createUserPool({
    db: database.db,
    poolId: 'local_proxies',
    clientId: 'proxies-client',
    issuerBase: 'http://localhost/identity',
    devOutbox: true,
    limits: { codeRequestsPerIp: 1 },
  });
  const app = makeTestApp(database, {
    identity: pool.routes,
    ssoStandIn: new Hono().get('/login', (c) => c.text('stand-in login')),
    ssoRateLimit: { limit: 1, windowMs: 60_000 },
    ...(trustedProxies ? { trustedProxies } : {}),
  });
  /** A request that arrives on a socket from `peer`, with these headers. */
  const from = (peer: string, path: string, init: RequestInit = {}) => app.request(path, init, { incoming: { socket: { remoteAddress: peer } } });
  return {
    app,
    /** Whether the SSO token exchange's per-address cap let the request through (429 when not). */
    async exchange(peer: string, headers: Record<string, string> = {}) {
      const response = await from(peer, '/api/refresh-tokens', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: '{}' });
      return response.status === 429 ? 'capped' : 'passed';
    },
    /** A request for a reset code: the pool's per-address cap answers LimitExceededException. */
    async resetCode(peer: string, headers: Record<string, string> = {}) {
      const response = await from(peer, '/identity', {
        method: 'POST',
        headers: { 'X-Amz-Target': 'AWSCognitoIdentityProviderService.ForgotPassword', 'Content-Type': 'application/x-amz-json-1.1', ...headers },
        body: JSON.stringify({ ClientId: 'proxies-client', Username: 'nobody@alder.test' }),
      });
      const body = (await response.json()) as { __type?: string };
      return body.__type === 'LimitExceededException' ? 'capped' : 'passed';
    },
    async outbox(peer: string, headers: Record<string, string> = {}) {
      return (await from(peer, '/identity/dev/outbox', { headers })).status;
    },
    async standIn(peer: string, headers: Record<string, string> = {}) {
      return (await from(peer, '/sso-stand-in/login', { headers })).status;
    },
  };
}

describe('the key per-address limits count by', () => {
  it('is an IPv4 address itself, and an IPv6 address its /64, however it is written', () => {
    expect(limitKeyOf('198.51.100.7')).toBe('198.51.100.7');
    expect(limitKeyOf('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(limitKeyOf('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(limitKeyOf('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(limitKeyOf('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(limitKeyOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(limitKeyOf('2001:db8:1:3::1')).not.toBe(limitKeyOf('2001:db8:1:2::1'));
    expect(limitKeyOf('unknown')).toBe('unknown');
  });
});

describe('without CANNERY_TRUSTED_PROXIES', () => {
  it('ignores X-Forwarded-For and Forwarded: a remote caller claiming to be this machine gets no development page', async () => {
    const app = appBehind(undefined);
    const forged: Array<Record<string, string>> = [{ 'X-Forwarded-For': '127.0.0.1' }, { Forwarded: 'for=127.0.0.1' }];
    for (const headers of forged) {
      expect(await app.outbox('198.51.100.7', headers)).toBe(404);
      expect(await app.standIn('198.51.100.7', headers)).toBe(404);
    }
    expect(await app.outbox('127.0.0.1')).toBe(200);
    expect(await app.standIn('::ffff:127.0.0.1')).toBe(200);
  });

  it('counts every caller behind one proxy as that proxy, whatever the headers say', async () => {
    const app = appBehind(undefined);
    expect(await app.exchange('10.0.0.5', { 'X-Forwarded-For': '203.0.113.1' })).toBe('passed');
    expect(await app.exchange('10.0.0.5', { 'X-Forwarded-For': '203.0.113.2' })).toBe('capped');
    expect(await app.resetCode('10.0.0.5', { 'X-Forwarded-For': '203.0.113.1' })).toBe('passed');
    expect(await app.resetCode('10.0.0.5', { 'X-Forwarded-For': '203.0.113.2' })).toBe('capped');
  });
});

describe('with trusted proxies', () => {
  it('gives each caller behind the proxy a cap of their own, in the API and in the user pool', async () => {
    const app = appBehind(trusted('10.0.0.0/8'));
    expect(await app.exchange('10.0.0.5', { 'X-Forwarded-For': '203.0.113.1' })).toBe('passed');
    expect(await app.exchange('10.0.0.5', { 'X-Forwarded-For': '203.0.113.2' })).toBe('passed');
    expect(await app.exchange('10.0.0.6', { 'X-Forwarded-For': '203.0.113.1' })).toBe('capped');
    expect(await app.resetCode('10.0.0.5', { 'X-Forwarded-For': '203.0.113.1' })).toBe('passed');
    expect(await app.resetCode('10.0.0.5', { 'X-Forwarded-For': '203.0.113.2' })).toBe('passed');
    expect(await app.resetCode('10.0.0.6', { 'X-Forwarded-For': '203.0.113.2' })).toBe('capped');
  });

  it('takes the right-most untrusted address: what a client forges to the left of it changes nothing', async () => {
    const app = appBehind(trusted('10.0.0.0/8'));
    // The client at 203.0.113.9 writes its own X-Forwarded-For; two proxies append what they saw.
    expect(await app.exchange('10.0.0.2', { 'X-Forwarded-For': '198.51.100.1, 203.0.113.9, 10.0.0.7' })).toBe('passed');
    expect(await app.exchange('10.0.0.2', { 'X-Forwarded-For': '198.51.100.2, 203.0.113.9, 10.0.0.7' })).toBe('capped');
    expect(await app.exchange('10.0.0.2', { 'X-Forwarded-For': '10.0.0.1, 203.0.113.9, 10.0.0.7' })).toBe('capped');
  });

  it('does not believe the headers of a peer that is not a trusted proxy', async () => {
    const app = appBehind(trusted('10.0.0.0/8'));
    expect(await app.exchange('198.51.100.50', { 'X-Forwarded-For': '203.0.113.1' })).toBe('passed');
    expect(await app.exchange('198.51.100.50', { 'X-Forwarded-For': '203.0.113.2' })).toBe('capped');
    expect(await app.outbox('198.51.100.50', { 'X-Forwarded-For': '127.0.0.1' })).toBe(404);
  });

  it('serves the development pages to this machine only, never to a caller a proxy on this machine forwards', async () => {
    const app = appBehind(trusted('127.0.0.1'));
    expect(await app.outbox('127.0.0.1', { 'X-Forwarded-For': '203.0.113.9' })).toBe(404);
    expect(await app.standIn('127.0.0.1', { 'X-Forwarded-For': '203.0.113.9' })).toBe(404);
    // The forged loopback address is left of the one the proxy appended.
    expect(await app.outbox('127.0.0.1', { 'X-Forwarded-For': '127.0.0.1, 203.0.113.9' })).toBe(404);
    expect(await app.outbox('127.0.0.1')).toBe(200);
    expect(await app.standIn('127.0.0.1')).toBe(200);
  });

  it('does not take a loopback address a proxy on another machine reports as this machine', async () => {
    const app = appBehind(trusted('10.0.0.5'));
    expect(await app.outbox('10.0.0.5', { 'X-Forwarded-For': '127.0.0.1' })).toBe(404);
  });

  it('reads Forwarded instead, when told to, and then ignores X-Forwarded-For', async () => {
    const app = appBehind(trusted('10.0.0.5', 'forwarded'));
    expect(await app.exchange('10.0.0.5', { Forwarded: 'for=198.51.100.1;proto=https, for="[2001:db8:cafe::17]:4711"' })).toBe('passed');
    expect(await app.exchange('10.0.0.5', { Forwarded: 'for=198.51.100.2, for="[2001:db8:cafe::17]:4711"' })).toBe('capped');
    expect(await app.exchange('10.0.0.5', { Forwarded: 'for=203.0.113.3', 'X-Forwarded-For': '2001:db8:cafe::17' })).toBe('passed');
    expect(await app.exchange('10.0.0.5', { Forwarded: 'for=203.0.113.3', 'X-Forwarded-For': '203.0.113.4' })).toBe('capped');
  });

  it('with a hop count, the address that many hops from the right is the client', async () => {
    const app = appBehind(trusted('1'));
    expect(await app.exchange('192.0.2.1', { 'X-Forwarded-For': '198.51.100.1, 203.0.113.9' })).toBe('passed');
    expect(await app.exchange('192.0.2.2', { 'X-Forwarded-For': '198.51.100.2, 203.0.113.9' })).toBe('capped');
    expect(await app.exchange('192.0.2.1', { 'X-Forwarded-For': '203.0.113.10' })).toBe('passed');
  });

  it('treats an entry that is no address as an unknown client, never as the proxy or this machine', async () => {
    const app = appBehind(trusted('127.0.0.1'));
    expect(await app.outbox('127.0.0.1', { 'X-Forwarded-For': 'localhost' })).toBe(404);
    expect(await app.outbox('127.0.0.1', { 'X-Forwarded-For': '_hidden, unknown' })).toBe(404);
  });
});

describe('over a real socket', () => {
  it('reads the peer from the connection, and the header only from a trusted peer', async () => {
    for (const [trust, forwardedOutbox] of [
      [undefined, 200],
      [trusted('127.0.0.1'), 404],
    ] as const) {
      const { app } = appBehind(trust);
      const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
      await once(server, 'listening');
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      try {
        expect((await fetch(`${base}/identity/dev/outbox`)).status).toBe(200);
        // Without the setting the header is ignored: the caller is this machine, as the socket says.
        expect((await fetch(`${base}/identity/dev/outbox`, { headers: { 'X-Forwarded-For': '203.0.113.9' } })).status).toBe(forwardedOutbox);
      } finally {
        await new Promise((done) => server.close(done));
      }
    }
  });
});

describe('the settings', () => {
  it('reads addresses and subnets, a hop count, and the header', () => {
    expect(loadConfig({}).trustedProxies).toEqual({ kind: 'none' });
    expect(loadConfig({ CANNERY_TRUSTED_PROXIES: '10.0.0.0/8, 192.0.2.7,fd00::/8' }).trustedProxies).toEqual({
      kind: 'list',
      entries: ['10.0.0.0/8', '192.0.2.7', 'fd00::/8'],
      header: 'x-forwarded-for',
    });
    expect(loadConfig({ CANNERY_TRUSTED_PROXIES: '2', CANNERY_PROXY_HEADER: 'Forwarded' }).trustedProxies).toEqual({ kind: 'hops', hops: 2, header: 'forwarded' });
  });

  it.each([
    ['10.0.0.0/33', undefined, '"10.0.0.0/33" is not one'],
    ['proxy.example.org', undefined, '"proxy.example.org" is not one'],
    ['0', undefined, 'hop count must be from 1 to 10'],
    ['11', undefined, 'hop count must be from 1 to 10'],
    ['10.0.0.1', 'x-real-ip', 'CANNERY_PROXY_HEADER must be "x-forwarded-for" or "forwarded"'],
    ['', 'forwarded', 'CANNERY_PROXY_HEADER only applies with CANNERY_TRUSTED_PROXIES'],
  ])('refuses CANNERY_TRUSTED_PROXIES=%j with CANNERY_PROXY_HEADER=%j', (proxies, header, message) => {
    const env: NodeJS.ProcessEnv = { CANNERY_TRUSTED_PROXIES: proxies };
    if (header !== undefined) env.CANNERY_PROXY_HEADER = header;
    expect(() => loadConfig(env)).toThrow(message);
  });
});
