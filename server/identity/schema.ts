/**
 * Tables of the built-in user pool (server/identity). Kept apart from server/db/schema.ts so the
 * pool can be lifted out or replaced by a real Cognito pool without touching Cannery's own data;
 * drizzle.config.ts lists both files, so one migration history covers both.
 *
 * No password is ever stored: a user has an SRP-6a salt and verifier (v = g^x mod N), which is
 * all the server needs to check both SRP sign-ins and plain passwords. Refresh tokens, challenge
 * sessions and verification codes are stored as hashes, so a read of the database does not hand
 * out live credentials.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { JWK } from 'jose';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const POOL_USER_STATUSES = ['CONFIRMED', 'FORCE_CHANGE_PASSWORD', 'RESET_REQUIRED'] as const;
export type PoolUserStatus = (typeof POOL_USER_STATUSES)[number];

export const identityUsers = pgTable(
  'identity_users',
  {
    /** The `sub` claim: a UUID that never changes, unlike the email. */
    id: text('id').primaryKey(),
    /** Several pools can share a database (tests do); a user belongs to one. */
    poolId: text('pool_id').notNull(),
    /** The email, trimmed and lower-cased: what USERNAME and USER_ID_FOR_SRP carry. */
    username: text('username').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(true),
    /** SRP salt and verifier, lower-case hex. The verifier depends on pool name and username. */
    srpSalt: text('srp_salt').notNull(),
    srpVerifier: text('srp_verifier').notNull(),
    status: text('status').$type<PoolUserStatus>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Failed sign-ins in the current window, which starts at the first failure. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    firstFailedAt: at('first_failed_at'),
    lockedUntil: at('locked_until'),
    passwordChangedAt: at('password_changed_at').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('identity_users_pool_username_idx').on(t.poolId, t.username),
    check('identity_users_status_check', sql`${t.status} in ('CONFIRMED', 'FORCE_CHANGE_PASSWORD', 'RESET_REQUIRED')`),
  ],
);

export const identityRefreshTokens = pgTable(
  'identity_refresh_tokens',
  {
    /** Also the `origin_jti` of every token issued from it, so revoking it revokes them. */
    id: text('id').primaryKey(),
    /** SHA-256 (hex) of the opaque token the client holds. */
    tokenHash: text('token_hash').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => identityUsers.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    /** When the user signed in with a password: refreshed ID tokens keep it as `auth_time`. */
    authTime: at('auth_time').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (t) => [uniqueIndex('identity_refresh_tokens_hash_idx').on(t.tokenHash), index('identity_refresh_tokens_user_idx').on(t.userId)],
);

export const identityVerificationCodes = pgTable(
  'identity_verification_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => identityUsers.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'forgot_password'>().notNull(),
    /** HMAC-SHA256 (hex) of the 6-digit code under a key derived from the pool's signing key. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('identity_verification_codes_user_idx').on(t.userId)],
);

/**
 * Sign-in challenges waiting for an answer: the SRP exchange between InitiateAuth and
 * RespondToAuthChallenge, and the NEW_PASSWORD_REQUIRED session. Kept in the database (not in
 * memory) so any server instance can take the second request; each is used once.
 */
export const identityAuthSessions = pgTable(
  'identity_auth_sessions',
  {
    /** SHA-256 (hex) of the SECRET_BLOCK or Session the client holds. */
    id: text('id').primaryKey(),
    poolId: text('pool_id').notNull(),
    kind: text('kind').$type<'PASSWORD_VERIFIER' | 'NEW_PASSWORD_REQUIRED'>().notNull(),
    /** The username asked for; the user may not exist (the answer must not tell). */
    username: text('username').notNull(),
    userId: text('user_id').references(() => identityUsers.id, { onDelete: 'cascade' }),
    /** The server's side of the SRP exchange (hex): its secret b, and A and B. */
    srpState: jsonb('srp_state').$type<{ a: string; b: string; bigB: string }>(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('identity_auth_sessions_expires_idx').on(t.expiresAt)],
);

/** Mail the pool sends (verification codes). Delivered by SMTP when configured, else kept for the dev page. */
export const identityOutbox = pgTable(
  'identity_outbox',
  {
    id: text('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull(),
    sentAt: at('sent_at'),
    lastError: text('last_error'),
  },
  (t) => [index('identity_outbox_created_idx').on(t.createdAt)],
);

/**
 * The pool's token-signing keys. Generated on first use and kept, so restarts and other
 * instances keep accepting issued tokens. One active key per pool; retired keys stay in the JWKS
 * until the tokens they signed have expired.
 */
export const identitySigningKeys = pgTable(
  'identity_signing_keys',
  {
    kid: text('kid').primaryKey(),
    poolId: text('pool_id').notNull(),
    algorithm: text('algorithm').notNull().default('RS256'),
    privateKeyPem: text('private_key_pem').notNull(),
    publicJwk: jsonb('public_jwk').$type<JWK>().notNull(),
    createdAt: at('created_at').notNull(),
    retiredAt: at('retired_at'),
  },
  (t) => [uniqueIndex('identity_signing_keys_active_idx').on(t.poolId).where(sql`${t.retiredAt} is null`)],
);
