import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../server/db/database';
import { loadIdentityConfig } from '../../../server/identity/config';
import { createIdentityProvisioner, loadProvisioningConfig, regionOfPoolId } from '../../../server/identity/provisioners';
import { SignatureV4 } from '@smithy/signature-v4';
import { loadConfig } from '../../../server/config';
import { NodeSha256 } from '../../../server/identity/sigv4';
import { createLogger } from '../../../server/logger';
import { openUserPool } from '../../../server/pool-setup';
import { StartupRefusal } from '../../../server/production';
import { startServer } from '../../../server/entry/start-node';
import { resetDatabase, testDatabase } from '../support/database';
import { ADMIN_CREDENTIALS, POOL_ID, servePool, type ServedPool } from './support';

/** The settings of provisioning (docs/configuration.md, .env.example) and the factory that reads them. */
describe('CANNERY_POOL_ADMIN_ACCESS_KEY_ID and CANNERY_POOL_ADMIN_SECRET_ACCESS_KEY', () => {
  const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

  it('unset: no credentials, every Admin operation refused', () => {
    expect(loadIdentityConfig({}).adminCredentials).toBeUndefined();
  });

  it('read together', () => {
    expect(loadIdentityConfig({ CANNERY_POOL_ADMIN_ACCESS_KEY_ID: 'AKIACANNERYPOOLADMIN', CANNERY_POOL_ADMIN_SECRET_ACCESS_KEY: SECRET }).adminCredentials).toEqual({
      accessKeyId: 'AKIACANNERYPOOLADMIN',
      secretAccessKey: SECRET,
    });
  });

  it('refuse one without the other, a key id not in AWS form and a short or spaced secret, never quoting the secret', () => {
    expect(() => loadIdentityConfig({ CANNERY_POOL_ADMIN_ACCESS_KEY_ID: 'AKIACANNERYPOOLADMIN' })).toThrow('go together');
    expect(() => loadIdentityConfig({ CANNERY_POOL_ADMIN_SECRET_ACCESS_KEY: SECRET })).toThrow('go together');
    for (const id of ['akiacannerypooladmin', 'AKIA', 'AKIA CANNERY POOL ADMIN', `AKIA${'X'.repeat(200)}`, 'AKIACANNERY\u0000POOLADMIN']) {
      expect(() => loadIdentityConfig({ CANNERY_POOL_ADMIN_ACCESS_KEY_ID: id, CANNERY_POOL_ADMIN_SECRET_ACCESS_KEY: SECRET })).toThrow(
        'CANNERY_POOL_ADMIN_ACCESS_KEY_ID must be 16 to 128 upper-case letters and digits',
      );
    }
    for (const secret of ['short-secret', 'a secret with spaces in it that is long enough', `x${'\u0007'.repeat(40)}`, 'é'.repeat(40)]) {
      let message = '';
      try {
        loadIdentityConfig({ CANNERY_POOL_ADMIN_ACCESS_KEY_ID: 'AKIACANNERYPOOLADMIN', CANNERY_POOL_ADMIN_SECRET_ACCESS_KEY: secret });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain('CANNERY_POOL_ADMIN_SECRET_ACCESS_KEY must be 32 to 256 printable characters');
      expect(message).not.toContain(secret);
    }
  });
});

describe('CANNERY_COGNITO_USER_POOL_ID and CANNERY_COGNITO_ENDPOINT', () => {
  it('the Node server provisions in its own pool and refuses a Cognito pool named besides', () => {
    expect(loadProvisioningConfig({}, true)).toEqual({ kind: 'built-in' });
    expect(() => loadProvisioningConfig({ CANNERY_COGNITO_USER_POOL_ID: 'eu-west-1_AbCdEf123' }, true)).toThrow('this server runs its own user pool');
    expect(() => loadProvisioningConfig({ CANNERY_COGNITO_ENDPOINT: 'https://cognito.example.org' }, true)).toThrow('this server runs its own user pool');
  });

  it('Lambda: the Cognito pool, its region from its id, with another endpoint or none; nothing without a pool', () => {
    expect(loadProvisioningConfig({ CANNERY_COGNITO_USER_POOL_ID: 'eu-west-1_AbCdEf123' }, false)).toEqual({
      kind: 'cognito',
      userPoolId: 'eu-west-1_AbCdEf123',
      region: 'eu-west-1',
      endpoint: undefined,
    });
    expect(loadProvisioningConfig({ CANNERY_COGNITO_USER_POOL_ID: 'us-gov-west-1_Xyz', CANNERY_COGNITO_ENDPOINT: 'https://vpce.example.org/' }, false)).toMatchObject({
      region: 'us-gov-west-1',
      endpoint: 'https://vpce.example.org',
    });
    expect(loadProvisioningConfig({}, false)).toEqual({ kind: 'none' });
  });

  it('refuses what is not a pool id or an http(s) URL, with a message naming the setting', () => {
    for (const id of ['AbCdEf123', 'eu-west-1_', 'eu-west-1_Ab/Cd', 'EU_WEST_Ab', `eu-west-1_${'a'.repeat(60)}`, 'eu-west-1_Ab\u0000']) {
      expect(() => loadProvisioningConfig({ CANNERY_COGNITO_USER_POOL_ID: id }, false)).toThrow('CANNERY_COGNITO_USER_POOL_ID must be a Cognito user pool id');
    }
    for (const url of ['cognito.example.org', 'ftp://cognito.example.org', 'https://user:pass@cognito.example.org', 'https://cognito.example.org/?x=1']) {
      expect(() => loadProvisioningConfig({ CANNERY_COGNITO_USER_POOL_ID: 'eu-west-1_Ab', CANNERY_COGNITO_ENDPOINT: url }, false)).toThrow('CANNERY_COGNITO_ENDPOINT must be an http(s) URL');
    }
    expect(() => loadProvisioningConfig({ CANNERY_COGNITO_ENDPOINT: 'https://cognito.example.org' }, false)).toThrow('needs CANNERY_COGNITO_USER_POOL_ID');
    expect(regionOfPoolId('local_cannery')).toBe('local');
  });

  it('the Node server does not start with a Cognito pool named, and says why', async () => {
    vi.stubEnv('CANNERY_COGNITO_USER_POOL_ID', 'eu-west-1_AbCdEf123');
    try {
      const error = await startServer().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(StartupRefusal);
      expect((error as Error).message).toContain('CANNERY_COGNITO_USER_POOL_ID');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('createIdentityProvisioner', () => {
  let database: Database;
  let served: ServedPool;
  beforeAll(async () => {
    database = await testDatabase();
    served = await servePool(database, { adminCredentials: ADMIN_CREDENTIALS });
  });
  afterAll(() => served.close());
  afterEach(() => vi.unstubAllEnvs());

  it('picks the built-in pool where the server runs it, nothing on Lambda without a pool', async () => {
    expect(await createIdentityProvisioner({ kind: 'built-in' }, served.pool.provisioner)).toBe(served.pool.provisioner);
    expect(await createIdentityProvisioner({ kind: 'none' })).toBeUndefined();
  });

  it("picks Cognito through the AWS SDK with the SDK's own credentials (here AWS_ACCESS_KEY_ID), reaching the pool at the endpoint", async () => {
    await resetDatabase(database);
    vi.stubEnv('AWS_ACCESS_KEY_ID', ADMIN_CREDENTIALS.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', ADMIN_CREDENTIALS.secretAccessKey);
    const config = loadProvisioningConfig({ CANNERY_COGNITO_USER_POOL_ID: POOL_ID, CANNERY_COGNITO_ENDPOINT: served.endpoint }, false);
    const provisioner = await createIdentityProvisioner(config);
    expect(provisioner?.kind).toBe('cognito');
    const created = await provisioner!.createUser({ email: 'new@alder.test', temporaryPassword: 'Temporary-Pass-19' });
    expect(await served.pool.provisioner.getUser('new@alder.test')).toEqual(created);
  });
});

describe("the server's pool", () => {
  afterEach(() => vi.unstubAllEnvs());

  it('takes the Admin operations credentials from the settings', async () => {
    const database = await testDatabase();
    vi.stubEnv('CANNERY_POOL_ADMIN_ACCESS_KEY_ID', ADMIN_CREDENTIALS.accessKeyId);
    vi.stubEnv('CANNERY_POOL_ADMIN_SECRET_ACCESS_KEY', ADMIN_CREDENTIALS.secretAccessKey);
    const pool = openUserPool(database.db, loadConfig({}), createLogger('silent'));
    const body = JSON.stringify({ UserPoolId: pool.poolId, Username: 'nobody@alder.test' });
    const headers = { host: 'localhost', 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.AdminGetUser' };
    const signer = new SignatureV4({ service: 'cognito-idp', region: pool.poolId.split('_')[0]!, credentials: ADMIN_CREDENTIALS, sha256: NodeSha256 });
    const signed = await signer.sign({ method: 'POST', protocol: 'http:', hostname: 'localhost', path: '/', query: {}, headers, body });
    const response = await pool.routes.request('http://localhost/', { method: 'POST', headers: signed.headers, body });
    // Past the signature: the pool looked the user up.
    expect(((await response.json()) as { __type: string }).__type).toBe('UserNotFoundException');
  });
});
