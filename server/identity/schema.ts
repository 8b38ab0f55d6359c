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
    /** The `name` attribute: the user's display name (UpdateUserAttributes, attributes.ts); null when not set. */
    name: text('name'),
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
    /**
     * The authenticator app (mfa.ts): its verified secret and one set up but not yet verified,
     * both sealed (secret-box.ts), never the base32 text. Enabled and preferred as the user (or,
     * under a 'required' policy, the sign-in that set it up) chose.
     */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    totpPreferred: boolean('totp_preferred').notNull().default(false),
    /** The authenticator's name (VerifySoftwareToken's FriendlyDeviceName). */
    totpName: text('totp_name'),
    /** The last 30-second time step whose code was accepted: a code is never taken twice. */
    totpLastStep: integer('totp_last_step'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('identity_users_pool_username_idx').on(t.poolId, t.username),
    check('identity_users_status_check', sql`${t.status} in ('CONFIRMED', 'FORCE_CHANGE_PASSWORD', 'RESET_REQUIRED')`),
  ],
);

/** The sign-in steps a challenge session can stand for. */
export type ChallengeKind =
  | 'PASSWORD_VERIFIER'
  | 'NEW_PASSWORD_REQUIRED'
  | 'SOFTWARE_TOKEN_MFA'
  | 'SELECT_MFA_TYPE'
  | 'MFA_SETUP'
  | 'DEVICE_SRP_AUTH'
  | 'DEVICE_PASSWORD_VERIFIER';

/**
 * Devices a user signed in from with an authenticator code (devices.ts). The client proves a
 * remembered device with SRP against the device's own verifier (device key as username, device
 * group key as pool name), which skips the code; the device's random password never leaves it.
 */
export const identityDevices = pgTable(
  'identity_devices',
  {
    /** `<region>_<uuid>`, what the client calls DeviceKey. */
    deviceKey: text('device_key').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => identityUsers.id, { onDelete: 'cascade' }),
    groupKey: text('group_key').notNull(),
    name: text('name'),
    /** SRP salt and verifier (lower-case hex), set by ConfirmDevice; null until then. */
    srpSalt: text('srp_salt'),
    srpVerifier: text('srp_verifier'),
    remembered: boolean('remembered').notNull().default(false),
    lastIp: text('last_ip'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    lastAuthenticatedAt: at('last_authenticated_at'),
  },
  (t) => [index('identity_devices_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The key that seals authenticator secrets when CANNERY_POOL_DATA_KEY is not set (development):
 * generated once per pool and kept here, which protects nothing against a reader of the database.
 */
export const identityDataKeys = pgTable('identity_data_keys', {
  poolId: text('pool_id').primaryKey(),
  /** 32 bytes, base64. */
  key: text('key').notNull(),
  createdAt: at('created_at').notNull(),
});

export const identityRefreshTokens = pgTable(
  'identity_refresh_tokens',
  {
    /** Also the `origin_jti` of every token issued from it, so revoking it revokes them. */
    id: text('id').primaryKey(),
    /**
     * The sign-in this token descends from: the id of the first token of the sign-in, which each
     * rotation hands on. A rotated-out token presented again revokes every token of its family.
     */
    familyId: text('family_id').notNull(),
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
    /** When a refresh handed out this token's successor (rotation); null while it is the newest. */
    rotatedAt: at('rotated_at'),
  },
  (t) => [
    uniqueIndex('identity_refresh_tokens_hash_idx').on(t.tokenHash),
    index('identity_refresh_tokens_user_idx').on(t.userId),
    index('identity_refresh_tokens_family_idx').on(t.familyId),
  ],
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
    kind: text('kind').$type<ChallengeKind>().notNull(),
    /** The username asked for; the user may not exist (the answer must not tell). */
    username: text('username').notNull(),
    userId: text('user_id').references(() => identityUsers.id, { onDelete: 'cascade' }),
    /** The server's side of the SRP exchange (hex): its secret b, and A and B. */
    srpState: jsonb('srp_state').$type<{ a: string; b: string; bigB: string }>(),
    /** The device the client named (DEVICE_KEY), carried through the code and device steps. */
    deviceKey: text('device_key'),
    /** MFA_SETUP only: 'associated' once a secret was issued, 'verified' once its code was right. */
    stage: text('stage').$type<'associated' | 'verified'>(),
    /** Wrong codes answered on this session (it closes after `codeAttempts`). */
    attempts: integer('attempts').notNull().default(0),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('identity_auth_sessions_expires_idx').on(t.expiresAt)],
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

/**
 * Failed sign-ins of usernames that have no account, counted and locked like `identity_users`'
 * own columns, so every instance answers an unknown username as it answers a real one. The key
 * is an HMAC of the pool id and the lower-cased username under a secret derived from the pool's
 * signing key: the table never holds the name. Rows past `expires_at` are swept (lockout.ts).
 */
export const identityUnknownFailures = pgTable(
  'identity_unknown_failures',
  {
    key: text('key').primaryKey(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    firstFailedAt: at('first_failed_at'),
    lockedUntil: at('locked_until'),
    /** After this the row says nothing any more (window passed, lock over). */
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('identity_unknown_failures_expires_idx').on(t.expiresAt)],
);

/**
 * The pool's caps (per address and per username, limits.ts), counted in fixed windows shared by
 * every instance. The key is an HMAC of the pool id, the cap and what it counts (an address or a
 * username), never the value itself. Rows past `expires_at` (the window's end) are swept.
 */
export const identityRateWindows = pgTable(
  'identity_rate_windows',
  {
    key: text('key').primaryKey(),
    windowStart: at('window_start').notNull(),
    count: integer('count').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('identity_rate_windows_expires_idx').on(t.expiresAt)],
);
