// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { deferredUserPool, readStoredPoolSession } from '../../../src/auth/deferred-user-pool';
import { REFRESH_LEAD_MS } from '../../../src/auth/token-lifecycle';
import type { UserPoolClient } from '../../../src/auth/user-pool';
import { makeFakeHost } from '../fake-host';
import { unsignedJwt as jwt } from '../support/unsigned-jwt';

const CLIENT_ID = 'cannery-app';
const USER = 'clerk@example.gov';
const PREFIX = `CognitoIdentityServiceProvider.${CLIENT_ID}`;
const NOW = Date.UTC(2026, 10, 22, 12);

/** Stores a session as Amplify's token store keeps it; `expiresIn` in ms from NOW, per token. */
async function storeSession(
  storage: ReturnType<typeof makeFakeHost>['storage'],
  options: { idExpiresIn?: number; accessExpiresIn?: number; aud?: unknown; clockDrift?: string } = {},
) {
  const exp = (ms: number) => Math.floor((NOW + ms) / 1000);
  const idToken = jwt({ sub: 'sub-1', token_use: 'id', aud: 'aud' in options ? options.aud : CLIENT_ID, exp: exp(options.idExpiresIn ?? 3_600_000) });
  const accessToken = jwt({ sub: 'sub-1', token_use: 'access', client_id: CLIENT_ID, exp: exp(options.accessExpiresIn ?? 3_600_000) });
  await storage.set(`${PREFIX}.LastAuthUser`, USER);
  await storage.set(`${PREFIX}.${USER}.idToken`, idToken);
  await storage.set(`${PREFIX}.${USER}.accessToken`, accessToken);
  await storage.set(`${PREFIX}.${USER}.clockDrift`, options.clockDrift ?? '0');
  return { idToken, expiresAt: exp(options.idExpiresIn ?? 3_600_000) * 1000 };
}

/** A stand-in for the Amplify-backed pool, with each call a mock the test can inspect. */
function fakePool() {
  const calls = {
    signIn: vi.fn(() => Promise.resolve({ kind: 'done' as const })),
    confirmSignIn: vi.fn(() => Promise.resolve({ kind: 'done' as const })),
    signOut: vi.fn(() => Promise.resolve()),
    fetchAuthSession: vi.fn(() => Promise.resolve({ idToken: 'from-amplify', expiresAt: NOW + 3_600_000 })),
    updatePassword: vi.fn(() => Promise.resolve()),
    resetPassword: vi.fn(() => Promise.resolve()),
    confirmResetPassword: vi.fn(() => Promise.resolve()),
    getCurrentUser: vi.fn(() => Promise.resolve({ username: USER, userId: 'sub-1' })),
    confirmSignInWithCode: vi.fn(() => Promise.resolve({ kind: 'done' as const })),
    rememberDevice: vi.fn(() => Promise.resolve()),
    fetchMfaSettings: vi.fn(() => Promise.resolve({ authenticator: false, policy: 'optional' as const })),
    setUpAuthenticator: vi.fn(() => Promise.resolve({ secret: 'S', uri: 'otpauth://totp/Cannery:x?secret=S' })),
    turnOnAuthenticator: vi.fn(() => Promise.resolve()),
    turnOffAuthenticator: vi.fn(() => Promise.resolve()),
    fetchRememberedDevices: vi.fn(() => Promise.resolve([])),
    forgetDevice: vi.fn(() => Promise.resolve()),
    updateDisplayName: vi.fn(() => Promise.resolve()),
  };
  const pool: UserPoolClient = calls;
  return { pool, calls };
}

describe('the stored user-pool session, read without Amplify', () => {
  it('is the stored ID token while both tokens stay good beyond the refresh lead', async () => {
    const { storage } = makeFakeHost();
    const stored = await storeSession(storage);
    expect(await readStoredPoolSession(storage, CLIENT_ID, NOW)).toEqual(stored);
  });

  it('is nothing when signed out, for another app client, or with a token missing or unreadable', async () => {
    const { storage } = makeFakeHost();
    expect(await readStoredPoolSession(storage, CLIENT_ID, NOW)).toBeNull();
    await storeSession(storage);
    expect(await readStoredPoolSession(storage, 'other-client', NOW)).toBeNull();
    await storage.set(`${PREFIX}.${USER}.accessToken`, 'not a token');
    expect(await readStoredPoolSession(storage, CLIENT_ID, NOW)).toBeNull();
    await storage.remove(`${PREFIX}.${USER}.accessToken`);
    expect(await readStoredPoolSession(storage, CLIENT_ID, NOW)).toBeNull();
  });

  it('leaves to Amplify an ID token issued to another client, or with several audiences', async () => {
    for (const aud of ['other-client', [CLIENT_ID, 'other-client'], undefined]) {
      const { storage } = makeFakeHost();
      await storeSession(storage, { aud });
      expect(await readStoredPoolSession(storage, CLIENT_ID, NOW)).toBeNull();
    }
  });

  it('leaves to Amplify a session whose ID or access token expires within the refresh lead, clock drift counted', async () => {
    const cases = [
      { idExpiresIn: REFRESH_LEAD_MS - 1_000 },
      { accessExpiresIn: REFRESH_LEAD_MS - 1_000 },
      { idExpiresIn: -60_000, accessExpiresIn: -60_000 },
      { idExpiresIn: REFRESH_LEAD_MS + 30_000, clockDrift: '-60000' },
    ];
    for (const options of cases) {
      const { storage } = makeFakeHost();
      await storeSession(storage, options);
      expect(await readStoredPoolSession(storage, CLIENT_ID, NOW), JSON.stringify(options)).toBeNull();
    }
  });
});

describe('the user pool with Amplify loaded when needed', () => {
  it('restores a good stored session without loading Amplify, and loads it once for the first call that needs it', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    try {
      const { storage } = makeFakeHost();
      const stored = await storeSession(storage);
      const { pool: real, calls } = fakePool();
      const load = vi.fn(() => Promise.resolve(real));
      const pool = deferredUserPool({ storage, clientId: CLIENT_ID, load });

      expect(await pool.fetchAuthSession()).toEqual(stored);
      expect(load).not.toHaveBeenCalled();

      // A forced refresh is Amplify's job; from then on every call goes to Amplify.
      expect(await pool.fetchAuthSession({ forceRefresh: true })).toEqual({ idToken: 'from-amplify', expiresAt: NOW + 3_600_000 });
      expect(await pool.fetchAuthSession()).toEqual({ idToken: 'from-amplify', expiresAt: NOW + 3_600_000 });
      await pool.signOut();
      expect(await pool.getCurrentUser()).toEqual({ username: USER, userId: 'sub-1' });
      expect(load).toHaveBeenCalledTimes(1);
      expect(calls.signOut).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks Amplify when nothing good is stored, and passes every call through with its input', async () => {
    const { storage } = makeFakeHost();
    const { pool: real, calls } = fakePool();
    const pool = deferredUserPool({ storage, clientId: CLIENT_ID, load: () => Promise.resolve(real) });
    expect(await pool.fetchAuthSession()).toEqual({ idToken: 'from-amplify', expiresAt: NOW + 3_600_000 });
    await pool.signIn({ username: USER, password: 'Correct-Horse-42!' });
    await pool.confirmSignIn({ newPassword: 'Brand-New-Pass-2024!' });
    await pool.updatePassword({ oldPassword: 'a', newPassword: 'b' });
    await pool.resetPassword({ username: USER });
    await pool.confirmResetPassword({ username: USER, confirmationCode: '123456', newPassword: 'b' });
    expect(calls.signIn).toHaveBeenCalledWith({ username: USER, password: 'Correct-Horse-42!' });
    expect(calls.confirmSignIn).toHaveBeenCalledWith({ newPassword: 'Brand-New-Pass-2024!' });
    expect(calls.updatePassword).toHaveBeenCalledWith({ oldPassword: 'a', newPassword: 'b' });
    expect(calls.resetPassword).toHaveBeenCalledWith({ username: USER });
    expect(calls.confirmResetPassword).toHaveBeenCalledWith({ username: USER, confirmationCode: '123456', newPassword: 'b' });
  });

  it('preloads on request, and a load that failed is tried again by the next call', async () => {
    const { storage } = makeFakeHost();
    const { pool: real } = fakePool();
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk failed to load')).mockResolvedValue(real);
    const pool = deferredUserPool({ storage, clientId: CLIENT_ID, load });
    pool.preload();
    await expect(pool.signIn({ username: USER, password: 'x' })).rejects.toThrow('chunk failed to load');
    expect(await pool.signIn({ username: USER, password: 'x' })).toEqual({ kind: 'done' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
