// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  CODE_VERIFIER_LENGTH,
  UNRESERVED_CHARACTERS,
  base64UrlEncode,
  createCodeChallenge,
  createCodeVerifier,
  createState,
} from '../../../src/domain/pkce';

describe('PKCE helpers', () => {
  it('makes 128-character verifiers from the unreserved set, different each time', () => {
    const verifier = createCodeVerifier();
    expect(verifier).toHaveLength(CODE_VERIFIER_LENGTH);
    expect(verifier).toMatch(/^[A-Za-z0-9\-._~]{128}$/);
    expect(createCodeVerifier()).not.toBe(verifier);
    expect(UNRESERVED_CHARACTERS).toHaveLength(66);
  });

  it('maps random bytes without bias by rejecting bytes of 198 and above', () => {
    let call = 0;
    const fake = {
      getRandomValues: <T extends ArrayBufferView | null>(array: T): T => {
        const bytes = array as unknown as Uint8Array;
        // First call: all rejected bytes except one 0 and one 197; later calls: 65, the last character.
        bytes.fill(call === 0 ? 255 : 65);
        if (call === 0) {
          bytes[3] = 0;
          bytes[7] = 197;
        }
        call += 1;
        return array;
      },
    } as unknown as Crypto;
    const verifier = createCodeVerifier(fake);
    expect(verifier.slice(0, 2)).toBe(`A${UNRESERVED_CHARACTERS[197 % 66]}`);
    expect(verifier.slice(2)).toBe('~'.repeat(126));
  });

  it('computes the S256 challenge of RFC 7636 appendix B', async () => {
    await expect(createCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).resolves.toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('encodes base64url without padding', () => {
    expect(base64UrlEncode(new Uint8Array([0xfb, 0xff]))).toBe('-_8');
    expect(base64UrlEncode(new Uint8Array([]))).toBe('');
  });

  it('makes a 16-byte hex state', () => {
    const state = createState();
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(createState()).not.toBe(state);
  });
});
