import { describe, expect, it, vi } from 'vitest';
import { createAmplifyUserPool, PendingSignInError, type AmplifyAuthCalls } from '../../../src/auth/user-pool';
import { finishSignIn, routeAfterSignIn } from '../../../src/auth/sign-in-flow';
import { makeUser } from '../../fixtures/factories';
import { quietMfaCalls } from '../support/amplify-calls';
import { FakeUserPool, makeAccount, poolError } from '../support/fake-user-pool';
import { messagesOf } from '../support/console';

/** Amplify's calls as fakes; each test overrides the ones it is about. */
function amplifyCalls(overrides: Partial<AmplifyAuthCalls> = {}): AmplifyAuthCalls {
  return {
    signIn: vi.fn(() => Promise.resolve({ isSignedIn: true, nextStep: { signInStep: 'DONE' } })),
    confirmSignIn: vi.fn(() => Promise.resolve({ isSignedIn: true, nextStep: { signInStep: 'DONE' } })),
    signOut: vi.fn(() => Promise.resolve()),
    fetchAuthSession: vi.fn(() => Promise.resolve({})),
    updatePassword: vi.fn(() => Promise.resolve()),
    updateUserAttributes: vi.fn(() => Promise.resolve({})),
    resetPassword: vi.fn(() => Promise.resolve({ isPasswordReset: false })),
    confirmResetPassword: vi.fn(() => Promise.resolve()),
    getCurrentUser: vi.fn(() => Promise.resolve({ username: 'clerk@example.gov', userId: 'sub-1' })),
    ...quietMfaCalls(),
    ...overrides,
  };
}

const step = (signInStep: string, isSignedIn = false) => Promise.resolve({ isSignedIn, nextStep: { signInStep } });

describe('user pool over Amplify', () => {
  it("maps Amplify's next steps to done, new password required, a code, a setup, or a challenge", async () => {
    const credentials = { username: 'clerk@example.gov', password: 'Correct-Horse-42!' };
    const answers = ['DONE', 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', 'CONFIRM_SIGN_IN_WITH_TOTP_CODE', 'CONFIRM_SIGN_IN_WITH_SMS_CODE'];
    const signIn = vi.fn(() => step(answers.shift() ?? 'DONE', false));
    const pool = createAmplifyUserPool(amplifyCalls({ signIn }));
    expect(await pool.signIn(credentials)).toEqual({ kind: 'done' });
    expect(await pool.signIn(credentials)).toEqual({ kind: 'new-password-required' });
    expect(await pool.signIn(credentials)).toEqual({ kind: 'totp-code' });
    expect(await pool.signIn(credentials)).toEqual({ kind: 'challenge', signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE' });
  });

  it('hands over the secret and a setup link labelled with the user when the account must set up an authenticator', async () => {
    const getSetupUri = vi.fn((app: string, account = '') => new URL(`otpauth://totp/${app}:${encodeURIComponent(account)}?secret=ABCDEFGH&issuer=${app}`));
    const signIn = vi.fn(() =>
      Promise.resolve({ isSignedIn: false, nextStep: { signInStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP', totpSetupDetails: { sharedSecret: 'ABCDEFGH', getSetupUri } } }),
    );
    const pool = createAmplifyUserPool(amplifyCalls({ signIn }));
    const result = await pool.signIn({ username: ' clerk@example.gov ', password: 'Correct-Horse-42!' });
    expect(result).toEqual({ kind: 'totp-setup', setup: { secret: 'ABCDEFGH', uri: 'otpauth://totp/Cannery:clerk%40example.gov?secret=ABCDEFGH&issuer=Cannery' } });
    expect(getSetupUri).toHaveBeenCalledWith('Cannery', 'clerk@example.gov');
  });

  it('chooses the authenticator app when the pool asks which factor to use, and leaves other choices to the message', async () => {
    const signIn = vi.fn(() => Promise.resolve({ isSignedIn: false, nextStep: { signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', allowedMFATypes: ['SMS', 'TOTP'] } }));
    const confirmSignIn = vi.fn(() => step('CONFIRM_SIGN_IN_WITH_TOTP_CODE'));
    const pool = createAmplifyUserPool(amplifyCalls({ signIn, confirmSignIn }));
    expect(await pool.signIn({ username: 'a@example.gov', password: 'x' })).toEqual({ kind: 'totp-code' });
    expect(confirmSignIn).toHaveBeenCalledWith({ challengeResponse: 'TOTP' });

    signIn.mockImplementationOnce(() => Promise.resolve({ isSignedIn: false, nextStep: { signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', allowedMFATypes: ['SMS'] } }));
    expect(await pool.signIn({ username: 'a@example.gov', password: 'x' })).toEqual({ kind: 'challenge', signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION' });
    expect(confirmSignIn).toHaveBeenCalledTimes(1);
  });

  it("answers the code step with the code and the spec's authenticator name", async () => {
    const confirmSignIn = vi.fn(() => step('DONE', true));
    const pool = createAmplifyUserPool(amplifyCalls({ confirmSignIn }));
    expect(await pool.confirmSignInWithCode({ code: '123456' })).toEqual({ kind: 'done' });
    expect(confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '123456', options: { friendlyDeviceName: 'My TOTP device' } });
  });

  it('turns an authenticator on (verify, then preferred) and off, and reads it with the account policy', async () => {
    const verifyTOTPSetup = vi.fn(() => Promise.resolve());
    const updateMFAPreference = vi.fn(() => Promise.resolve());
    const pool = createAmplifyUserPool(amplifyCalls({ verifyTOTPSetup, updateMFAPreference }));
    await pool.turnOnAuthenticator({ code: '654321' });
    expect(verifyTOTPSetup).toHaveBeenCalledWith({ code: '654321', options: { friendlyDeviceName: 'My TOTP device' } });
    expect(updateMFAPreference).toHaveBeenCalledWith({ totp: 'PREFERRED' });
    await pool.turnOffAuthenticator();
    expect(updateMFAPreference).toHaveBeenLastCalledWith({ totp: 'DISABLED' });

    expect(await pool.fetchMfaSettings()).toEqual({ authenticator: false, policy: 'optional' });
    const enabled = createAmplifyUserPool(
      amplifyCalls({
        fetchMFAPreference: () => Promise.resolve({ enabled: ['TOTP'], preferred: 'TOTP' }),
        fetchUserAttributes: () => Promise.resolve({ 'custom:mfa_policy': 'required' }),
      }),
    );
    expect(await enabled.fetchMfaSettings()).toEqual({ authenticator: true, policy: 'required' });
  });

  it('lists remembered devices only, most recently used first, and forgets one by its key', async () => {
    const at = (iso: string) => new Date(iso);
    const forgetDevice = vi.fn(() => Promise.resolve());
    const calls = amplifyCalls({
      forgetDevice,
      fetchDevices: () =>
        Promise.resolve([
          { id: 'older', name: 'Firefox', attributes: { device_remembered_status: 'remembered' }, lastAuthenticatedDate: at('2026-01-01T00:00:00Z') },
          { id: 'tracked', name: 'Edge', attributes: { device_remembered_status: 'not_remembered' }, lastAuthenticatedDate: at('2026-03-01T00:00:00Z') },
          { id: 'newer', attributes: { device_remembered_status: 'remembered' }, lastModifiedDate: at('2026-02-01T00:00:00Z') },
        ]),
    });
    const pool = createAmplifyUserPool(calls);
    expect(await pool.fetchRememberedDevices()).toEqual([
      { id: 'newer', name: '', lastSignInAt: Date.parse('2026-02-01T00:00:00Z') },
      { id: 'older', name: 'Firefox', lastSignInAt: Date.parse('2026-01-01T00:00:00Z') },
    ]);
    await pool.forgetDevice('older');
    expect(forgetDevice).toHaveBeenCalledWith({ device: { id: 'older' } });
  });

  it('answers the new-password challenge with the new password', async () => {
    const confirmSignIn = vi.fn(() => step('DONE', true));
    const pool = createAmplifyUserPool(amplifyCalls({ confirmSignIn }));
    expect(await pool.confirmSignIn({ newPassword: 'Brand-New-Pass-2024!' })).toEqual({ kind: 'done' });
    expect(confirmSignIn).toHaveBeenCalledWith({ challengeResponse: 'Brand-New-Pass-2024!' });
  });

  it("refuses a second sign-in while one is pending with 'Pending sign-in attempt already in progress'", async () => {
    let answer!: () => void;
    const signIn = vi.fn(() => new Promise<{ isSignedIn: boolean; nextStep: { signInStep: string } }>((resolve) => (answer = () => resolve({ isSignedIn: true, nextStep: { signInStep: 'DONE' } }))));
    const pool = createAmplifyUserPool(amplifyCalls({ signIn }));
    const first = pool.signIn({ username: 'a@example.gov', password: 'x' });
    await expect(pool.signIn({ username: 'a@example.gov', password: 'x' })).rejects.toThrow(new PendingSignInError());
    await expect(pool.confirmSignIn({ newPassword: 'y' })).rejects.toThrow('Pending sign-in attempt already in progress');
    answer();
    expect(await first).toEqual({ kind: 'done' });
    // Once settled (even by a failure), the next sign-in goes through.
    signIn.mockImplementationOnce(() => Promise.reject(poolError('NotAuthorizedException', 'Incorrect username or password.')));
    await expect(pool.signIn({ username: 'a@example.gov', password: 'x' })).rejects.toThrow('Incorrect username or password.');
    signIn.mockImplementationOnce(() => step('DONE', true));
    expect(await pool.signIn({ username: 'a@example.gov', password: 'x' })).toEqual({ kind: 'done' });
  });

  it('drops tokens a finished session left behind and signs in again', async () => {
    const signIn = vi
      .fn<AmplifyAuthCalls['signIn']>()
      .mockRejectedValueOnce(poolError('UserAlreadyAuthenticatedException', 'There is already a signed in user.'))
      .mockResolvedValueOnce({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const signOut = vi.fn(() => Promise.resolve());
    const calls = amplifyCalls({ signIn, signOut });
    expect(await createAmplifyUserPool(calls).signIn({ username: 'a@example.gov', password: 'x' })).toEqual({ kind: 'done' });
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(signIn).toHaveBeenCalledTimes(2);
  });

  it('reads the ID token and its expiry from the session, and null when signed out', async () => {
    const fetchAuthSession = vi
      .fn<AmplifyAuthCalls['fetchAuthSession']>()
      .mockResolvedValueOnce({ tokens: { idToken: { payload: { exp: 1_900_000_000 }, toString: () => 'id.token.value' } } })
      .mockResolvedValueOnce({ tokens: undefined });
    const pool = createAmplifyUserPool(amplifyCalls({ fetchAuthSession }));
    expect(await pool.fetchAuthSession({ forceRefresh: true })).toEqual({ idToken: 'id.token.value', expiresAt: 1_900_000_000_000 });
    expect(fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true });
    expect(await pool.fetchAuthSession()).toBeNull();
  });

  it('gives no current user when signed out, and passes other errors on', async () => {
    const getCurrentUser = vi
      .fn<AmplifyAuthCalls['getCurrentUser']>()
      .mockRejectedValueOnce(poolError('UserUnAuthenticatedException', 'User needs to be authenticated to call this API.'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const pool = createAmplifyUserPool(amplifyCalls({ getCurrentUser }));
    expect(await pool.getCurrentUser()).toBeNull();
    await expect(pool.getCurrentUser()).rejects.toThrow('Failed to fetch');
  });
});

describe('after sign-in', () => {
  it('looks the user up with the new token and routes per the spec', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const account = makeAccount();
    const pool = new FakeUserPool(account);
    await pool.signIn({ username: account.email, password: account.password });
    const user = makeUser({ email: account.email });
    const fetchUser = vi.fn(() => Promise.resolve(user));
    const outcome = await finishSignIn({ kind: 'done' }, { userPool: pool, fetchUser });
    expect(outcome).toMatchObject({ kind: 'signed-in', user });
    expect(fetchUser).toHaveBeenCalledWith(pool.current?.session.idToken);
    expect(routeAfterSignIn(outcome)).toBe('tips-screen');

    const missing = await finishSignIn({ kind: 'done' }, { userPool: pool, fetchUser: () => Promise.reject(new Error('404')) });
    expect(routeAfterSignIn(missing)).toBe('could-not-find-user');
    expect(routeAfterSignIn(await finishSignIn({ kind: 'new-password-required' }, { userPool: pool, fetchUser }))).toBe('change-first-time-password');
    const challenge = await finishSignIn({ kind: 'challenge', signInStep: 'CUSTOM_CHALLENGE' }, { userPool: pool, fetchUser });
    expect(routeAfterSignIn(challenge)).toBeNull();
    expect(messagesOf(consoleWarn)).toEqual(new Set(['GET /user-info failed after sign-in']));
  });

  it("fails with 'The user is not authenticated.' when the pool holds no session after signing in", async () => {
    await expect(finishSignIn({ kind: 'done' }, { userPool: new FakeUserPool(), fetchUser: vi.fn() })).rejects.toThrow('The user is not authenticated.');
  });
});
