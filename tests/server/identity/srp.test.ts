import { describe, expect, it } from 'vitest';
import { passwordProblem } from '../../../server/identity/password-policy';
import { N, g, hashHex, isSrpTimestamp, modPow, padHex } from '../../../server/identity/srp';

/** The SRP encodings (the end-to-end proof is the Amplify sign-in in sign-in.test.ts). */
describe('padHex', () => {
  it('is the shortest even-length hex, with 00 in front when the top bit is set (the examples in Amplify)', () => {
    expect(padHex(20n)).toBe('14');
    expect(padHex(56n)).toBe('38');
    expect(padHex(236n)).toBe('00ec');
    expect(padHex(200n)).toBe('00c8');
    expect(padHex(2n)).toBe('02');
    expect(padHex(0x1234n)).toBe('1234');
    expect(padHex(N).startsWith('00ffffffff')).toBe(true);
  });
});

describe('modPow', () => {
  it('agrees with plain arithmetic and Fermat on the group', () => {
    expect(modPow(3n, 200n, 1_000_003n)).toBe(3n ** 200n % 1_000_003n);
    // N is prime, so g^(N-1) = 1 mod N.
    expect(modPow(g, N - 1n, N)).toBe(1n);
  });
});

describe('hashHex', () => {
  it('hashes the bytes the hex spells', () => {
    expect(hashHex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});

describe('isSrpTimestamp', () => {
  it("accepts Amplify's format only", () => {
    expect(isSrpTimestamp('Tue Mar 3 09:05:07 UTC 2026')).toBe(true);
    expect(isSrpTimestamp('Sat Oct 31 23:59:59 UTC 2026')).toBe(true);
    expect(isSrpTimestamp('Tue Mar 03 09:05:07 UTC 2026')).toBe(false);
    expect(isSrpTimestamp('2026-03-03T09:05:07Z')).toBe(false);
  });
});

describe('password policy (rules §5)', () => {
  it('names the first rule a password breaks, as Cognito does', () => {
    expect(passwordProblem('Aa1!')).toBe('Password not long enough');
    expect(passwordProblem('abcdefghij1!')).toBe('Password must have uppercase characters');
    expect(passwordProblem('ABCDEFGHIJ1!')).toBe('Password must have lowercase characters');
    expect(passwordProblem('Abcdefghijk!')).toBe('Password must have numeric characters');
    expect(passwordProblem('Abcdefghijk1')).toBe('Password must have symbol characters');
    expect(passwordProblem('Abcdefghij 1')).toBeNull();
    expect(passwordProblem('Correct-Horse-42')).toBeNull();
    for (const symbol of '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+-') expect(passwordProblem(`Abcdefghij1${symbol}`)).toBeNull();
  });
});
