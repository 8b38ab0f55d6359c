import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../server/app';
import { createUserPool } from '../../server/identity';
import { isLoopbackAddress } from '../../server/http/loopback';
import { makeTestApp } from './support/app';
import { resetDatabase, testDatabase } from './support/database';

/**
 * Refusals that come before a body is read, on a real keep-alive connection: the client's next
 * request must get its answer, on the same socket or, after `Connection: close`, on a new one.
 */
let server: ServerType;
let port: number;

beforeAll(async () => {
  const database = await testDatabase();
  await resetDatabase(database);
  const pool = createUserPool({ db: database.db, poolId: 'local_connections', clientId: 'test-client', issuerBase: 'http://127.0.0.1/identity' });
  const app = makeTestApp(database, { identity: pool.routes });
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

interface Answer {
  status: number;
  connection: string | undefined;
  socket: number;
}

/** One request through `agent`; `socket` tells connections apart (the client's local port). */
function send(agent: http.Agent, method: string, path: string, body?: Buffer, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: { ...headers, ...(body ? { 'Content-Type': 'application/json', 'Content-Length': String(body.length) } : {}) },
      },
      (response) => {
        const socket = response.socket.localPort ?? 0;
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, socket }));
      },
    );
    request.setTimeout(5_000, () => request.destroy(new Error(`${method} ${path}: no answer within 5 s`)));
    request.on('error', reject);
    request.end(body);
  });
}

const keepAlive = () => new http.Agent({ keepAlive: true, maxSockets: 1 });
const health = (agent: http.Agent) => send(agent, 'GET', '/api/health');

describe('connections after early refusals', () => {
  it('answers the next request on the same agent after a 413', async () => {
    const agent = keepAlive();
    const refused = await send(agent, 'POST', '/api/classify', Buffer.alloc(MAX_BODY_BYTES + 1024, 'a'));
    expect(refused.status).toBe(413);
    expect(refused.connection).toBe('close');
    expect((await health(agent)).status).toBe(200);
    agent.destroy();
  });

  it('answers the next request after a 401 that never read the body', async () => {
    const agent = keepAlive();
    const refused = await send(agent, 'POST', '/api/classify', Buffer.from(JSON.stringify({ text: 'x'.repeat(100_000) })));
    expect(refused.status).toBe(401);
    expect((await health(agent)).status).toBe(200);
    agent.destroy();
  });

  it('answers the next identity request after the user pool refuses a large body', async () => {
    const agent = keepAlive();
    const target = { 'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth' };
    const refused = await send(agent, 'POST', '/identity', Buffer.alloc(200 * 1024, 'a'), target);
    expect(refused.status).toBe(400);
    const next = await send(agent, 'POST', '/identity', Buffer.from('{}'), target);
    expect(next.status).toBe(400);
    agent.destroy();
  });

  it('keeps the connection open when the body was read, so keep-alive still saves a handshake', async () => {
    const agent = keepAlive();
    const first = await send(agent, 'POST', '/identity', Buffer.from('{}'), { 'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth' });
    const second = await health(agent);
    expect(first.connection).not.toBe('close');
    expect(second.socket).toBe(first.socket);
    agent.destroy();
  });
});

describe('development pages', () => {
  it('answer this machine only, whatever interface the server listens on', async () => {
    const database = await testDatabase();
    const app = makeTestApp(database, { ssoStandIn: new Hono().get('/login', (c) => c.text('stand-in login')) });
    const from = (remoteAddress: string) => app.request('/sso-stand-in/login', {}, { incoming: { socket: { remoteAddress } } });
    expect(await (await from('127.0.0.1')).text()).toBe('stand-in login');
    expect((await from('::1')).status).toBe(200);
    const remote = await from('192.168.1.20');
    expect(remote.status).toBe(404);
    expect(await remote.text()).not.toContain('stand-in');
  });
});

describe('loopback addresses', () => {
  it.each(['127.0.0.1', '127.10.0.3', '::1', '::ffff:127.0.0.1'])('%s is this machine', (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });
  it.each(['10.0.0.1', '::ffff:10.0.0.1', '1127.0.0.1', '::2', 'unknown', ''])('%s is not', (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });
});
