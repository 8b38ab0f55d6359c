/**
 * Secret settings on Lambda (server/entry/lambda-secrets.ts): read from Secrets Manager through the
 * Parameters and Secrets extension's local HTTP endpoint (played here by a server that answers as
 * the extension documents: GET /secretsmanager/get?secretId=…, the session token in a header).
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyLambdaSecrets, databaseUrlFrom, extensionSecretReader } from '../../server/entry/lambda-secrets';

const SECRETS: Record<string, string> = {
  'arn:aws:secretsmanager:eu-west-1:123456789012:secret:cannery/database-AbCdEf': JSON.stringify({
    engine: 'postgres',
    username: 'cannery',
    password: 'p@ss/w:rd?#1',
    host: 'cannery-db.cluster-abc.eu-west-1.rds.amazonaws.com',
    port: 5432,
    dbname: 'cannery',
  }),
  'arn:aws:secretsmanager:eu-west-1:123456789012:secret:cannery/pool-data-key-XyZ': 'k'.repeat(20) + 'Q7p2Vt9sLm4Rx8Zc3Nb6Hj1Gf5Dw0Ya',
  'arn:aws:secretsmanager:eu-west-1:123456789012:secret:cannery/sso-client-secret-Qq': 'entra-client-secret-value',
};

let extension: Server;
let port = 0;
const seenTokens: string[] = [];
beforeAll(async () => {
  extension = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    seenTokens.push(String(request.headers['x-aws-parameters-secrets-token'] ?? ''));
    const value = url.pathname === '/secretsmanager/get' ? SECRETS[url.searchParams.get('secretId') ?? ''] : undefined;
    response.writeHead(value === undefined ? 400 : 200, { 'Content-Type': 'application/json' });
    response.end(value === undefined ? '{"message":"not found"}' : JSON.stringify({ Name: 'x', SecretString: value }));
  });
  await new Promise<void>((done) => extension.listen(0, '127.0.0.1', done));
  const address = extension.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => new Promise<void>((done) => extension.close(() => done())));

const arn = (name: string) => Object.keys(SECRETS).find((key) => key.includes(name))!;

describe('secret settings on Lambda', () => {
  it('fills CANNERY_DATABASE_URL (the old name SSO_CLIENT_SECRET read as CANNERY_SSO_CLIENT_SECRET), the pool data key and mapped settings through the extension, with the session token', async () => {
    const env: NodeJS.ProcessEnv = {
      PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: String(port),
      AWS_SESSION_TOKEN: 'session-token-1',
      CANNERY_DATABASE_SECRET: arn('database'),
      CANNERY_POOL_DATA_KEY_SECRET: arn('pool-data-key'),
      CANNERY_SECRETS: JSON.stringify({ SSO_CLIENT_SECRET: arn('sso-client-secret') }),
    };
    await applyLambdaSecrets(env);
    const url = new URL(env.CANNERY_DATABASE_URL!);
    expect(url.hostname).toBe('cannery-db.cluster-abc.eu-west-1.rds.amazonaws.com');
    expect(decodeURIComponent(url.password)).toBe('p@ss/w:rd?#1');
    expect(url.searchParams.get('sslmode')).toBe('verify-full');
    expect(env.CANNERY_POOL_DATA_KEY).toBe(createHash('sha256').update(SECRETS[arn('pool-data-key')]!).digest('base64'));
    expect(Buffer.from(env.CANNERY_POOL_DATA_KEY!, 'base64')).toHaveLength(32);
    expect(env.CANNERY_SSO_CLIENT_SECRET).toBe('entra-client-secret-value');
    expect(new Set(seenTokens)).toEqual(new Set(['session-token-1']));
  });

  it('goes to an RDS Proxy when CANNERY_DATABASE_HOST names one, and leaves settings already given alone', async () => {
    expect(new URL(databaseUrlFrom(SECRETS[arn('database')]!, 'cannery-proxy.proxy-abc.eu-west-1.rds.amazonaws.com')).hostname).toBe('cannery-proxy.proxy-abc.eu-west-1.rds.amazonaws.com');
    const env: NodeJS.ProcessEnv = { PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: String(port), CANNERY_DATABASE_SECRET: arn('database'), DATABASE_URL: 'postgres://given@db/cannery' };
    await applyLambdaSecrets(env);
    expect(env.DATABASE_URL).toBe('postgres://given@db/cannery');
  });

  it('refuses what it cannot use with a message naming the setting, never the secret', async () => {
    const reader = extensionSecretReader({ PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: String(port) });
    await expect(applyLambdaSecrets({ CANNERY_SECRETS: '{nope' }, reader)).rejects.toThrow('CANNERY_SECRETS must be JSON');
    await expect(applyLambdaSecrets({ CANNERY_SECRETS: JSON.stringify({ NODE_OPTIONS: arn('sso') }) }, reader)).rejects.toThrow('"NODE_OPTIONS" is not one of them');
    await expect(applyLambdaSecrets({ CANNERY_DATABASE_SECRET: arn('sso-client-secret') }, reader)).rejects.toThrow('CANNERY_DATABASE_SECRET must name a secret holding JSON');
    await expect(applyLambdaSecrets({ CANNERY_SECRETS: JSON.stringify({ SMTP_URL: 'arn:missing' }) }, reader)).rejects.toThrow(
      'Secrets Manager did not give the secret arn:missing (HTTP 400 from the Parameters and Secrets extension)',
    );
    const failure = await applyLambdaSecrets({ CANNERY_DATABASE_SECRET: arn('sso-client-secret') }, reader).catch((error: Error) => error.message);
    expect(failure).not.toContain('entra-client-secret-value');
  });
});
