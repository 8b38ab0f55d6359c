/**
 * The AWS Lambda bundle as a deployment runs it: `npm run build:lambda` writes the handlers and
 * their migrations to a folder, and the handlers are imported from there by plain Node (no tsx,
 * no node_modules), in production mode, on a real, empty PostgreSQL (TEST_DATABASE_URL). The
 * deploy's migration handler runs first; then API Gateway (HTTP API, payload 2.0) events go to the
 * API handler, as CloudFront forwards them: health names PostgreSQL, the client configuration has
 * a relative `apiBase`, a request without a token gets 401, a compressed answer comes back as a
 * base64-encoded gzip body, and a Cognito-shaped ID token, whose keys the handler fetches from
 * a key-set URL as it would from Cognito, opens Cannery for the user linked to its sub. The API
 * handler reads its database URL from Secrets Manager through the Parameters and Secrets
 * extension's local endpoint (a local server answers for it here, as for Cognito's key set).
 * Without TEST_DATABASE_URL the PostgreSQL part is skipped (CI runs it).
 */
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORDNET_FILES } from '../../server/words/wordnet';
import { childEnvironment, runToEnd, REPO_ROOT, scratchDatabases, withClient } from './support/processes';

const baseUrl = process.env.TEST_DATABASE_URL;
const databases = baseUrl ? scratchDatabases(baseUrl, 'cannery_lambda') : undefined;
const out = mkdtempSync(join(tmpdir(), 'cannery-lambda-'));

const REGION = 'eu-west-1';
const POOL_ID = 'eu-west-1_Cann3ryPool';
const CLIENT_ID = '4example0client0id0cannery';
const ISSUER = `https://cognito-idp.${REGION}.amazonaws.com/${POOL_ID}`;
const CANNERY_PUBLIC_ORIGIN = 'https://d111111abcdef8.cloudfront.net';
const API_GATEWAY_HOST = 'a1b2c3d4e5.execute-api.eu-west-1.amazonaws.com';

interface LambdaResult {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  isBase64Encoded: boolean;
}

/** An HTTP API (payload 2.0) event, as API Gateway hands CloudFront's request to the function. */
function httpApiEvent(method: string, path: string, headers: Record<string, string> = {}): unknown {
  const now = Date.now();
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: '',
    headers: { host: API_GATEWAY_HOST, 'user-agent': 'Amazon CloudFront', 'x-forwarded-for': '198.51.100.20, 130.176.1.1', ...headers },
    requestContext: {
      accountId: '123456789012',
      apiId: 'a1b2c3d4e5',
      domainName: API_GATEWAY_HOST,
      domainPrefix: 'a1b2c3d4e5',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '130.176.1.1', userAgent: 'Amazon CloudFront' },
      requestId: `req-${now}`,
      routeKey: '$default',
      stage: '$default',
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    isBase64Encoded: false,
  };
}

/**
 * Imports `<handler>.mjs` from the bundle in a fresh Node process with `env` only, calls it with
 * each event in turn, and returns what it answered (written to a file: the handler logs on stdout).
 */
async function invoke(handler: 'api' | 'migrate' | 'admin', env: Record<string, string>, events: unknown[]): Promise<unknown[]> {
  const eventsFile = join(out, `events-${Date.now()}.json`);
  const resultsFile = `${eventsFile}.results`;
  writeFileSync(eventsFile, JSON.stringify(events));
  const runner = [
    `const { handler } = await import(${JSON.stringify(`./${handler}.mjs`)});`,
    `const events = JSON.parse(readFileSync(${JSON.stringify(eventsFile)}, 'utf8'));`,
    'const results = [];',
    "for (const event of events) results.push(await handler(event, { getRemainingTimeInMillis: () => 30000, functionName: 'cannery-smoke' }));",
    `writeFileSync(${JSON.stringify(resultsFile)}, JSON.stringify(results));`,
    // Lambda freezes the instance here; idle database connections would keep a plain process up for seconds.
    'process.exit(0);',
  ].join('\n');
  writeFileSync(join(out, 'runner.mjs'), `import { readFileSync, writeFileSync } from 'node:fs';\n${runner}\n`);
  const run = await runToEnd(['node', join(out, 'runner.mjs')], childEnvironment({ ...env, AWS_REGION: REGION }));
  expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
  return JSON.parse(readFileSync(resultsFile, 'utf8')) as unknown[];
}

describe('npm run build:lambda', () => {
  beforeAll(async () => {
    const build = await runToEnd(['node', '--import', 'tsx', 'scripts/build-lambda.ts', '--out', out], childEnvironment({}));
    expect(build.code, build.stderr).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await databases?.dropAll();
    rmSync(out, { recursive: true, force: true });
  });

  it('writes the four handlers and every migration into one folder that needs no node_modules', () => {
    for (const name of ['api.mjs', 'mail.mjs', 'migrate.mjs', 'admin.mjs']) expect(existsSync(join(out, name)), name).toBe(true);
    expect(readdirSync(join(out, 'migrations')).filter((file) => file.endsWith('.sql'))).toEqual(
      readdirSync(join(REPO_ROOT, 'server', 'db', 'migrations')).filter((file) => file.endsWith('.sql')),
    );
    expect(existsSync(join(out, 'node_modules'))).toBe(false);
    // WordNet's files, which recommendation hints read beside the bundle.
    expect(readdirSync(join(out, 'wordnet')).sort()).toEqual([...WORDNET_FILES].sort());
    // Everything is bundled: the only imports left are Node's own modules.
    const api = readFileSync(join(out, 'api.mjs'), 'utf8');
    const imported = [...api.matchAll(/^import .* from ["']([^"']+)["'];?$/gm)].map((match) => match[1]!);
    expect(imported.filter((name) => !name.startsWith('node:') && !/^[a-z_]+$/.test(name))).toEqual([]);
  });

  describe.skipIf(!baseUrl)('on PostgreSQL, fed API Gateway events', () => {
    /** Cognito's key set and the Parameters and Secrets extension, both on one local server. */
    let keySet: Server;
    let keySetUrl = '';
    let databaseUrl = '';
    const DATABASE_URL_SECRET = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:cannery/database-url-AbCdEf';
    let sign: (sub: string) => Promise<string>;
    let env: Record<string, string>;

    beforeAll(async () => {
      const { privateKey, publicKey } = await generateKeyPair('RS256');
      const jwk = { ...(await exportJWK(publicKey)), kid: 'cognito-key-1', alg: 'RS256', use: 'sig' };
      keySet = createServer((request, response) => {
        const url = new URL(request.url ?? '/', 'http://localhost');
        if (url.pathname === '/secretsmanager/get' && url.searchParams.get('secretId') === DATABASE_URL_SECRET && request.headers['x-aws-parameters-secrets-token'] === 'session-token') {
          response.writeHead(200, { 'Content-Type': 'application/json' });
          response.end(JSON.stringify({ SecretString: databaseUrl }));
          return;
        }
        response.writeHead(url.pathname === '/.well-known/jwks.json' ? 200 : 404, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ keys: [jwk] }));
      });
      await new Promise<void>((done) => keySet.listen(0, '127.0.0.1', done));
      const address = keySet.address();
      keySetUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/.well-known/jwks.json`;
      sign = (sub) => {
        const now = Math.floor(Date.now() / 1000);
        return new SignJWT({ token_use: 'id', email: 'dana@alder.test', 'cognito:username': sub })
          .setProtectedHeader({ alg: 'RS256', kid: 'cognito-key-1' })
          .setIssuer(ISSUER)
          .setAudience(CLIENT_ID)
          .setSubject(sub)
          .setIssuedAt(now)
          .setExpirationTime(now + 3600)
          .sign(privateKey);
      };
      databaseUrl = await databases!.create();
      env = {
        CANNERY_MODE: 'production',
        CANNERY_SECRETS: JSON.stringify({ CANNERY_DATABASE_URL: DATABASE_URL_SECRET }),
        PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: new URL(keySetUrl).port,
        AWS_SESSION_TOKEN: 'session-token',
        CANNERY_PUBLIC_ORIGIN,
        CANNERY_POOL_ID: POOL_ID,
        CANNERY_POOL_CLIENT_ID: CLIENT_ID,
        CANNERY_TRUSTED_ISSUERS: JSON.stringify([{ kind: 'cognito', issuer: ISSUER, audience: [CLIENT_ID], jwks: keySetUrl }]),
        CANNERY_TRUSTED_PROXIES: '1',
        CANNERY_LOG_LEVEL: 'warn',
      };
    });
    afterAll(() => new Promise<void>((done) => (keySet ? keySet.close(() => done()) : done())));

    it('the deploy\'s migration handler migrates the empty database and says which engine', { timeout: 60_000 }, async () => {
      expect(await invoke('migrate', env, [{}, {}])).toEqual([{ migrated: 'postgres' }, { migrated: 'postgres' }]);
      const tables = await withClient(databaseUrl, (client) => client.query<{ count: string }>("select count(*) from pg_tables where schemaname = 'public'"));
      expect(Number(tables.rows[0]!.count)).toBeGreaterThan(10);
    });

    it('answers health, config, 401, a gzip body in base64, and a linked Cognito user', { timeout: 60_000 }, async () => {
      const sub = '3f1c2a9e-8b7d-4c6e-9a01-2b3c4d5e6f70';
      await withClient(databaseUrl, async (client) => {
        await client.query("insert into accounts (id, name) values ('65a000000000000000000001', 'Alder County Clerk')");
        await client.query(
          "insert into users (id, email, account_id, teams, admin_teams, cognito_sub, cognito_issuer) values ('65a000000000000000000002', 'dana@alder.test', '65a000000000000000000001', '{}', '{}', $1, $2)",
          [sub, ISSUER],
        );
      });
      const [health, config, anonymous, openapi, userInfo, stranger] = (await invoke('api', env, [
        httpApiEvent('GET', '/api/health'),
        httpApiEvent('GET', '/api/config'),
        httpApiEvent('GET', '/api/user-info'),
        httpApiEvent('GET', '/api/openapi.json', { 'accept-encoding': 'gzip, deflate, br' }),
        httpApiEvent('GET', '/api/user-info', { authorization: `Bearer ${await sign(sub)}` }),
        httpApiEvent('GET', '/api/user-info', { authorization: `Bearer ${await sign('0b0b0b0b-0000-4000-8000-000000000000')}` }),
      ])) as LambdaResult[];

      expect(health!.statusCode).toBe(200);
      expect(JSON.parse(health!.body)).toEqual({ ok: true, database: 'postgres', checks: { database: true, migrations: true, stopping: false } });

      expect(config!.statusCode).toBe(200);
      // Relative: the task pane reaches the API through the CDN's own origin.
      expect(JSON.parse(config!.body)).toMatchObject({ apiBase: '/api', userPool: { poolId: POOL_ID, clientId: CLIENT_ID } });
      expect(JSON.parse(config!.body).userPool.endpoint).toBeUndefined();

      expect(anonymous!.statusCode).toBe(401);
      expect(JSON.parse(anonymous!.body).error.code).toBe('unauthenticated');

      expect(openapi!.statusCode).toBe(200);
      expect(openapi!.headers['content-encoding']).toBe('gzip');
      expect(openapi!.isBase64Encoded).toBe(true);
      const document = JSON.parse(gunzipSync(Buffer.from(openapi!.body, 'base64')).toString('utf8')) as { openapi: string; paths: object };
      expect(document.openapi).toMatch(/^3\./);
      expect(Object.keys(document.paths).length).toBeGreaterThan(10);

      expect(userInfo!.statusCode, userInfo!.body).toBe(200);
      expect(JSON.parse(userInfo!.body).user).toMatchObject({ email: 'dana@alder.test', cognitoAuth: { sub } });
      expect(stranger!.statusCode).toBe(404);
    });

    it('serves recommendation hints with related words from WordNet, read from the folder beside the bundle', { timeout: 60_000 }, async () => {
      const sub = '5c5c5c5c-2222-4333-8444-555555555555';
      await withClient(databaseUrl, async (client) => {
        await client.query("insert into teams (id, account_id, name) values ('65a000000000000000000011', '65a000000000000000000001', 'Recorder')");
        await client.query(
          "insert into blocks (id, account_id, team_id, name, body, supported_contexts) values ('65a000000000000000000012', '65a000000000000000000001', '65a000000000000000000011', 'Marriage license', '<p>Apply for a marriage license.</p>', '{outlook}')",
        );
        await client.query(
          "insert into users (id, email, account_id, teams, admin_teams, cognito_sub, cognito_issuer) values ('65a000000000000000000013', 'rae@alder.test', '65a000000000000000000001', '{65a000000000000000000011}', '{}', $1, $2)",
          [sub, ISSUER],
        );
      });
      const [hints] = (await invoke('api', env, [httpApiEvent('GET', '/api/accounts/65a000000000000000000001/meaning', { authorization: `Bearer ${await sign(sub)}` })])) as LambdaResult[];
      expect(hints!.statusCode, hints!.body).toBe(200);
      const body = hints!.isBase64Encoded ? gunzipSync(Buffer.from(hints!.body, 'base64')).toString('utf8') : hints!.body;
      expect((JSON.parse(body) as { related: Record<string, Array<[string, number]>> }).related.wed).toContainEqual(['marriag', 0.5]);
    });

    it('the admin handler runs the admin CLI: `link` opens Cannery to a Cognito user, bad events are refused', { timeout: 60_000 }, async () => {
      const sub = '7a7a7a7a-1111-4222-8333-444444444444';
      await withClient(databaseUrl, (client) =>
        client.query("insert into users (id, email, account_id, teams, admin_teams) values ('65a000000000000000000003', 'sam@alder.test', '65a000000000000000000001', '{}', '{}')"),
      );
      const answers = await invoke('admin', env, [{ argv: ['link', '--email', 'sam@alder.test', '--sub', sub] }, { argv: 'link' }, {}]);
      expect(answers).toEqual([
        { code: 0, output: [`Linked Cannery user 65a000000000000000000003 to the sub ${sub} of ${ISSUER}.`] },
        { code: 2, output: ['The event must be {"argv": ["<command>", "<argument>", …]}, the arguments `npm run cannery -- users …` takes.'] },
        { code: 2, output: ['The event must be {"argv": ["<command>", "<argument>", …]}, the arguments `npm run cannery -- users …` takes.'] },
      ]);
      const [userInfo] = (await invoke('api', env, [httpApiEvent('GET', '/api/user-info', { authorization: `Bearer ${await sign(sub)}` })])) as LambdaResult[];
      expect(userInfo!.statusCode, userInfo!.body).toBe(200);
      expect(JSON.parse(userInfo!.body).user.email).toBe('sam@alder.test');
    });

    it('with CANNERY_USER_POOL=built-in, serves the built-in pool at /identity on the public origin', { timeout: 60_000 }, async () => {
      const builtIn = { ...env, CANNERY_USER_POOL: 'built-in', CANNERY_POOL_ID: 'eu-west-1_cannery', CANNERY_POOL_DATA_KEY: Buffer.alloc(32, 7).toString('base64') };
      delete (builtIn as Record<string, string | undefined>).CANNERY_TRUSTED_ISSUERS;
      const [config, keys] = (await invoke('api', builtIn, [
        httpApiEvent('GET', '/api/config'),
        httpApiEvent('GET', '/identity/eu-west-1_cannery/.well-known/jwks.json'),
      ])) as LambdaResult[];
      expect(JSON.parse(config!.body)).toMatchObject({ apiBase: '/api', userPool: { poolId: 'eu-west-1_cannery', endpoint: `${CANNERY_PUBLIC_ORIGIN}/identity` } });
      expect(keys!.statusCode).toBe(200);
      expect((JSON.parse(keys!.body) as { keys: unknown[] }).keys.length).toBeGreaterThan(0);
    });

    it('refuses to start on an unknown CANNERY_USER_POOL, naming the setting', { timeout: 60_000 }, async () => {
      writeFileSync(join(out, 'bad.mjs'), "await import('./api.mjs');\n");
      const run = await runToEnd(['node', join(out, 'bad.mjs')], childEnvironment({ ...env, CANNERY_USER_POOL: 'cognitoo' }));
      expect(run.code).not.toBe(0);
      expect(run.stderr).toContain('CANNERY_USER_POOL must be "cognito" or "built-in", got "cognitoo"');
    });
  });
});
