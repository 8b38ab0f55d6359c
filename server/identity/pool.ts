/**
 * The built-in user pool: AWS Cognito's user-pool protocol (the JSON operations aws-amplify v6
 * sends) over Cannery's database, so the unchanged Amplify client signs in against this server.
 *
 * Sign-in is SRP-6a (USER_SRP_AUTH, Amplify's default) or a plain password (USER_PASSWORD_AUTH);
 * users are created by an administrator (admin CLI) with a temporary password, which the first
 * sign-in replaces (NEW_PASSWORD_REQUIRED). Tokens are RS256 JWTs with Cognito's claims, signed
 * by a key kept in the database; refresh tokens are opaque and stored hashed.
 *
 * State lives in the database, so any number of instances can serve the pool, except the
 * throttling counters (per IP, and failures of usernames that do not exist), which are per
 * instance (see rate-limit.ts).
 */
import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { pino } from 'pino';
import type { TrustedIssuer } from '../auth/verifier';
import type { Db } from '../db/database';
import type { Logger } from '../logger';
import { CognitoError, MESSAGES, badCredentials, missingParameter } from './errors';
import { signingKeys, type SigningKeys } from './keys';
import { createMailer, deliverMail, enqueueMail, latestOutbox, type Mailer } from './mailer';
import { assertPasswordAllowed } from './password-policy';
import { WindowCounter } from '../rate-limit';
import { identityRoutes } from './routes';
import { identityAuthSessions, identityRefreshTokens, identityUsers, identityVerificationCodes } from './schema';
import {
  N,
  claimSignature,
  computeVerifier,
  isSrpTimestamp,
  padHex,
  parseClientA,
  poolNameOf,
  serverEphemeral,
  sessionKey,
  signatureMatches,
  verifierMatches,
} from './srp';
import { DEFAULT_LIFETIMES, hashRefreshToken, newRefreshToken, tokenIssuer, type AuthenticationResult, type TokenLifetimes } from './tokens';
import {
  createPoolUser,
  findPoolUser,
  normalizeUsername,
  passwordColumns,
  poolUserById,
  setPoolUserPassword,
  type CreatePoolUserInput,
  type PoolUser,
  type SetPoolUserPasswordInput,
} from './users';

/** Brute-force and abuse limits. Defaults follow the product's policy; tests shrink them. */
export interface PoolLimits {
  /** Failed sign-ins for one username within `failureWindowSeconds` that lock it... */
  maxFailedSignIns: number;
  failureWindowSeconds: number;
  /** ...for this long (NotAuthorizedException "Password attempts exceeded"). */
  lockoutSeconds: number;
  /** Password sign-ins (InitiateAuth) one IP may start per window (TooManyRequestsException). */
  signInsPerIp: number;
  signInWindowSeconds: number;
  /** ForgotPassword calls one IP may make per window (LimitExceededException). */
  codeRequestsPerIp: number;
  /** Reset codes one user may be sent per window (LimitExceededException). */
  codeRequestsPerUser: number;
  codeRequestWindowSeconds: number;
  /** A reset code's lifetime, and how many wrong guesses it survives. */
  codeSeconds: number;
  codeAttempts: number;
  /** How long a sign-in challenge (SRP exchange, new-password session) waits for its answer. */
  sessionSeconds: number;
}

export const DEFAULT_LIMITS: PoolLimits = {
  maxFailedSignIns: 5,
  failureWindowSeconds: 15 * 60,
  lockoutSeconds: 15 * 60,
  signInsPerIp: 100,
  signInWindowSeconds: 10 * 60,
  codeRequestsPerIp: 10,
  codeRequestsPerUser: 5,
  codeRequestWindowSeconds: 60 * 60,
  codeSeconds: 60 * 60,
  codeAttempts: 5,
  sessionSeconds: 3 * 60,
};

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
  /** The clock; tests move it to expire codes. */
  now?: () => Date;
  logger?: Logger;
  /** Defaults to keeping mail in the outbox only. */
  mailer?: Mailer;
  /** Serves `GET /dev/outbox` (codes included): development only. */
  devOutbox?: boolean;
  /**
   * The caller's IP for per-IP throttling. The default is the socket's peer address under
   * @hono/node-server (or API Gateway's source IP on Lambda); behind a reverse proxy, pass one that
   * reads the proxy's header.
   */
  clientIp?: (c: Context) => string;
}

export interface RequestContext {
  /** The caller's address for per-IP throttling. */
  ip: string;
}

type Input = Record<string, unknown>;
type Operation = (input: Input, request: RequestContext) => Promise<unknown>;

const POOL_ID = /^[\w-]+_[0-9a-zA-Z]+$/;

function optionalString(input: Input, key: string): string | undefined {
  const value = input[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    throw new CognitoError('InvalidParameterException', `1 validation error detected: Value at '${key}' failed to satisfy constraint: Member must be a string`);
  }
  return value;
}

function requiredString(input: Input, key: string, name = key): string {
  const value = optionalString(input, key);
  if (!value) throw missingParameter(name);
  return value;
}

function stringMap(input: Input, key: string): Record<string, string> {
  const value = input[key];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new CognitoError('InvalidParameterException', `1 validation error detected: Value at '${key}' failed to satisfy constraint: Member must be a map`);
  }
  const map: Record<string, string> = {};
  for (const [name, item] of Object.entries(value)) if (typeof item === 'string') map[name] = item;
  return map;
}

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');
const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

/** `alice@example.org` → `a***@e***`, as Cognito shows a code's destination. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

export function createUserPool(options: UserPoolOptions) {
  const { db, poolId, clientId } = options;
  if (!POOL_ID.test(poolId)) throw new Error(`The pool id "${poolId}" must look like <region>_<name> (letters and digits after the underscore)`);
  const poolName = poolNameOf(poolId);
  const now = options.now ?? (() => new Date());
  const lifetimes: TokenLifetimes = { ...DEFAULT_LIFETIMES, ...options.lifetimes };
  const limits: PoolLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const logger = options.logger ?? pino({ level: 'silent' });
  const mailer = options.mailer ?? createMailer({ from: 'no-reply@localhost' });
  const issuer = `${options.issuerBase.replace(/\/+$/, '')}/${poolId}`;
  const keys: SigningKeys = signingKeys(db, poolId, now);
  const tokens = tokenIssuer(keys, issuer, lifetimes);

  const signInsByIp = new WindowCounter(limits.signInsPerIp, limits.signInWindowSeconds * 1000);
  const codeRequestsByIp = new WindowCounter(limits.codeRequestsPerIp, limits.codeRequestWindowSeconds * 1000);
  const codeRequestsByUser = new WindowCounter(limits.codeRequestsPerUser, limits.codeRequestWindowSeconds * 1000);
  // Usernames that do not exist fail and lock like real ones, so lockout does not reveal who exists.
  const unknownFailures = new WindowCounter(limits.maxFailedSignIns, limits.failureWindowSeconds * 1000);
  const unknownLockouts = new Map<string, number>();
  // Mail deliveries still running (tests and shutdown can wait for them).
  const deliveries = new Set<Promise<void>>();

  // --- lockout ------------------------------------------------------------------------------

  const isLocked = (user: PoolUser | undefined, username: string, at: Date) => {
    if (user) return user.lockedUntil !== null && user.lockedUntil.getTime() > at.getTime();
    const until = unknownLockouts.get(username);
    if (until === undefined) return false;
    if (until > at.getTime()) return true;
    unknownLockouts.delete(username);
    return false;
  };

  const recordFailure = async (user: PoolUser | undefined, username: string) => {
    const at = now();
    if (!user) {
      unknownFailures.take(username, at.getTime());
      if (unknownFailures.count(username, at.getTime()) >= limits.maxFailedSignIns) {
        unknownFailures.clear(username);
        if (unknownLockouts.size >= 10_000) unknownLockouts.clear();
        unknownLockouts.set(username, at.getTime() + limits.lockoutSeconds * 1000);
      }
      return;
    }
    const windowStart = new Date(at.getTime() - limits.failureWindowSeconds * 1000);
    // One statement, so concurrent failures all count.
    const fresh = sql`${identityUsers.firstFailedAt} is null or ${identityUsers.firstFailedAt} <= ${windowStart}`;
    const [counted] = await db
      .update(identityUsers)
      .set({
        failedAttempts: sql`case when ${fresh} then 1 else ${identityUsers.failedAttempts} + 1 end`,
        firstFailedAt: sql`case when ${fresh} then ${at} else ${identityUsers.firstFailedAt} end`,
      })
      .where(eq(identityUsers.id, user.id))
      .returning({ failedAttempts: identityUsers.failedAttempts });
    if (counted && counted.failedAttempts >= limits.maxFailedSignIns) {
      await db
        .update(identityUsers)
        .set({ failedAttempts: 0, firstFailedAt: null, lockedUntil: addSeconds(at, limits.lockoutSeconds) })
        .where(eq(identityUsers.id, user.id));
      logger.warn({ sub: user.id }, 'pool user locked after repeated failed sign-ins');
    }
  };

  const clearFailures = async (user: PoolUser) => {
    if (user.failedAttempts === 0 && user.firstFailedAt === null && user.lockedUntil === null) return;
    await db.update(identityUsers).set({ failedAttempts: 0, firstFailedAt: null, lockedUntil: null }).where(eq(identityUsers.id, user.id));
  };

  // --- challenge sessions ---------------------------------------------------------------------

  const createSession = async (values: Omit<typeof identityAuthSessions.$inferInsert, 'id' | 'poolId' | 'createdAt' | 'expiresAt'>) => {
    const at = now();
    const handle = randomBytes(64).toString('base64');
    // Expired challenges are never read again; dropping them here keeps the table small.
    await db.delete(identityAuthSessions).where(lt(identityAuthSessions.expiresAt, at));
    await db.insert(identityAuthSessions).values({
      ...values,
      id: sha256(handle),
      poolId,
      createdAt: at,
      expiresAt: addSeconds(at, limits.sessionSeconds),
    });
    return handle;
  };

  const liveSession = (handle: string, kind: 'PASSWORD_VERIFIER' | 'NEW_PASSWORD_REQUIRED') =>
    and(
      eq(identityAuthSessions.id, sha256(handle)),
      eq(identityAuthSessions.poolId, poolId),
      eq(identityAuthSessions.kind, kind),
      isNull(identityAuthSessions.usedAt),
      gt(identityAuthSessions.expiresAt, now()),
    );

  /** Marks a live session used and returns it; undefined when it is unknown, used or expired. */
  const consumeSession = async (handle: string, kind: 'PASSWORD_VERIFIER' | 'NEW_PASSWORD_REQUIRED') => {
    const [row] = await db.update(identityAuthSessions).set({ usedAt: now() }).where(liveSession(handle, kind)).returning();
    return row;
  };

  // --- tokens ---------------------------------------------------------------------------------

  const subject = (user: PoolUser) => ({ sub: user.id, username: user.username, email: user.email, emailVerified: user.emailVerified });

  /** A new refresh token and the tokens that come with it (a completed sign-in). */
  const startSession = async (user: PoolUser): Promise<AuthenticationResult> => {
    const at = now();
    const refresh = newRefreshToken();
    const id = randomUUID();
    await db.insert(identityRefreshTokens).values({
      id,
      tokenHash: refresh.hash,
      userId: user.id,
      clientId,
      authTime: at,
      createdAt: at,
      expiresAt: addSeconds(at, lifetimes.refreshTokenSeconds),
    });
    const result = await tokens.issue({ user: subject(user), clientId, originJti: id, authTime: at, now: at });
    return { ...result, RefreshToken: refresh.token };
  };

  const refreshSession = async (refreshToken: string, requestClientId: string): Promise<AuthenticationResult> => {
    const [row] = await db.select().from(identityRefreshTokens).where(eq(identityRefreshTokens.tokenHash, hashRefreshToken(refreshToken))).limit(1);
    if (!row || row.clientId !== requestClientId) throw new CognitoError('NotAuthorizedException', MESSAGES.invalidRefreshToken);
    if (row.revokedAt) throw new CognitoError('NotAuthorizedException', MESSAGES.refreshTokenRevoked);
    const at = now();
    if (row.expiresAt.getTime() <= at.getTime()) throw new CognitoError('NotAuthorizedException', MESSAGES.refreshTokenExpired);
    const user = await poolUserById(db, row.userId);
    if (!user || user.poolId !== poolId) throw new CognitoError('NotAuthorizedException', MESSAGES.userDoesNotExist);
    if (!user.enabled) throw new CognitoError('NotAuthorizedException', MESSAGES.userDisabled);
    if (user.status === 'RESET_REQUIRED') throw new CognitoError('PasswordResetRequiredException', MESSAGES.passwordResetRequired);
    // No rotation (Cognito's default): the client keeps its refresh token.
    return tokens.issue({ user: subject(user), clientId, originJti: row.id, authTime: row.authTime, now: at });
  };

  const revokeRefreshTokens = async (userId: string, keep?: string) => {
    await db
      .update(identityRefreshTokens)
      .set({ revokedAt: now() })
      .where(
        and(eq(identityRefreshTokens.userId, userId), isNull(identityRefreshTokens.revokedAt), keep ? ne(identityRefreshTokens.id, keep) : undefined),
      );
  };

  /** The user behind an access token, refusing revoked sessions as Cognito does. */
  const userOfAccessToken = async (accessToken: string) => {
    const claims = await tokens.verifyAccessToken(accessToken, now());
    const [origin] = await db
      .select({ revokedAt: identityRefreshTokens.revokedAt })
      .from(identityRefreshTokens)
      .where(eq(identityRefreshTokens.id, claims.originJti))
      .limit(1);
    if (!origin || origin.revokedAt) throw new CognitoError('NotAuthorizedException', MESSAGES.accessTokenRevoked);
    const user = await poolUserById(db, claims.sub);
    if (!user || user.poolId !== poolId) throw new CognitoError('NotAuthorizedException', MESSAGES.userDoesNotExist);
    if (!user.enabled) throw new CognitoError('NotAuthorizedException', MESSAGES.userDisabled);
    return { user, originJti: claims.originJti };
  };

  // --- sign-in --------------------------------------------------------------------------------

  const assertClient = (input: Input) => {
    const requested = requiredString(input, 'ClientId');
    if (requested !== clientId) throw new CognitoError('ResourceNotFoundException', `User pool client ${requested} does not exist.`);
    return requested;
  };

  const throttleSignIn = (request: RequestContext) => {
    if (!signInsByIp.take(request.ip, now().getTime())) throw new CognitoError('TooManyRequestsException', MESSAGES.rateExceeded);
  };

  /** Stand-ins for users that do not exist, so their answers look and cost the same. */
  const decoySalt = async (username: string) =>
    createHmac('sha256', await keys.secret('decoy salt')).update(`${poolId}\n${username}`).digest('hex').slice(0, 32);
  const decoyVerifier = () => padHex(BigInt(`0x${randomBytes(384).toString('hex')}`) % N);

  /** After the password proved right: the next step by account state, or the tokens. */
  const completeSignIn = async (user: PoolUser) => {
    await clearFailures(user);
    if (!user.enabled) throw new CognitoError('NotAuthorizedException', MESSAGES.userDisabled);
    if (user.status === 'RESET_REQUIRED') throw new CognitoError('PasswordResetRequiredException', MESSAGES.passwordResetRequired);
    if (user.status === 'FORCE_CHANGE_PASSWORD') {
      const session = await createSession({ kind: 'NEW_PASSWORD_REQUIRED', username: user.username, userId: user.id });
      return {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: session,
        ChallengeParameters: {
          USER_ID_FOR_SRP: user.username,
          requiredAttributes: '[]',
          userAttributes: JSON.stringify({ email_verified: String(user.emailVerified), email: user.email }),
        },
      };
    }
    logger.info({ sub: user.id }, 'pool sign-in');
    return { ChallengeParameters: {}, AuthenticationResult: await startSession(user) };
  };

  const startSrp = async (parameters: Record<string, string>) => {
    const username = normalizeUsername(parameters.USERNAME ?? '');
    if (!username) throw missingParameter('USERNAME');
    if (!parameters.SRP_A) throw missingParameter('SRP_A');
    const a = parseClientA(parameters.SRP_A);
    if (a === null) throw new CognitoError('InvalidParameterException', 'SRP_A is not a valid SRP value.');
    const user = await findPoolUser(db, poolId, username);
    const salt = user?.srpSalt ?? (await decoySalt(username));
    const { b, bigB } = serverEphemeral(user?.srpVerifier ?? decoyVerifier());
    const secretBlock = await createSession({
      kind: 'PASSWORD_VERIFIER',
      username,
      userId: user?.id ?? null,
      srpState: { a: a.toString(16), b, bigB },
    });
    return {
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeParameters: { SALT: salt, SRP_B: bigB, SECRET_BLOCK: secretBlock, USER_ID_FOR_SRP: username, USERNAME: username },
    };
  };

  const answerPasswordVerifier = async (responses: Record<string, string>) => {
    for (const name of ['USERNAME', 'PASSWORD_CLAIM_SECRET_BLOCK', 'PASSWORD_CLAIM_SIGNATURE', 'TIMESTAMP']) {
      if (!responses[name]) throw missingParameter(name);
    }
    const username = normalizeUsername(responses.USERNAME ?? '');
    const secretBlock = responses.PASSWORD_CLAIM_SECRET_BLOCK ?? '';
    const session = await consumeSession(secretBlock, 'PASSWORD_VERIFIER');
    if (!session?.srpState || session.username !== username) throw badCredentials();
    const user = session.userId ? await poolUserById(db, session.userId) : undefined;
    if (isLocked(user, username, now())) throw new CognitoError('NotAuthorizedException', MESSAGES.lockedOut);
    const key = sessionKey({ ...session.srpState, verifier: user?.srpVerifier ?? decoyVerifier() });
    const proved =
      key !== null &&
      isSrpTimestamp(responses.TIMESTAMP ?? '') &&
      signatureMatches(claimSignature(key, poolName, username, secretBlock, responses.TIMESTAMP ?? ''), responses.PASSWORD_CLAIM_SIGNATURE ?? '');
    if (!user || !proved) {
      await recordFailure(user, username);
      throw badCredentials();
    }
    return completeSignIn(user);
  };

  const passwordSignIn = async (parameters: Record<string, string>) => {
    const username = normalizeUsername(parameters.USERNAME ?? '');
    if (!username) throw missingParameter('USERNAME');
    const password = parameters.PASSWORD;
    if (!password) throw missingParameter('PASSWORD');
    const user = await findPoolUser(db, poolId, username);
    if (isLocked(user, username, now())) throw new CognitoError('NotAuthorizedException', MESSAGES.lockedOut);
    const candidate = computeVerifier(poolName, username, password, user?.srpSalt ?? (await decoySalt(username)));
    if (!user || !verifierMatches(user.srpVerifier, candidate)) {
      await recordFailure(user, username);
      throw badCredentials();
    }
    return completeSignIn(user);
  };

  const answerNewPassword = async (responses: Record<string, string>, session: string | undefined) => {
    if (!session) throw missingParameter('Session');
    const newPassword = responses.NEW_PASSWORD;
    if (!newPassword) throw missingParameter('NEW_PASSWORD');
    const [pending] = await db.select().from(identityAuthSessions).where(liveSession(session, 'NEW_PASSWORD_REQUIRED')).limit(1);
    if (!pending?.userId) throw new CognitoError('NotAuthorizedException', MESSAGES.sessionExpired);
    if (responses.USERNAME && normalizeUsername(responses.USERNAME) !== pending.username) {
      throw new CognitoError('NotAuthorizedException', MESSAGES.sessionExpired);
    }
    // Checked before the session is used up, so the user can try another password with it.
    assertPasswordAllowed(newPassword);
    if (!(await consumeSession(session, 'NEW_PASSWORD_REQUIRED'))) throw new CognitoError('NotAuthorizedException', MESSAGES.sessionExpired);
    const user = await poolUserById(db, pending.userId);
    if (!user || user.status !== 'FORCE_CHANGE_PASSWORD') throw new CognitoError('NotAuthorizedException', MESSAGES.sessionExpired);
    const [updated] = await db
      .update(identityUsers)
      .set(passwordColumns(poolId, user.username, newPassword, 'CONFIRMED', now()))
      .where(eq(identityUsers.id, user.id))
      .returning();
    return completeSignIn(updated ?? user);
  };

  // --- forgotten password -------------------------------------------------------------------

  const hashCode = async (userId: string, code: string) =>
    createHmac('sha256', await keys.secret('verification codes')).update(`${userId}\n${code}`).digest('hex');

  const sendMail = async (message: { to: string; subject: string; body: string }) => {
    const id = await enqueueMail(db, message, now());
    const delivery = deliverMail(db, mailer, logger, id, message, now).finally(() => deliveries.delete(delivery));
    deliveries.add(delivery);
  };

  // --- operations -----------------------------------------------------------------------------

  const operations: Record<string, Operation> = {
    async InitiateAuth(input, request) {
      assertClient(input);
      const flow = requiredString(input, 'AuthFlow');
      const parameters = stringMap(input, 'AuthParameters');
      switch (flow) {
        case 'USER_SRP_AUTH':
          throttleSignIn(request);
          return startSrp(parameters);
        case 'USER_PASSWORD_AUTH':
          throttleSignIn(request);
          return passwordSignIn(parameters);
        case 'REFRESH_TOKEN_AUTH':
        case 'REFRESH_TOKEN': {
          if (!parameters.REFRESH_TOKEN) throw missingParameter('REFRESH_TOKEN');
          return { ChallengeParameters: {}, AuthenticationResult: await refreshSession(parameters.REFRESH_TOKEN, clientId) };
        }
        case 'CUSTOM_AUTH':
        case 'USER_AUTH':
          throw new CognitoError('InvalidParameterException', `${flow} flow not enabled for this client`);
        default:
          throw new CognitoError(
            'InvalidParameterException',
            `1 validation error detected: Value '${flow}' at 'authFlow' failed to satisfy constraint: Member must satisfy enum value set: [USER_SRP_AUTH, USER_PASSWORD_AUTH, REFRESH_TOKEN_AUTH, REFRESH_TOKEN]`,
          );
      }
    },

    async RespondToAuthChallenge(input) {
      assertClient(input);
      const challenge = requiredString(input, 'ChallengeName');
      const responses = stringMap(input, 'ChallengeResponses');
      if (challenge === 'PASSWORD_VERIFIER') return answerPasswordVerifier(responses);
      if (challenge === 'NEW_PASSWORD_REQUIRED') return answerNewPassword(responses, optionalString(input, 'Session'));
      throw new CognitoError('InvalidParameterException', `The challenge ${challenge} is not used by this user pool.`);
    },

    async GetTokensFromRefreshToken(input) {
      const requestClientId = assertClient(input);
      const refreshToken = requiredString(input, 'RefreshToken');
      return { AuthenticationResult: await refreshSession(refreshToken, requestClientId) };
    },

    async GetUser(input) {
      const { user } = await userOfAccessToken(requiredString(input, 'AccessToken'));
      return {
        Username: user.username,
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'email_verified', Value: String(user.emailVerified) },
          { Name: 'sub', Value: user.id },
        ],
      };
    },

    async ChangePassword(input) {
      const { user, originJti } = await userOfAccessToken(requiredString(input, 'AccessToken'));
      const previous = requiredString(input, 'PreviousPassword');
      const proposed = requiredString(input, 'ProposedPassword');
      if (isLocked(user, user.username, now())) throw new CognitoError('LimitExceededException', MESSAGES.attemptLimit);
      if (!verifierMatches(user.srpVerifier, computeVerifier(poolName, user.username, previous, user.srpSalt))) {
        await recordFailure(user, user.username);
        throw badCredentials();
      }
      assertPasswordAllowed(proposed, 'proposedPassword');
      await db.update(identityUsers).set(passwordColumns(poolId, user.username, proposed, 'CONFIRMED', now())).where(eq(identityUsers.id, user.id));
      // Other devices' sessions end with the old password; this one carries on.
      await revokeRefreshTokens(user.id, originJti);
      logger.info({ sub: user.id }, 'pool password changed');
      return {};
    },

    async ForgotPassword(input, request) {
      assertClient(input);
      const username = normalizeUsername(requiredString(input, 'Username'));
      const at = now();
      if (!codeRequestsByIp.take(request.ip, at.getTime())) throw new CognitoError('LimitExceededException', MESSAGES.attemptLimit);
      const user = await findPoolUser(db, poolId, username);
      if (!user) throw new CognitoError('UserNotFoundException', MESSAGES.userNotFound);
      if (!user.enabled) throw new CognitoError('NotAuthorizedException', MESSAGES.userDisabled);
      if (user.status === 'FORCE_CHANGE_PASSWORD') throw new CognitoError('NotAuthorizedException', MESSAGES.cannotResetInState);
      if (!user.emailVerified) throw new CognitoError('InvalidParameterException', MESSAGES.noVerifiedEmail);
      if (!codeRequestsByUser.take(user.id, at.getTime())) throw new CognitoError('LimitExceededException', MESSAGES.attemptLimit);

      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      // A new code replaces any earlier one.
      await db.delete(identityVerificationCodes).where(eq(identityVerificationCodes.userId, user.id));
      await db.insert(identityVerificationCodes).values({
        id: randomUUID(),
        userId: user.id,
        purpose: 'forgot_password',
        codeHash: await hashCode(user.id, code),
        createdAt: at,
        expiresAt: addSeconds(at, limits.codeSeconds),
      });
      const minutes = Math.round(limits.codeSeconds / 60);
      await sendMail({
        to: user.email,
        subject: 'Your Cannery password reset code',
        body: [
          'Someone asked to reset the password of your Cannery account.',
          '',
          `Your verification code is ${code}. It expires in ${minutes} minutes.`,
          '',
          'If this was not you, ignore this message: your password stays as it is.',
        ].join('\n'),
      });
      logger.info({ sub: user.id }, 'pool password reset code issued');
      return { CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: maskEmail(user.email) } };
    },

    async ConfirmForgotPassword(input) {
      assertClient(input);
      const username = normalizeUsername(requiredString(input, 'Username'));
      const code = requiredString(input, 'ConfirmationCode');
      const password = requiredString(input, 'Password');
      const user = await findPoolUser(db, poolId, username);
      if (!user) throw new CognitoError('UserNotFoundException', MESSAGES.userNotFound);
      assertPasswordAllowed(password);
      const [pending] = await db
        .select()
        .from(identityVerificationCodes)
        .where(and(eq(identityVerificationCodes.userId, user.id), eq(identityVerificationCodes.purpose, 'forgot_password')))
        .orderBy(desc(identityVerificationCodes.createdAt))
        .limit(1);
      if (!pending) throw new CognitoError('ExpiredCodeException', MESSAGES.codeExpired);
      if (pending.attempts >= limits.codeAttempts) throw new CognitoError('LimitExceededException', MESSAGES.attemptLimit);
      if (pending.expiresAt.getTime() <= now().getTime()) throw new CognitoError('ExpiredCodeException', MESSAGES.codeExpired);
      const expected = Buffer.from(pending.codeHash, 'hex');
      const given = Buffer.from(await hashCode(user.id, code.trim()), 'hex');
      if (!timingSafeEqual(expected, given)) {
        await db
          .update(identityVerificationCodes)
          .set({ attempts: sql`${identityVerificationCodes.attempts} + 1` })
          .where(eq(identityVerificationCodes.id, pending.id));
        throw new CognitoError('CodeMismatchException', MESSAGES.codeMismatch);
      }
      // Deleting is the claim: of two concurrent confirmations, one wins.
      const [claimed] = await db.delete(identityVerificationCodes).where(eq(identityVerificationCodes.id, pending.id)).returning();
      if (!claimed) throw new CognitoError('ExpiredCodeException', MESSAGES.codeExpired);
      await db
        .update(identityUsers)
        .set({ ...passwordColumns(poolId, user.username, password, 'CONFIRMED', now()), emailVerified: true })
        .where(eq(identityUsers.id, user.id));
      // Whoever might have known the old password loses their sessions.
      await revokeRefreshTokens(user.id);
      logger.info({ sub: user.id }, 'pool password reset with a code');
      return {};
    },

    async GlobalSignOut(input) {
      const { user } = await userOfAccessToken(requiredString(input, 'AccessToken'));
      await revokeRefreshTokens(user.id);
      return {};
    },

    async RevokeToken(input) {
      const requestClientId = assertClient(input);
      const token = requiredString(input, 'Token');
      // Unknown tokens are not an error (RFC 7009): the client wanted it dead, and it is.
      await db
        .update(identityRefreshTokens)
        .set({ revokedAt: now() })
        .where(
          and(
            eq(identityRefreshTokens.tokenHash, hashRefreshToken(token)),
            eq(identityRefreshTokens.clientId, requestClientId),
            isNull(identityRefreshTokens.revokedAt),
          ),
        );
      return {};
    },
  };

  /** Runs one protocol operation; throws CognitoError for protocol errors. */
  async function handle(operation: string, input: Input, request: RequestContext): Promise<unknown> {
    const run = Object.hasOwn(operations, operation) ? operations[operation] : undefined;
    if (!run) throw new CognitoError('UnknownOperationException', `The operation ${operation} is not supported by this user pool.`);
    return run(input, request);
  }

  const trustedIssuer: TrustedIssuer = { kind: 'cognito', issuer, audience: [clientId], jwks: keys.getKey };

  const pool = {
    poolId,
    clientId,
    issuer,
    lifetimes,
    limits,
    devOutbox: options.devOutbox ?? false,
    logger,
    clientIp: options.clientIp,
    /** What the API's token verifier needs to accept this pool's ID tokens. */
    trustedIssuer,
    handle,
    jwks: () => keys.jwks(),
    /** Creates a user in this pool (see createPoolUser). */
    createUser: (input: Omit<CreatePoolUserInput, 'poolId'>) => createPoolUser(db, { ...input, poolId, now: input.now ?? now() }),
    setPassword: (input: Omit<SetPoolUserPasswordInput, 'poolId'>) => setPoolUserPassword(db, { ...input, poolId, now: input.now ?? now() }),
    latestOutbox: (limit?: number) => latestOutbox(db, limit),
    /** Resolves when mail being delivered has been handed over (or failed). */
    idle: async () => {
      await Promise.all([...deliveries]);
    },
    /** Amplify's `Auth.Cognito` settings for clients of this pool, given where its routes are reached. */
    clientConfig: (userPoolEndpoint: string) => ({ userPoolId: poolId, userPoolClientId: clientId, userPoolEndpoint }),
  };
  const routes: Hono = identityRoutes(pool);
  return { ...pool, routes };
}

export type UserPool = ReturnType<typeof createUserPool>;
