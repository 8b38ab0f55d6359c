/**
 * Signed-in sessions: a completed sign-in stores a refresh token (hashed) and issues ID and access
 * tokens that name it (`origin_jti`). Refreshing, reading the user, signing out everywhere and
 * revoking a refresh token all go through that row, so revocation ends the session's refreshes and
 * its access token's use on pool operations (ID tokens live until they expire, as with Cognito).
 *
 * Refresh tokens rotate, as a Cognito app client with refresh token rotation does: each
 * GetTokensFromRefreshToken answers a new RefreshToken and retires the one presented. The tokens
 * of one sign-in form a family (`family_id`, rows in the database, so every instance sees the same
 * state). A retired token presented again after the grace window means two parties hold the
 * family (a stolen token, or the user's copy after a thief refreshed first): every token of the
 * family is revoked, and both have to sign in again.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { addSeconds, type PoolContext, type PoolOperation } from './context';
import { CognitoError, MESSAGES } from './errors';
import { requireClient, requiredString } from './input';
import { mfaFieldsOf } from './authenticator';
import { identityRefreshTokens } from './schema';
import { hashRefreshToken, newRefreshToken, type AuthenticationResult, type TokenSubject } from './tokens';
import { poolUserById, type PoolUser } from './users';

const subjectOf = (user: PoolUser): TokenSubject => ({
  sub: user.id,
  username: user.username,
  email: user.email,
  emailVerified: user.emailVerified,
  ...(user.name ? { name: user.name } : {}),
});

/**
 * How long a rotated-out refresh token still refreshes (Cognito's RetryGracePeriodSeconds, which
 * allows 0-60). Needed: two tabs of the task pane or admin app share one stored refresh token, and
 * when their tokens expire together both can send it before either stores the successor; a retry
 * after a lost answer does the same. Each such request gets its own successor in the same family.
 * Kept short, because a thief who replays the token within it is not caught by that replay (they
 * are at their next reuse of any retired token of the family).
 */
export const ROTATION_GRACE_SECONDS = 10;

/** A stored refresh token: the first of a sign-in, or the successor of `rotated` in its family. */
async function storeRefreshToken(
  context: PoolContext,
  values: { userId: string; authTime: Date; expiresAt: Date; familyId?: string },
): Promise<{ id: string; token: string }> {
  const refresh = newRefreshToken();
  const id = randomUUID();
  await context.db.insert(identityRefreshTokens).values({
    id,
    familyId: values.familyId ?? id,
    tokenHash: refresh.hash,
    userId: values.userId,
    clientId: context.clientId,
    authTime: values.authTime,
    createdAt: context.now(),
    expiresAt: values.expiresAt,
  });
  return { id, token: refresh.token };
}

/** A new refresh token and the tokens that come with it (a completed sign-in). */
export async function startSession(context: PoolContext, user: PoolUser): Promise<AuthenticationResult> {
  const { clientId, lifetimes, tokens } = context;
  const at = context.now();
  const refresh = await storeRefreshToken(context, { userId: user.id, authTime: at, expiresAt: addSeconds(at, lifetimes.refreshTokenSeconds) });
  const result = await tokens.issue({ user: subjectOf(user), clientId, originJti: refresh.id, authTime: at, now: at });
  return { ...result, RefreshToken: refresh.token };
}

/** Revokes every live token of a family (a replayed refresh token, a sign-out). */
async function revokeFamily(context: PoolContext, familyId: string): Promise<void> {
  await context.db
    .update(identityRefreshTokens)
    .set({ revokedAt: context.now() })
    .where(and(eq(identityRefreshTokens.familyId, familyId), isNull(identityRefreshTokens.revokedAt)));
}

/**
 * Fresh ID and access tokens and a new refresh token (rotation) for a live refresh token of this
 * app client. The new token keeps the family's expiry: rotation never lengthens a sign-in.
 */
export async function refreshSession(context: PoolContext, refreshToken: string, requestClientId: string): Promise<AuthenticationResult> {
  const { db, poolId, clientId, tokens } = context;
  const [row] = await db.select().from(identityRefreshTokens).where(eq(identityRefreshTokens.tokenHash, hashRefreshToken(refreshToken))).limit(1);
  if (!row || row.clientId !== requestClientId) throw new CognitoError('NotAuthorizedException', MESSAGES.invalidRefreshToken);
  if (row.revokedAt) throw new CognitoError('NotAuthorizedException', MESSAGES.refreshTokenRevoked);
  const at = context.now();
  if (row.expiresAt.getTime() <= at.getTime()) throw new CognitoError('NotAuthorizedException', MESSAGES.refreshTokenExpired);
  const graceEnds = (rotatedAt: Date) => rotatedAt.getTime() + ROTATION_GRACE_SECONDS * 1000;
  if (row.rotatedAt && at.getTime() > graceEnds(row.rotatedAt)) {
    await revokeFamily(context, row.familyId);
    // The family's id only: never the token, the user or the address.
    context.logger.warn({ family: row.familyId }, 'a rotated-out refresh token was presented again: its sign-in is revoked');
    throw new CognitoError('NotAuthorizedException', MESSAGES.refreshTokenRevoked);
  }
  const user = await poolUserById(db, row.userId);
  if (!user || user.poolId !== poolId) throw new CognitoError('NotAuthorizedException', MESSAGES.userDoesNotExist);
  if (!user.enabled) throw new CognitoError('NotAuthorizedException', MESSAGES.userDisabled);
  if (user.status === 'RESET_REQUIRED') throw new CognitoError('PasswordResetRequiredException', MESSAGES.passwordResetRequired);
  if (!row.rotatedAt) {
    // One statement decides which concurrent request retires the token; a loser is within the grace.
    await db
      .update(identityRefreshTokens)
      .set({ rotatedAt: at })
      .where(and(eq(identityRefreshTokens.id, row.id), isNull(identityRefreshTokens.rotatedAt)));
  }
  const next = await storeRefreshToken(context, { userId: user.id, authTime: row.authTime, expiresAt: row.expiresAt, familyId: row.familyId });
  const result = await tokens.issue({ user: subjectOf(user), clientId, originJti: next.id, authTime: row.authTime, now: at });
  return { ...result, RefreshToken: next.token };
}

/** Ends every session of a user, except the sign-in (family) of `keep` (a refresh token row id) when given. */
export async function revokeSessions(context: PoolContext, userId: string, keep?: string): Promise<void> {
  let keepFamily: string | undefined;
  if (keep) {
    const [kept] = await context.db.select({ familyId: identityRefreshTokens.familyId }).from(identityRefreshTokens).where(eq(identityRefreshTokens.id, keep)).limit(1);
    keepFamily = kept?.familyId;
  }
  await context.db
    .update(identityRefreshTokens)
    .set({ revokedAt: context.now() })
    .where(
      and(
        eq(identityRefreshTokens.userId, userId),
        isNull(identityRefreshTokens.revokedAt),
        keepFamily ? ne(identityRefreshTokens.familyId, keepFamily) : undefined,
      ),
    );
}

/** The user behind an access token, refusing revoked sessions as Cognito does. */
export async function userOfAccessToken(context: PoolContext, accessToken: string): Promise<{ user: PoolUser; originJti: string }> {
  const { db, poolId, tokens } = context;
  const claims = await tokens.verifyAccessToken(accessToken, context.now());
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
}

// --- operations -----------------------------------------------------------------------------------

/** Amplify's `fetchAuthSession` refresh. */
export const getTokensFromRefreshToken: PoolOperation = async (context, input) => {
  const requestClientId = requireClient(context, input);
  const refreshToken = requiredString(input, 'RefreshToken');
  return { AuthenticationResult: await refreshSession(context, refreshToken, requestClientId) };
};

/**
 * Amplify's `fetchUserAttributes` and `fetchMFAPreference`: the attributes (`name` when set), with the account's
 * multi-factor policy as `custom:mfa_policy`, and the authenticator when it is on.
 */
export const getUser: PoolOperation = async (context, input) => {
  const { user } = await userOfAccessToken(context, requiredString(input, 'AccessToken'));
  const mfa = await mfaFieldsOf(context, user);
  return {
    Username: user.username,
    UserAttributes: [
      { Name: 'email', Value: user.email },
      { Name: 'email_verified', Value: String(user.emailVerified) },
      { Name: 'sub', Value: user.id },
      // The display name (attributes.ts), only when set, as Cognito lists attributes.
      ...(user.name ? [{ Name: 'name', Value: user.name }] : []),
      { Name: 'custom:mfa_policy', Value: mfa.policy },
    ],
    ...mfa.fields,
  };
};

/** Amplify's `signOut({ global: true })`: every device's refresh token stops working. */
export const globalSignOut: PoolOperation = async (context, input) => {
  const { user } = await userOfAccessToken(context, requiredString(input, 'AccessToken'));
  await revokeSessions(context, user.id);
  return {};
};

/** Amplify's `signOut()`: this device's refresh token, and every token of its sign-in, stop working. */
export const revokeToken: PoolOperation = async (context, input) => {
  const requestClientId = requireClient(context, input);
  const token = requiredString(input, 'Token');
  const [row] = await context.db
    .select({ familyId: identityRefreshTokens.familyId })
    .from(identityRefreshTokens)
    .where(and(eq(identityRefreshTokens.tokenHash, hashRefreshToken(token)), eq(identityRefreshTokens.clientId, requestClientId)))
    .limit(1);
  // Unknown tokens are not an error (RFC 7009): the client wanted it dead, and it is.
  if (row) await revokeFamily(context, row.familyId);
  return {};
};
