import { parseDataKey } from './secret-box';
import type { AdminCredentials } from './sigv4';
import type { TokenLifetimes } from './tokens';
import { DEFAULT_LIFETIMES } from './tokens';
import { DEFAULT_LIMITS, type PoolLimits } from './limits';

/**
 * The built-in pool's settings, from the environment (read by the server and the admin CLI, so
 * both compute verifiers for the same pool): `CANNERY_POOL_*`, `CANNERY_DEV_OUTBOX`, and where
 * people are provisioned (`CANNERY_COGNITO_USER_POOL_ID`, `CANNERY_COGNITO_ENDPOINT`: an AWS Cognito
 * pool for the Lambda entry; the Node server provisions in its built-in pool and refuses them).
 * Each setting, its default and its range: docs/configuration.md. Reset codes go through the mail
 * queue (server/mail/config.ts). The pool id's name is part of every stored password verifier;
 * without `CANNERY_POOL_DATA_KEY` the pool keeps a generated key in the database and warns; without
 * the admin credentials every Admin* operation is refused.
 */
export interface IdentityConfig {
  poolId: string;
  clientId: string;
  lifetimes: TokenLifetimes;
  devOutbox: boolean;
  dataKey: Buffer | undefined;
  /** The sign-in caps the environment changes; the others are the pool's defaults. */
  limits: Pick<PoolLimits, 'signInsPerIp' | 'signInsPerUsername' | 'challengeAnswersPerIp' | 'temporaryPasswordSeconds'>;
  /** What Admin* requests must be signed with; undefined refuses them all. */
  adminCredentials: AdminCredentials | undefined;
}

/** AWS's form of an access key id: upper-case letters and digits. */
const ACCESS_KEY_ID = /^[A-Z0-9]{16,128}$/;
/** Printable ASCII without spaces, as AWS secret keys are; long enough not to be guessed. */
const SECRET_ACCESS_KEY = /^[\x21-\x7e]{32,256}$/;

export function parseAdminCredentials(env: NodeJS.ProcessEnv): AdminCredentials | undefined {
  const accessKeyId = env.CANNERY_POOL_ADMIN_ACCESS_KEY_ID?.trim() || undefined;
  const secretAccessKey = env.CANNERY_POOL_ADMIN_SECRET_ACCESS_KEY?.trim() || undefined;
  if (!accessKeyId && !secretAccessKey) return undefined;
  if (!accessKeyId || !secretAccessKey) {
    throw new Error('CANNERY_POOL_ADMIN_ACCESS_KEY_ID and CANNERY_POOL_ADMIN_SECRET_ACCESS_KEY go together: set both (the Admin operations are signed with them) or neither');
  }
  if (!ACCESS_KEY_ID.test(accessKeyId)) {
    throw new Error('CANNERY_POOL_ADMIN_ACCESS_KEY_ID must be 16 to 128 upper-case letters and digits, as an AWS access key id is (e.g. AKIACANNERYPOOLADMIN)');
  }
  if (!SECRET_ACCESS_KEY.test(secretAccessKey)) {
    // Never quoted: it is a secret.
    throw new Error('CANNERY_POOL_ADMIN_SECRET_ACCESS_KEY must be 32 to 256 printable characters without spaces (openssl rand -base64 30)');
  }
  return { accessKeyId, secretAccessKey };
}

function count(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(parsed) || parsed < 1 || parsed > 1_000_000) {
    throw new Error(`${name} must be a whole number from 1 to 1000000, got "${value.slice(0, 40)}"`);
  }
  return parsed;
}

function seconds(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`${name} must be a whole number of seconds above 0, got "${value}"`);
  return parsed;
}

export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const poolId = env.CANNERY_POOL_ID || 'local_cannery';
  if (!/^[\w-]+_[0-9a-zA-Z]+$/.test(poolId)) throw new Error(`CANNERY_POOL_ID must look like <region>_<name>, got "${poolId}"`);
  return {
    poolId,
    clientId: env.CANNERY_POOL_CLIENT_ID || 'cannery-app',
    lifetimes: {
      idTokenSeconds: seconds(env.CANNERY_POOL_ID_TOKEN_SECONDS, DEFAULT_LIFETIMES.idTokenSeconds, 'CANNERY_POOL_ID_TOKEN_SECONDS'),
      accessTokenSeconds: seconds(env.CANNERY_POOL_ACCESS_TOKEN_SECONDS, DEFAULT_LIFETIMES.accessTokenSeconds, 'CANNERY_POOL_ACCESS_TOKEN_SECONDS'),
      refreshTokenSeconds: seconds(env.CANNERY_POOL_REFRESH_TOKEN_SECONDS, DEFAULT_LIFETIMES.refreshTokenSeconds, 'CANNERY_POOL_REFRESH_TOKEN_SECONDS'),
    },
    devOutbox: env.CANNERY_DEV_OUTBOX === '1',
    dataKey: parseDataKey(env.CANNERY_POOL_DATA_KEY),
    limits: (() => {
      const signInsPerIp = count(env.CANNERY_POOL_SIGN_INS_PER_ADDRESS, DEFAULT_LIMITS.signInsPerIp, 'CANNERY_POOL_SIGN_INS_PER_ADDRESS');
      // Each sign-in answers a challenge or two: the address's answers grow with its sign-ins.
      const temporaryPasswordDays = count(env.CANNERY_POOL_TEMPORARY_PASSWORD_DAYS, DEFAULT_LIMITS.temporaryPasswordSeconds / 86_400, 'CANNERY_POOL_TEMPORARY_PASSWORD_DAYS');
      if (temporaryPasswordDays > 365) throw new Error(`CANNERY_POOL_TEMPORARY_PASSWORD_DAYS must be a whole number of days from 1 to 365, got "${temporaryPasswordDays}"`);
      return {
        signInsPerIp,
        challengeAnswersPerIp: Math.max(DEFAULT_LIMITS.challengeAnswersPerIp, signInsPerIp),
        signInsPerUsername: count(env.CANNERY_POOL_SIGN_INS_PER_USERNAME, DEFAULT_LIMITS.signInsPerUsername, 'CANNERY_POOL_SIGN_INS_PER_USERNAME'),
        temporaryPasswordSeconds: temporaryPasswordDays * 86_400,
      };
    })(),
    adminCredentials: parseAdminCredentials(env),
  };
}
