/**
 * The pool's state, built once by createUserPool and passed explicitly to every operation: the
 * database, the pool's identity, its clock and limits, its signing keys, its mail, and this
 * instance's own count of the caps' shared windows.
 */
import type { Context } from 'hono';
import { pino } from 'pino';
import type { Db } from '../db/database';
import type { Logger } from '../logger';
import { signingKeys, type SigningKeys } from './keys';
import { DEFAULT_LIMITS, LocalWindows, createCaps, type PoolCaps, type PoolLimits } from './limits';
import { storedDataKey } from './secret-box';
import { poolNameOf } from './srp';
import { DEFAULT_LIFETIMES, tokenIssuer, type TokenIssuer, type TokenLifetimes } from './tokens';
import type { AdminCredentials } from './sigv4';
import type { OperationInput, RequestContext } from './types';

export interface UserPoolOptions {
  db: Db;
  /** `<region>_<name>`, e.g. `local_cannery`. The name part is mixed into every SRP verifier. */
  poolId: string;
  /** The app client id the Amplify configuration carries (`userPoolClientId`). */
  clientId: string;
  /**
   * Where the pool's routes are mounted, as clients reach them, e.g. `https://localhost:8443/identity`.
   * Tokens say `iss: <issuerBase>/<poolId>` and the JWKS is at `<issuerBase>/<poolId>/.well-known/jwks.json`.
   */
  issuerBase: string;
  lifetimes?: Partial<TokenLifetimes>;
  limits?: Partial<PoolLimits>;
  /**
   * The key that seals authenticator secrets (secret-box.ts): CANNERY_POOL_DATA_KEY, 32 bytes.
   * Without it the pool keeps a generated key in the database (development only) and says so.
   */
  dataKey?: Buffer;
  /** The clock; tests move it to expire codes. */
  now?: () => Date;
  logger?: Logger;
  /**
   * Told after a message was queued (server/mail), so the server's mail worker sends it at once
   * rather than at its next poll. Mail is queued in the same transaction as its cause either way.
   */
  onMailQueued?: () => void;
  /** Called when repeated failed sign-ins lock a user or an unknown username (server/observability counts them). */
  onLockout?: () => void;
  /** Nothing is mailed (CANNERY_MAIL=off): a reset code could never arrive, so none is issued. */
  mailOff?: boolean;
  /** Serves `GET /dev/outbox` (codes included) to loopback callers: development only. */
  devOutbox?: boolean;
  /**
   * Browser origins allowed to call the pool cross-origin: the API's allowed origins (the
   * extension's, the task pane's public origin, CANNERY_ALLOWED_ORIGINS). Pages of the server
   * itself are same-origin and need none; Node clients send no Origin.
   */
  corsOrigins?: readonly string[];
  /**
   * The caller's IP for the per-address caps (and the loopback check of the development outbox).
   * The default is the server's client address (server/http/client-address.ts): the socket's peer, or
   * the client a trusted proxy names (CANNERY_TRUSTED_PROXIES). Tests that have no socket pass one.
   */
  clientIp?: (c: Context) => string;
  /**
   * The credentials Admin operations must be signed with (SigV4; CANNERY_POOL_ADMIN_ACCESS_KEY_ID
   * and CANNERY_POOL_ADMIN_SECRET_ACCESS_KEY). Without them every Admin operation is refused.
   */
  adminCredentials?: AdminCredentials | undefined;
}

export interface PoolContext {
  db: Db;
  poolId: string;
  /** The part of the pool id after `_`, mixed into every SRP verifier. */
  poolName: string;
  clientId: string;
  issuer: string;
  now: () => Date;
  lifetimes: TokenLifetimes;
  limits: PoolLimits;
  logger: Logger;
  keys: SigningKeys;
  /** The key that seals authenticator secrets (secret-box.ts). */
  dataKey: () => Promise<Buffer>;
  tokens: TokenIssuer;
  /** Called after a message was queued (see `onMailQueued`). */
  mailQueued: () => void;
  /** Called when a lockout starts (see `onLockout`). */
  lockedOut: () => void;
  mailOff: boolean;
  caps: PoolCaps;
  /** This instance's count of the caps' shared windows (limits.ts). */
  capWindows: LocalWindows;
  /** Work the pool left running after answering (sweeps of expired counters); tests and shutdown wait for it. */
  background: Set<Promise<void>>;
}

const POOL_ID = /^[\w-]+_[0-9a-zA-Z]+$/;

export function createPoolContext(options: UserPoolOptions): PoolContext {
  const { db, poolId, clientId } = options;
  if (!POOL_ID.test(poolId)) throw new Error(`The pool id "${poolId}" must look like <region>_<name> (letters and digits after the underscore)`);
  const now = options.now ?? (() => new Date());
  const lifetimes: TokenLifetimes = { ...DEFAULT_LIFETIMES, ...options.lifetimes };
  const limits: PoolLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const issuer = `${options.issuerBase.replace(/\/+$/, '')}/${poolId}`;
  const keys = signingKeys(db, poolId, now, { retiredKeyTrustSeconds: Math.max(lifetimes.idTokenSeconds, lifetimes.accessTokenSeconds) });
  const logger = options.logger ?? pino({ level: 'silent' });
  let dataKey: Promise<Buffer> | undefined = options.dataKey ? Promise.resolve(options.dataKey) : undefined;
  if (!options.dataKey) {
    logger.warn('CANNERY_POOL_DATA_KEY is not set: authenticator secrets are sealed with a key kept in the database (development only)');
  }
  return {
    db,
    poolId,
    poolName: poolNameOf(poolId),
    clientId,
    issuer,
    now,
    lifetimes,
    limits,
    logger,
    keys,
    dataKey: () => {
      dataKey ??= storedDataKey(db, poolId, now()).catch((error: unknown) => {
        dataKey = undefined;
        throw error;
      });
      return dataKey;
    },
    tokens: tokenIssuer(keys, issuer, lifetimes),
    mailQueued: options.onMailQueued ?? (() => undefined),
    lockedOut: options.onLockout ?? (() => undefined),
    mailOff: options.mailOff ?? false,
    caps: createCaps(limits),
    capWindows: new LocalWindows(),
    background: new Set(),
  };
}

export const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

/** One protocol operation: the pool's state, the request body (checked by input.ts) and the caller. */
export type PoolOperation = (context: PoolContext, input: OperationInput, request: RequestContext) => Promise<unknown>;
