import { describe, expect, it } from 'vitest';
import { loadIdentityConfig } from '../../../server/identity/config';
import { DEFAULT_LIFETIMES, MIN_REFRESH_TOKEN_SECONDS } from '../../../server/identity/tokens';

/** CANNERY_POOL_REFRESH_TOKEN_SECONDS (docs/configuration.md): a sign-in lasts at least 20 hours. */
describe('CANNERY_POOL_REFRESH_TOKEN_SECONDS', () => {
  it("keeps Cognito's 30 days when unset", () => {
    expect(loadIdentityConfig({}).lifetimes.refreshTokenSeconds).toBe(DEFAULT_LIFETIMES.refreshTokenSeconds);
  });

  it('accepts 20 hours, the shortest lifetime, and anything longer', () => {
    expect(MIN_REFRESH_TOKEN_SECONDS).toBe(72_000);
    expect(loadIdentityConfig({ CANNERY_POOL_REFRESH_TOKEN_SECONDS: '72000' }).lifetimes.refreshTokenSeconds).toBe(72_000);
    expect(loadIdentityConfig({ CANNERY_POOL_REFRESH_TOKEN_SECONDS: '86400' }).lifetimes.refreshTokenSeconds).toBe(86_400);
  });

  it.each(['71999', '3600', '1', '0', '-72000', '72000.5', 'day'])('refuses %j at start, naming the setting and its limit', (value) => {
    expect(() => loadIdentityConfig({ CANNERY_POOL_REFRESH_TOKEN_SECONDS: value })).toThrow(
      `CANNERY_POOL_REFRESH_TOKEN_SECONDS must be a whole number of seconds of at least 72000, got "${value}"`,
    );
  });

  it('still takes ID and access tokens shorter than that', () => {
    const lifetimes = loadIdentityConfig({ CANNERY_POOL_ID_TOKEN_SECONDS: '70', CANNERY_POOL_ACCESS_TOKEN_SECONDS: '70' }).lifetimes;
    expect(lifetimes).toMatchObject({ idTokenSeconds: 70, accessTokenSeconds: 70 });
    expect(() => loadIdentityConfig({ CANNERY_POOL_ID_TOKEN_SECONDS: '0' })).toThrow('CANNERY_POOL_ID_TOKEN_SECONDS must be a whole number of seconds above 0, got "0"');
  });
});
