import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { makeTestApp } from './support/app';
import { testDatabase } from './support/database';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});

describe('GET /api/config', () => {
  it('publishes the configured number of Frequently Used blocks, and no endpoint for AWS Cognito', async () => {
    const app = makeTestApp(database, {
      clientConfig: { userPool: { poolId: 'us-east-1_abc', clientId: 'aws-client', endpoint: null }, sso: null, numMostFreqAutoResponses: 8 },
    });
    const body = await (await app.request('http://cannery.test/api/config')).json();
    expect(body.numMostFreqAutoResponses).toBe(8);
    expect(body.userPool).toEqual({ poolId: 'us-east-1_abc', clientId: 'aws-client' });
  });

  it('tells a client where to sign in, absolute against the address it used, without signing in', async () => {
    const response = await makeTestApp(database).request('http://cannery.test:8787/api/config');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      apiBase: 'http://cannery.test:8787/api',
      userPool: { poolId: 'local_test', clientId: 'test-client', endpoint: 'http://cannery.test:8787/identity' },
      sso: null,
      numMostFreqAutoResponses: 5,
    });
  });
});
