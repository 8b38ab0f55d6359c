import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import type { SigningKeys } from './keys';
import { CognitoError, MESSAGES } from './errors';

/** Token lifetimes in seconds. Cognito's defaults: one hour for ID and access tokens, 30 days for refresh. */
export interface TokenLifetimes {
  idTokenSeconds: number;
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
}

export const DEFAULT_LIFETIMES: TokenLifetimes = {
  idTokenSeconds: 3600,
  accessTokenSeconds: 3600,
  refreshTokenSeconds: 30 * 24 * 3600,
};

/**
 * The shortest refresh-token lifetime the server accepts: 20 hours. A refresh token ends the
 * sign-in however busy the user is, without warning and without a way to extend it; WCAG 2.2.1
 * (Timing Adjustable) allows such a limit only when it is longer than 20 hours.
 */
export const MIN_REFRESH_TOKEN_SECONDS = 20 * 3600;

export interface TokenSubject {
  sub: string;
  username: string;
  email: string;
  emailVerified: boolean;
  /** The `name` attribute, when set: the ID token carries it, as Cognito's does. */
  name?: string;
}

export interface IssueInput {
  user: TokenSubject;
  clientId: string;
  /** The refresh token these tokens come with (its row id): `origin_jti`, which revocation follows. */
  originJti: string;
  authTime: Date;
  now: Date;
}

/** Cognito's `AuthenticationResult`, with the field names Amplify reads. */
export interface AuthenticationResult {
  AccessToken: string;
  IdToken: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
  RefreshToken?: string;
  /** A device handed out with a sign-in completed with an authenticator code (devices.ts). */
  NewDeviceMetadata?: { DeviceKey: string; DeviceGroupKey: string };
}

export const ACCESS_SCOPE = 'aws.cognito.signin.user.admin';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** An opaque refresh token (what the client holds) and the hash the database keeps. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(48).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function tokenIssuer(keys: SigningKeys, issuer: string, lifetimes: TokenLifetimes) {
  const sign = async (claims: Record<string, unknown>, now: Date, lifetime: number) => {
    const { kid, privateKey } = await keys.active();
    const iat = seconds(now);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(issuer)
      .setIssuedAt(iat)
      .setExpirationTime(iat + lifetime)
      .setJti(randomUUID())
      .sign(privateKey);
  };

  /** ID and access tokens with Cognito's claims. */
  async function issue(input: IssueInput): Promise<AuthenticationResult> {
    const { user, clientId, originJti, authTime, now } = input;
    const eventId = randomUUID();
    const common = { sub: user.sub, origin_jti: originJti, event_id: eventId, auth_time: seconds(authTime) };
    const [IdToken, AccessToken] = await Promise.all([
      sign(
        {
          ...common,
          aud: clientId,
          token_use: 'id',
          'cognito:username': user.username,
          email: user.email,
          email_verified: user.emailVerified,
          ...(user.name ? { name: user.name } : {}),
        },
        now,
        lifetimes.idTokenSeconds,
      ),
      sign(
        { ...common, client_id: clientId, token_use: 'access', scope: ACCESS_SCOPE, username: user.username },
        now,
        lifetimes.accessTokenSeconds,
      ),
    ]);
    return { AccessToken, IdToken, ExpiresIn: lifetimes.accessTokenSeconds, TokenType: 'Bearer' };
  }

  /**
   * Checks an access token the way Cognito's user operations (GetUser, ChangePassword,
   * GlobalSignOut) do, answering with Cognito's NotAuthorizedException messages. Revocation is
   * checked by the caller (it needs the database).
   */
  async function verifyAccessToken(token: string, now: Date): Promise<{ sub: string; originJti: string; clientId: string }> {
    try {
      const { payload } = await jwtVerify(token, keys.getKey, { issuer, algorithms: ['RS256'], currentDate: now });
      if (
        payload.token_use !== 'access' ||
        typeof payload.sub !== 'string' ||
        typeof payload.origin_jti !== 'string' ||
        typeof payload.client_id !== 'string'
      ) {
        throw new CognitoError('NotAuthorizedException', MESSAGES.invalidAccessToken);
      }
      return { sub: payload.sub, originJti: payload.origin_jti, clientId: payload.client_id };
    } catch (error) {
      if (error instanceof CognitoError) throw error;
      if (error instanceof errors.JWTExpired) throw new CognitoError('NotAuthorizedException', MESSAGES.accessTokenExpired);
      throw new CognitoError('NotAuthorizedException', MESSAGES.invalidAccessToken);
    }
  }

  return { issue, verifyAccessToken };
}

export type TokenIssuer = ReturnType<typeof tokenIssuer>;
