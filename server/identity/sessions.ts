/**
 * Signed-in sessions: a completed sign-in stores a refresh token (hashed) and issues ID and access
 * tokens that name it (`origin_jti`). Refreshing, reading the user, signing out everywhere and
 * revoking a refresh token all go through that row, so revocation ends the session's refreshes and
 * its access token's use on pool operations (ID tokens live until they expire, as with Cognito).
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

const subjectOf = (user: PoolUser): TokenSubject => ({ sub: user.id, username: user.username, email: user.email, emailVerified: user.emailVerified });

/** A new refresh token and the tokens that come with it (a completed sign-in). */
export async function startSession(context: PoolContext, user: PoolUser): Promise<AuthenticationResult> {
  const { db, clientId, lifetimes, tokens } = context;
  const at = context.now();
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
  const result = await tokens.issue({ user: subjectOf(user), clientId, originJti: id, authTime: at, now: at });
  return { ...result, RefreshToken: refresh.token };
}

/** Fresh ID and access tokens for a live refresh token of this app client. */
export async function refreshSession(context: PoolContext, refreshToken: string, requestClientId: string): Promise<AuthenticationResult> {
  const { db, poolId, clientId, tokens } = context;
  const [row] = await db.select().from(identityRefreshTokens).where(eq(identityRefreshTokens.tokenHash, hashRefreshToken(refreshToken))).limit(1);
  if (!row || row.clientId !== requestClientId) throw new CognitoError('NotAuthorizedException', MESSAGES.invalidRefreshToken);
  if (row.revokedAt) throw new CognitoError('NotAuthorizedException', MESSAGES.refreshTokenRevoked);
  const at = context.now();
  if (row.expiresAt.getTime() <= at.getTime()) throw new CognitoError('NotAuthorizedException', MESSAGES.refreshTokenExpired);
  const user = await poolUserById(db, row.userId);
  if (!user || user.poolId !== poolId) throw new CognitoError('NotAuthorizedException', MESSAGES.userDoesNotExist);
  if (!user.enabled) throw new CognitoError('NotAuthorizedException', MESSAGES.userDisabled);
  if (user.status === 'RESET_REQUIRED') throw new CognitoError('PasswordResetRequiredException', MESSAGES.passwordResetRequired);
  // No rotation (Cognito's default): the client keeps its refresh token.
  return tokens.issue({ user: subjectOf(user), clientId, originJti: row.id, authTime: row.authTime, now: at });
}

/** Ends every session of a user, except `keep` (a refresh token row id) when given. */
export async function revokeSessions(context: PoolContext, userId: string, keep?: string): Promise<void> {
  await context.db
    .update(identityRefreshTokens)
    .set({ revokedAt: context.now() })
    .where(and(eq(identityRefreshTokens.userId, userId), isNull(identityRefreshTokens.revokedAt), keep ? ne(identityRefreshTokens.id, keep) : undefined));
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
 * Amplify's `fetchUserAttributes` and `fetchMFAPreference`: the attributes, with the account's
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

/** Amplify's `signOut()`: this device's refresh token stops working. */
export const revokeToken: PoolOperation = async (context, input) => {
  const requestClientId = requireClient(context, input);
  const token = requiredString(input, 'Token');
  // Unknown tokens are not an error (RFC 7009): the client wanted it dead, and it is.
  await context.db
    .update(identityRefreshTokens)
    .set({ revokedAt: context.now() })
    .where(
      and(
        eq(identityRefreshTokens.tokenHash, hashRefreshToken(token)),
        eq(identityRefreshTokens.clientId, requestClientId),
        isNull(identityRefreshTokens.revokedAt),
      ),
    );
  return {};
};
