import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';

/** Which identity service signed a token: the user pool (Cognito protocol) or the work account. */
export type IdentityKind = 'cognito' | 'microsoft';

export interface TrustedIssuer {
  kind: IdentityKind;
  /** The `iss` claim, exactly. */
  issuer: string;
  /** Accepted `aud` values: the app client ids. */
  audience: string[];
  /** Where the signing keys are: a JWKS URL, or the key set itself (the built-in pool). */
  jwks: string | JSONWebKeySet | JWTVerifyGetKey;
}

export interface VerifiedIdentity {
  kind: IdentityKind;
  /** The `iss` claim: a `sub` names a user only together with its issuer. */
  issuer: string;
  /** Whether this is the one issuer of its kind the server trusts (see loadCaller). */
  soleIssuerOfKind: boolean;
  sub: string;
  email: string | null;
  /**
   * Whether the issuer vouches for `email`: `email_verified: true`, or Entra's `xms_edov: true`
   * (the email's domain is verified by the tenant). Only then may a sign-in be linked to an
   * invitation by its email (server/people/work-accounts.ts).
   */
  emailVerified: boolean;
  /** The Microsoft Entra tenant (`tid`) of a work-account token, lower-cased; null otherwise. */
  tenant: string | null;
}

export class TokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenError';
  }
}

function keySource(jwks: TrustedIssuer['jwks']): JWTVerifyGetKey {
  if (typeof jwks === 'function') return jwks;
  if (typeof jwks === 'string') return createRemoteJWKSet(new URL(jwks), { cacheMaxAge: 10 * 60_000 });
  return createLocalJWKSet(jwks);
}

/**
 * Verifies ID tokens: signature against the issuer's keys (RS256 only), issuer, audience and
 * expiry (5 s of clock tolerance, for clocks a little apart). Cognito ID tokens must say `token_use: id`, so an access token
 * cannot stand in for an ID token.
 */
export function createTokenVerifier(issuers: TrustedIssuer[]) {
  const byIssuer = new Map(issuers.map((issuer) => [issuer.issuer, { ...issuer, keys: keySource(issuer.jwks) }]));
  const issuersOfKind = (kind: IdentityKind) => [...byIssuer.values()].filter((issuer) => issuer.kind === kind).length;
  return async function verifyIdToken(token: string): Promise<VerifiedIdentity> {
    const [, payloadPart] = token.split('.');
    let claimedIssuer: unknown;
    try {
      claimedIssuer = (JSON.parse(Buffer.from(payloadPart ?? '', 'base64url').toString('utf8')) as { iss?: unknown }).iss;
    } catch {
      throw new TokenError('The token is not a JWT.');
    }
    const trusted = typeof claimedIssuer === 'string' ? byIssuer.get(claimedIssuer) : undefined;
    if (!trusted) throw new TokenError('The token comes from an issuer this server does not trust.');
    try {
      const { payload } = await jwtVerify(token, trusted.keys, {
        issuer: trusted.issuer,
        audience: trusted.audience,
        algorithms: ['RS256'],
        clockTolerance: 5,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      if (trusted.kind === 'cognito' && payload.token_use !== 'id') throw new TokenError('An ID token is required.');
      return {
        kind: trusted.kind,
        issuer: trusted.issuer,
        soleIssuerOfKind: issuersOfKind(trusted.kind) === 1,
        sub: String(payload.sub),
        email: typeof payload.email === 'string' ? payload.email : null,
        emailVerified: payload.email_verified === true || payload.xms_edov === true,
        tenant: trusted.kind === 'microsoft' && typeof payload.tid === 'string' ? payload.tid.toLowerCase() : null,
      };
    } catch (error) {
      if (error instanceof TokenError) throw error;
      if (error instanceof errors.JWTExpired) throw new TokenError('The token has expired.');
      throw new TokenError('The token could not be verified.');
    }
  };
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;
