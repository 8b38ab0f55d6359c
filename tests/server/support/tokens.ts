import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import type { IdentityKind, TrustedIssuer } from '../../../server/auth/verifier';

export interface TestIssuer {
  trusted: TrustedIssuer;
  /** Signs an ID token for `sub`; claims and lifetime can be overridden to test rejection. */
  idToken(sub: string, options?: { claims?: Record<string, unknown>; expiresInSeconds?: number; audience?: string }): Promise<string>;
}

/** An identity service for tests: its own RSA key, issuer URL and client id. */
export async function makeTestIssuer(kind: IdentityKind, issuer = `https://${kind}.issuer.test/pool`): Promise<TestIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: `${kind}-key`, alg: 'RS256', use: 'sig' };
  const audience = `${kind}-client-id`;
  return {
    trusted: { kind, issuer, audience: [audience], jwks: { keys: [jwk] } },
    idToken: (sub, options = {}) => sign(privateKey, issuer, options.audience ?? audience, sub, kind, options),
  };
}

function sign(
  key: CryptoKey,
  issuer: string,
  audience: string,
  sub: string,
  kind: IdentityKind,
  options: { claims?: Record<string, unknown>; expiresInSeconds?: number },
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...(kind === 'cognito' ? { token_use: 'id' } : {}), ...options.claims })
    .setProtectedHeader({ alg: 'RS256', kid: `${kind}-key` })
    .setIssuer(issuer)
    .setAudience(audience)
    .setSubject(sub)
    .setIssuedAt(now - 5)
    .setExpirationTime(now + (options.expiresInSeconds ?? 3600))
    .sign(key);
}
