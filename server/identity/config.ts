import { readSetting } from '../settings/load';
import type { AdminCredentials } from './sigv4';
import type { TokenLifetimes } from './tokens';
import { DEFAULT_LIMITS, type PoolLimits } from './limits';

/**
 * The built-in pool's settings, from the environment (read by the server and the admin CLI, so
 * both compute verifiers for the same pool): `CANNERY_POOL_*`, `CANNERY_DEV_OUTBOX`, and where
 * people are provisioned (`CANNERY_COGNITO_USER_POOL_ID`, `CANNERY_COGNITO_ENDPOINT`: an AWS Cognito
 * pool for the Lambda entry; the Node server provisions in its built-in pool and refuses them).
 * Each setting, its default and its range: server/settings/schema.ts (docs/configuration.md). Reset codes go through the mail
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
  const accessKeyId = readSetting(env, 'CANNERY_POOL_ADMIN_ACCESS_KEY_ID');
  const secretAccessKey = readSetting(env, 'CANNERY_POOL_ADMIN_SECRET_ACCESS_KEY');
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

/** The pool's settings (server/settings/schema.ts), with the caps that follow from one another. */
export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const poolId = readSetting(env, 'CANNERY_POOL_ID');
  return {
    poolId,
    clientId: readSetting(env, 'CANNERY_POOL_CLIENT_ID'),
    lifetimes: {
      idTokenSeconds: readSetting(env, 'CANNERY_POOL_ID_TOKEN_SECONDS'),
      accessTokenSeconds: readSetting(env, 'CANNERY_POOL_ACCESS_TOKEN_SECONDS'),
      refreshTokenSeconds: readSetting(env, 'CANNERY_POOL_REFRESH_TOKEN_SECONDS'),
    },
    devOutbox: readSetting(env, 'CANNERY_DEV_OUTBOX'),
    dataKey: readSetting(env, 'CANNERY_POOL_DATA_KEY'),
    limits: (() => {
      const signInsPerIp = readSetting(env, 'CANNERY_POOL_SIGN_INS_PER_ADDRESS');
      // Each sign-in answers a challenge or two: the address's answers grow with its sign-ins.
      const temporaryPasswordDays = readSetting(env, 'CANNERY_POOL_TEMPORARY_PASSWORD_DAYS');
      return {
        signInsPerIp,
        challengeAnswersPerIp: Math.max(DEFAULT_LIMITS.challengeAnswersPerIp, signInsPerIp),
        signInsPerUsername: readSetting(env, 'CANNERY_POOL_SIGN_INS_PER_USERNAME'),
        temporaryPasswordSeconds: temporaryPasswordDays * 86_400,
      };
    })(),
    adminCredentials: parseAdminCredentials(env),
  };
}
