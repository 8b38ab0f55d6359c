/**
 * SRP-6a as AWS Cognito speaks it, server side. The client is aws-amplify's
 * (`@aws-amplify/auth/src/providers/cognito/utils/srp`); every encoding below follows it byte for
 * byte, because the proof is a hash over these exact bytes:
 * - group: the 3072-bit MODP prime of RFC 3526, g = 2;
 * - numbers are hashed as "padded hex": the shortest even-length big-endian hex of the value, with
 *   a `00` byte in front when the top bit is set (Java's BigInteger.toByteArray, which Cognito's
 *   service side uses), not padded to the length of N;
 * - k = H(pad(N) | pad(g)), u = H(pad(A) | pad(B)), x = H(pad(salt) | H(poolName | username | ":" | password));
 * - the session key is HKDF-SHA256(ikm = pad(S), salt = pad(u), info = "Caldera Derived Key"), 16 bytes;
 * - the client's proof is HMAC-SHA256(key, poolName | username | SECRET_BLOCK bytes | TIMESTAMP), base64.
 * `poolName` is the part of the pool id after the underscore, so verifiers are bound to the pool
 * id: changing CANNERY_POOL_ID invalidates every stored password.
 */
import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

const N_HEX =
  'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
  'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
  'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
  '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
  'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
  '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
  'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
  'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF';

export const N = BigInt(`0x${N_HEX}`);
export const g = 2n;

/** Shortest even-length hex of a non-negative value, with `00` in front when the top bit is set. */
export function padHex(value: bigint): string {
  if (value < 0n) throw new RangeError('SRP values are never negative');
  let hex = value.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  return /^[89a-f]/.test(hex) ? `00${hex}` : hex;
}

/** SHA-256 of the bytes a hex string spells, as 64 hex characters. */
export function hashHex(hex: string): string {
  return createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
}

function hashText(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export function hexToBigInt(hex: string): bigint {
  return BigInt(`0x${hex}`);
}

/** base^exponent mod modulus, square-and-multiply (BigInt has no built-in modular power). */
export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

const k = hexToBigInt(hashHex(padHex(N) + padHex(g)));

/** The part of a pool id (`region_name`) that Amplify mixes into every SRP hash. */
export function poolNameOf(poolId: string): string {
  return poolId.split('_')[1] ?? '';
}

/** A new random salt, as the hex Cognito sends in SALT. */
export function newSalt(): string {
  return randomBytes(16).toString('hex');
}

/** v = g^x mod N for a password; what the database keeps instead of the password. */
export function computeVerifier(poolName: string, username: string, password: string, saltHex: string): string {
  const inner = hashText(`${poolName}${username}:${password}`);
  const x = hexToBigInt(hashHex(padHex(hexToBigInt(saltHex)) + inner));
  return padHex(modPow(g, x, N));
}

/** Compares a candidate password with a stored verifier, in constant time for equal-length values. */
export function verifierMatches(storedHex: string, candidateHex: string): boolean {
  const a = Buffer.from(storedHex, 'hex');
  const b = Buffer.from(candidateHex, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Validates the client's A (hex): it must be a number with A mod N ≠ 0, or the exchange is void. */
export function parseClientA(hex: string): bigint | null {
  if (!/^[0-9a-fA-F]{1,1600}$/.test(hex)) return null;
  const a = hexToBigInt(hex);
  return a % N === 0n ? null : a;
}

/** The server's half: a secret b and B = (k·v + g^b) mod N, as hex. */
export function serverEphemeral(verifierHex: string): { b: string; bigB: string } {
  const v = hexToBigInt(verifierHex);
  for (;;) {
    // 256 random bits: RFC 5054's recommended minimum for the private exponent.
    const b = hexToBigInt(randomBytes(32).toString('hex'));
    const bigB = (k * v + modPow(g, b, N)) % N;
    if (bigB !== 0n) return { b: b.toString(16), bigB: bigB.toString(16) };
  }
}

/**
 * The 16-byte key both sides derive: S = (A · v^u)^b mod N, then HKDF as Amplify does it.
 * Returns null when u is 0 (the client then cannot have computed a key either).
 */
export function sessionKey(input: { a: string; b: string; bigB: string; verifier: string }): Buffer | null {
  const A = hexToBigInt(input.a);
  const B = hexToBigInt(input.bigB);
  const u = hexToBigInt(hashHex(padHex(A) + padHex(B)));
  if (u === 0n) return null;
  const v = hexToBigInt(input.verifier);
  const S = modPow((A * modPow(v, u, N)) % N, hexToBigInt(input.b), N);
  return Buffer.from(hkdfSync('sha256', Buffer.from(padHex(S), 'hex'), Buffer.from(padHex(u), 'hex'), 'Caldera Derived Key', 16));
}

/** The PASSWORD_CLAIM_SIGNATURE a client holding `key` sends (base64). */
export function claimSignature(key: Buffer, poolName: string, username: string, secretBlock: string, timestamp: string): Buffer {
  return createHmac('sha256', key)
    .update(Buffer.from(poolName, 'utf8'))
    .update(Buffer.from(username, 'utf8'))
    .update(Buffer.from(secretBlock, 'base64'))
    .update(Buffer.from(timestamp, 'utf8'))
    .digest();
}

/** Checks a client's PASSWORD_CLAIM_SIGNATURE in constant time. */
export function signatureMatches(expected: Buffer, claimedBase64: string): boolean {
  const claimed = Buffer.from(claimedBase64, 'base64');
  return claimed.length === expected.length && timingSafeEqual(claimed, expected);
}

/**
 * Amplify's TIMESTAMP: `ddd MMM D HH:mm:ss UTC YYYY` in UTC, the day not zero-padded
 * (`Tue Mar 3 09:05:07 UTC 2026`). Only its shape is checked: the session it answers is single-use
 * and short-lived, so a replay is refused anyway, and a client with a wrong clock can still sign in.
 */
export function isSrpTimestamp(value: string): boolean {
  return /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) ([1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d UTC \d{4}$/.test(
    value,
  );
}
