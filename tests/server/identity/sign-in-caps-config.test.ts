import { describe, expect, it } from 'vitest';
import { loadIdentityConfig } from '../../../server/identity/config';
import { DEFAULT_LIMITS } from '../../../server/identity/limits';

/** The sign-in caps an operator may change (docs/configuration.md, .env.example). */
describe('CANNERY_POOL_SIGN_INS_PER_ADDRESS and CANNERY_POOL_SIGN_INS_PER_USERNAME', () => {
  it("keep the product's caps when unset", () => {
    expect(loadIdentityConfig({}).limits).toEqual({
      signInsPerIp: DEFAULT_LIMITS.signInsPerIp,
      signInsPerUsername: DEFAULT_LIMITS.signInsPerUsername,
      challengeAnswersPerIp: DEFAULT_LIMITS.challengeAnswersPerIp,
      temporaryPasswordSeconds: 7 * 86_400,
    });
  });

  it('raise the caps, the address answering as many challenges as it starts sign-ins', () => {
    expect(loadIdentityConfig({ CANNERY_POOL_SIGN_INS_PER_ADDRESS: '500', CANNERY_POOL_SIGN_INS_PER_USERNAME: '40' }).limits).toEqual({
      signInsPerIp: 500,
      signInsPerUsername: 40,
      challengeAnswersPerIp: 500,
      temporaryPasswordSeconds: 7 * 86_400,
    });
  });

  it('takes the days a temporary password signs in, from 1 to 365', () => {
    expect(loadIdentityConfig({ CANNERY_POOL_TEMPORARY_PASSWORD_DAYS: '3' }).limits.temporaryPasswordSeconds).toBe(3 * 86_400);
    for (const value of ['0', '366', 'week']) {
      expect(() => loadIdentityConfig({ CANNERY_POOL_TEMPORARY_PASSWORD_DAYS: value })).toThrow(/CANNERY_POOL_TEMPORARY_PASSWORD_DAYS must be a whole number/);
    }
  });

  it.each(['0', '-3', '1.5', 'many', '1e3', '2000000', ' 7 x', '\u0000'])('refuses %j with a message naming the setting', (value) => {
    expect(() => loadIdentityConfig({ CANNERY_POOL_SIGN_INS_PER_ADDRESS: value })).toThrow('CANNERY_POOL_SIGN_INS_PER_ADDRESS must be a whole number from 1 to 1000000');
    expect(() => loadIdentityConfig({ CANNERY_POOL_SIGN_INS_PER_USERNAME: value })).toThrow('CANNERY_POOL_SIGN_INS_PER_USERNAME must be a whole number from 1 to 1000000');
  });
});
