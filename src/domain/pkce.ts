/**
 * PKCE values for the work-account sign-in (rules §9; RFC 7636): a code verifier of 128 characters
 * from the unreserved URL set, its SHA-256 challenge in base64url, and a state of 16 random bytes
 * in hex. Uses Web Crypto through `globalThis.crypto`, which browsers, extension service workers
 * and Node 20+ all provide; a `Crypto` can be passed in for tests.
 */

/** RFC 3986 unreserved characters: the alphabet of a code verifier. */
export const UNRESERVED_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
export const CODE_VERIFIER_LENGTH = 128;
export const STATE_BYTES = 16;

function defaultCrypto(): Crypto {
  const crypto = globalThis.crypto as Crypto | undefined;
  if (crypto?.subtle === undefined) throw new Error('Web Crypto is not available in this environment.');
  return crypto;
}

/**
 * A random code verifier. Random bytes are mapped onto the 66 characters by rejection (bytes of
 * 198 and above are drawn again), so every character is equally likely; a plain `byte % 66`
 * would favour the first 58.
 */
export function createCodeVerifier(crypto: Crypto = defaultCrypto()): string {
  const alphabet = UNRESERVED_CHARACTERS.length;
  const limit = 256 - (256 % alphabet);
  let verifier = '';
  while (verifier.length < CODE_VERIFIER_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(CODE_VERIFIER_LENGTH))) {
      if (byte >= limit) continue;
      verifier += UNRESERVED_CHARACTERS[byte % alphabet];
      if (verifier.length === CODE_VERIFIER_LENGTH) break;
    }
  }
  return verifier;
}

/** Base64url without padding (RFC 4648 §5), as PKCE requires. */
export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The S256 challenge of `verifier`: base64url(SHA-256(ASCII(verifier))). */
export async function createCodeChallenge(verifier: string, crypto: Crypto = defaultCrypto()): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64UrlEncode(new Uint8Array(digest));
}

/** A random state: 16 bytes as 32 lower-case hex characters. */
export function createState(crypto: Crypto = defaultCrypto()): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(STATE_BYTES)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
