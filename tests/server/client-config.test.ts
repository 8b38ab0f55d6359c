import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { loadConfig } from '../../server/config';
import { clientConfig } from '../../src/api/contract/client-config';
import { makeTestApp } from './support/app';
import { testDatabase } from './support/database';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});

describe('GET /api/config', () => {
  it('publishes the configured number of Frequently Used blocks, and no endpoint for AWS Cognito', async () => {
    const app = makeTestApp(database, {
      clientConfig: { userPool: { poolId: 'us-east-1_abc', clientId: 'aws-client', endpoint: null }, sso: null, numMostFreqAutoResponses: 8, sessionIdleMinutes: 45 },
      allowedHosts: ['cannery.test'],
    });
    const body = await (await app.request('http://cannery.test/api/config')).json();
    expect(body.numMostFreqAutoResponses).toBe(8);
    expect(body.sessionIdleMinutes).toBe(45);
    expect(body.userPool).toEqual({ poolId: 'us-east-1_abc', clientId: 'aws-client' });
  });

  it("publishes how long the built-in pool pauses an account after wrong passwords, in the client's contract", async () => {
    const app = makeTestApp(database, {
      clientConfig: { userPool: { poolId: 'local_test', clientId: 'test-client', endpoint: '/identity' }, sso: null, signInLockoutMinutes: 15 },
      allowedHosts: ['cannery.test'],
    });
    const body: unknown = await (await app.request('http://cannery.test/api/config')).json();
    expect(clientConfig.parse(body).signInLockoutMinutes).toBe(15);
  });

  it('tells a client where to sign in, the API as a path and the pool absolute against the address it used, without signing in', async () => {
    const response = await makeTestApp(database, { allowedHosts: ['cannery.test:8787'] }).request('http://cannery.test:8787/api/config');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      apiBase: '/api',
      userPool: { poolId: 'local_test', clientId: 'test-client', endpoint: 'http://cannery.test:8787/identity' },
      sso: null,
      numMostFreqAutoResponses: 5,
      sessionIdleMinutes: 30,
      mail: 'sent',
    });
  });

  it('publishes what becomes of the mail the server queues, for the admin app to say when inviting', async () => {
    const app = makeTestApp(database, { clientConfig: { userPool: { poolId: 'local_test', clientId: 'test-client', endpoint: '/identity' }, sso: null, mail: 'off' } });
    const body: unknown = await (await app.request('http://localhost/api/config')).json();
    expect(clientConfig.parse(body).mail).toBe('off');
  });

  it('publishes the configured API base as it is, whatever address the client used', async () => {
    const app = makeTestApp(database, {
      clientConfig: { apiBase: 'https://cdn.cannery.test/api', userPool: { poolId: 'local_test', clientId: 'test-client', endpoint: '/identity' }, sso: null },
      allowedHosts: ['origin.cannery.test'],
    });
    const body: unknown = await (await app.request('http://origin.cannery.test/api/config')).json();
    expect(clientConfig.parse(body).apiBase).toBe('https://cdn.cannery.test/api');
  });
});

describe('the published settings from the environment', () => {
  it('reads the Frequently Used count and the session idle time, 5 and 30 when unset', () => {
    expect(loadConfig({})).toMatchObject({ numMostFreqAutoResponses: 5, sessionIdleMinutes: 30 });
    expect(loadConfig({ CANNERY_MOST_FREQUENT: '12', CANNERY_SESSION_IDLE_MINUTES: '90' })).toMatchObject({ numMostFreqAutoResponses: 12, sessionIdleMinutes: 90 });
  });

  it('refuses a value that is not a whole number in range, naming the variable', () => {
    for (const value of ['0', '-5', '1441', '2.5', 'thirty', '1e9', ' 30x']) {
      expect(() => loadConfig({ CANNERY_SESSION_IDLE_MINUTES: value })).toThrow(`CANNERY_SESSION_IDLE_MINUTES must be a whole number from 1 to 1440, got "${value}"`);
    }
    expect(() => loadConfig({ CANNERY_MOST_FREQUENT: '51' })).toThrow('CANNERY_MOST_FREQUENT must be a whole number from 1 to 50, got "51"');
  });

  it('listens on loopback unless CANNERY_HOST names another interface', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ CANNERY_HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});
