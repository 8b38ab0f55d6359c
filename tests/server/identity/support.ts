import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { Amplify } from 'aws-amplify';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { pino } from 'pino';
import type { Database, Db } from '../../../server/db/database';
import type { Logger } from '../../../server/logger';
import { SignatureV4 } from '@smithy/signature-v4';
import { createUserPool, type UserPoolOptions } from '../../../server/identity/pool';
import { NodeSha256 } from '../../../server/identity/sigv4';

export const POOL_ID = 'local_testpool';
export const CLIENT_ID = 'test-client';
/** Meets the policy: 12+ characters, upper, lower, digit, symbol. */
export const GOOD_PASSWORD = 'Correct-Horse-42';
export const OTHER_PASSWORD = 'Battery-Staple-77';
/** What the pool's Admin operations are signed with in tests (CANNERY_POOL_ADMIN_*). */
export const ADMIN_CREDENTIALS = { accessKeyId: 'AKIATESTPOOLADMIN01', secretAccessKey: 'test-secret-access-key-of-the-pool-admin-0001' };

/** Amplify's token storage for Node, which has no localStorage; tests read refresh tokens from it. */
export class MemoryStorage {
  readonly items = new Map<string, string>();
  setItem(key: string, value: string) {
    this.items.set(key, value);
    return Promise.resolve();
  }
  getItem(key: string) {
    return Promise.resolve(this.items.get(key) ?? null);
  }
  removeItem(key: string) {
    this.items.delete(key);
    return Promise.resolve();
  }
  clear() {
    this.items.clear();
    return Promise.resolve();
  }
  /** The refresh token Amplify holds for the last signed-in user. */
  refreshToken(): string | undefined {
    for (const [key, value] of this.items) if (key.endsWith('.refreshToken')) return value;
    return undefined;
  }
}

export interface SigningChoices {
  credentials?: { accessKeyId: string; secretAccessKey: string };
  region?: string;
  service?: string;
  signingDate?: Date;
}

export interface ServedPool {
  pool: ReturnType<typeof createUserPool>;
  endpoint: string;
  /** Every protocol operation received, in order (what Amplify sent). */
  operations: string[];
  /** The raw requests behind `operations` (to replay them). */
  requests: Array<{ target: string; body: string }>;
  /** Moves the pool's clock (not Amplify's) forward. */
  advance(seconds: number): void;
  /** Calls one protocol operation directly, as Amplify would. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- protocol answers are asserted on field by field
  call(operation: string, body: unknown): Promise<{ status: number; body: any; headers: Headers }>;
  /**
   * Calls an Admin operation signed with SigV4 as the AWS SDK signs it (ADMIN_CREDENTIALS, the
   * pool's region, service cognito-idp, now), or as `signing` changes it; `tamper` changes the
   * request after it was signed.
   */
  signedCall(
    operation: string,
    body: unknown,
    signing?: SigningChoices,
    tamper?: (request: { headers: Record<string, string>; body: string }) => void,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as `call`
  ): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

/**
 * The pool's routes on a real loopback port (Amplify uses global fetch), mounted at /identity as
 * the server mounts them.
 */
export async function servePool(database: Database, options: Partial<UserPoolOptions> = {}): Promise<ServedPool> {
  let offsetMs = 0;
  // The pool needs its public address (the token issuer), known only once the port is bound.
  let handler: (request: Request, env: unknown) => Response | Promise<Response> = () => new Response('starting', { status: 503 });
  const server: ServerType = serve({ fetch: (request, env) => handler(request, env), port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}/identity`;
  const pool = createUserPool({
    db: database.db,
    poolId: POOL_ID,
    clientId: CLIENT_ID,
    issuerBase: base,
    now: () => new Date(Date.now() + offsetMs),
    ...options,
  });
  const operations: string[] = [];
  const requests: Array<{ target: string; body: string }> = [];
  const app = new Hono();
  app.use('/identity/*', async (c, next) => {
    const target = c.req.header('x-amz-target');
    if (target) {
      operations.push(target.replace('AWSCognitoIdentityProviderService.', ''));
      requests.push({ target, body: await c.req.raw.clone().text() });
    }
    await next();
  });
  app.route('/identity', pool.routes);
  handler = (request, env) => app.fetch(request, env);
  return {
    pool,
    endpoint: base,
    operations,
    requests,
    advance(seconds) {
      offsetMs += seconds * 1000;
    },
    async call(operation, body) {
      const response = await fetch(base, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AWSCognitoIdentityProviderService.${operation}` },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json(), headers: response.headers };
    },
    async signedCall(operation, body, signing = {}, tamper) {
      const url = new URL(`${base}/`);
      const signer = new SignatureV4({
        service: signing.service ?? 'cognito-idp',
        region: signing.region ?? POOL_ID.split('_')[0]!,
        credentials: signing.credentials ?? ADMIN_CREDENTIALS,
        sha256: NodeSha256,
      });
      const text = JSON.stringify(body);
      const signed = await signer.sign(
        {
          method: 'POST',
          protocol: url.protocol,
          hostname: url.hostname,
          port: Number(url.port),
          path: url.pathname,
          query: {},
          headers: {
            host: url.host,
            'content-type': 'application/x-amz-json-1.1',
            'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
          },
          body: text,
        },
        signing.signingDate ? { signingDate: signing.signingDate } : {},
      );
      const request = { headers: { ...(signed.headers as Record<string, string>) }, body: text };
      tamper?.(request);
      const { host: _host, ...headers } = request.headers;
      const response = await fetch(url, { method: 'POST', headers, body: request.body });
      return { status: response.status, body: await response.json(), headers: response.headers };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Points the (process-wide) Amplify at a served pool, with in-memory token storage. */
export function configureAmplify(served: ServedPool, poolId = POOL_ID, clientId = CLIENT_ID): MemoryStorage {
  Amplify.configure({ Auth: { Cognito: { userPoolId: poolId, userPoolClientId: clientId, userPoolEndpoint: served.endpoint } } });
  const storage = new MemoryStorage();
  cognitoUserPoolsTokenProvider.setKeyValueStorage(storage);
  return storage;
}

/** The error a promise rejects with (fails the test when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('Expected the call to fail, but it succeeded');
}

/** A pino logger whose lines a test can read (every level from debug up). */
export function capturedLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  return { logger: pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) }), lines };
}

const QUERY_METHODS = new Set<PropertyKey>(['select', 'selectDistinct', 'insert', 'update', 'delete', 'execute', 'transaction', '$count']);

/**
 * The database with a count of the queries started through it (each select, insert, update,
 * delete, execute or transaction), so a test can tell whether a refusal touched the database.
 */
export function countingDb(db: Db): { db: Db; queries: () => number } {
  let count = 0;
  const counted = new Proxy(db, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      return (...args: unknown[]) => {
        if (QUERY_METHODS.has(property)) count += 1;
        return method.apply(target, args);
      };
    },
  });
  return { db: counted, queries: () => count };
}
