import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '../../../src/auth/errors';
import { authAtom, signedInState } from '../../../src/state/auth';
import { makeUser } from '../../fixtures/factories';
import { FAKE_TOTP_CODE, FAKE_TOTP_SECRET, FakeUserPool, makeAccount, poolError, type FakeAccount } from '../support/fake-user-pool';
import { fillIn, makeFakeApi, renderApp } from '../support/render-app';
import { messagesOf } from '../support/console';

// The pool answers a wrong code with "Invalid code received for user"; the screens say what to do instead.
const WRONG_CODE = MESSAGES.authenticatorCodeWrong;

/** An account with a Cannery user, at the login screen. */
function atLogin(account: Partial<FakeAccount> = {}) {
  const poolAccount = makeAccount(account);
  const pool = new FakeUserPool(poolAccount);
  const view = renderApp('#/login', { pool, api: makeFakeApi([makeUser({ email: poolAccount.email })]) });
  return { account: poolAccount, pool, ...view };
}

/** A signed-in user on User settings. */
function atSettings(account: Partial<FakeAccount> = {}, source: 'cognito' | 'microsoft' = 'cognito') {
  const poolAccount = makeAccount(account);
  const pool = new FakeUserPool(poolAccount);
  const session = pool.signInDirectly(poolAccount);
  const view = renderApp('#/user-settings', {
    pool,
    api: makeFakeApi([makeUser({ email: poolAccount.email })]),
    auth: signedInState(source, session.idToken, session.expiresAt),
  });
  return { account: poolAccount, pool, ...view };
}

async function logIn(user: ReturnType<typeof atLogin>['user'], account: FakeAccount) {
  await fillIn(user, 'Email', account.email);
  await fillIn(user, 'Password', account.password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('the code step of a sign-in', () => {
  it('asks for the code after the password, says what to do about a wrong one and signs in with the right one', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, account, pool, store } = atLogin({ authenticator: true });
    await logIn(user, account);
    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeTruthy();
    expect(window.location.hash).toBe('#/confirm-sign-in');
    expect(store.get(authAtom).status).toBe('signed-out');

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    await fillIn(user, 'Code', '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('The code is 6 digits, as your authenticator app shows it.')).toBeTruthy();
    expect(pool.callsOf('confirmSignInWithCode')).toEqual([]);

    await fillIn(user, 'Code', '000 000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(WRONG_CODE)).toBeTruthy();
    expect(pool.callsOf('confirmSignInWithCode')).toEqual([{ code: '000000' }]);
    expect(screen.getByLabelText<HTMLInputElement>('Code').value).toBe('000 000');

    await fillIn(user, 'Code', `${FAKE_TOTP_CODE.slice(0, 3)} ${FAKE_TOTP_CODE.slice(3)}`);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Quick Tips' })).toBeTruthy();
    expect(store.get(authAtom).status).toBe('signed-in');
    expect(pool.callsOf('rememberDevice')).toEqual([]);
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Signing in with an authenticator code failed']));
  });

  it("remembers the device when asked, so the next sign-in skips the code", async () => {
    const { user, account, pool } = atLogin({ authenticator: true });
    await logIn(user, account);
    await fillIn(user, 'Code', FAKE_TOTP_CODE);
    await user.click(screen.getByRole('checkbox', { name: 'Remember this device' }));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Quick Tips' })).toBeTruthy();
    expect(pool.callsOf('rememberDevice')).toHaveLength(1);
    expect(account.devices).toHaveLength(1);

    window.location.hash = '#/user-settings';
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await logIn(user, account);
    // The tips were shown on this device at the first sign-in: this one goes on to Home.
    expect(await screen.findByRole('heading', { name: 'Blocks' })).toBeTruthy();
    expect(pool.callsOf('confirmSignInWithCode')).toHaveLength(1);
  });

  it('signs in even when remembering the device fails, and says nothing of it', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, account, pool } = atLogin({ authenticator: true });
    await logIn(user, account);
    pool.failNext('rememberDevice', poolError('InvalidParameterException', 'Device is not tracked.'));
    await fillIn(user, 'Code', FAKE_TOTP_CODE);
    await user.click(screen.getByRole('checkbox', { name: 'Remember this device' }));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Quick Tips' })).toBeTruthy();
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Remembering this device failed']));
  });

  it('takes a user whose organisation requires a second factor through the setup, which finishes the sign-in', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, account, store } = atLogin({ mfaPolicy: 'required' });
    await logIn(user, account);
    expect(await screen.findByRole('heading', { name: 'Set up your authenticator app' })).toBeTruthy();
    expect(window.location.hash).toBe('#/set-up-authenticator');
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    expect(screen.getByLabelText('Setup key').textContent).toBe(FAKE_TOTP_SECRET.replace(/(.{4})(?=.)/g, '$1 '));

    await fillIn(user, 'Code', '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(WRONG_CODE)).toBeTruthy();
    expect(account.authenticator).toBe(false);
    await fillIn(user, 'Code', FAKE_TOTP_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Quick Tips' })).toBeTruthy();
    expect(account.authenticator).toBe(true);
    expect(store.get(authAtom).status).toBe('signed-in');
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Setting up an authenticator at sign-in failed']));
  });

  it('sends a setup screen opened without a sign-in in progress back to login', async () => {
    renderApp('#/set-up-authenticator', { pool: new FakeUserPool() });
    expect(await screen.findByText('This sign-in is no longer in progress. Please log in again to set up your authenticator app.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('#/login');
  });
});

describe('sign-in security in User settings', () => {
  it('turns the authenticator on through its setup, then off', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, account } = atSettings();
    expect(await screen.findByText('Authenticator app: off. Signing in asks for your password only.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Turn on authenticator app' }));
    expect(await screen.findByRole('heading', { name: 'Set up your authenticator app' })).toBeTruthy();
    expect(window.location.hash).toBe('#/authenticator-setup');
    expect((await screen.findByLabelText('Setup key')).textContent?.replace(/ /g, '')).toBe(FAKE_TOTP_SECRET);
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();

    await fillIn(user, 'Code', '222222');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(WRONG_CODE)).toBeTruthy();
    await fillIn(user, 'Code', FAKE_TOTP_CODE);
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Authenticator app: on. Signing in asks for a code from the app after your password.')).toBeTruthy();
    expect(window.location.hash).toBe('#/user-settings');
    expect(account.authenticator).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Turn off authenticator app' }));
    expect(await screen.findByText('Authenticator app: off. Signing in asks for your password only.')).toBeTruthy();
    expect(account.authenticator).toBe(false);
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Turning on an authenticator failed']));
  });

  it('lists remembered devices by browser and system, and forgets one', async () => {
    const { user, account } = atSettings({
      authenticator: true,
      devices: [
        { id: 'dev-1', name: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0', lastSignInAt: Date.parse('2026-11-20T15:04:00Z') },
        { id: 'dev-2', name: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15', lastSignInAt: null },
      ],
    });
    const list = await screen.findByRole('list', { name: 'Remembered devices' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringMatching(/^Edge on WindowsLast sign-in .*2026/), 'Safari on macOSForget']);
    await user.click(within(list).getByRole('button', { name: 'Forget Edge on Windows' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Remembered devices' })).getAllByRole('listitem')).toHaveLength(1));
    expect(account.devices.map((device) => device.id)).toEqual(['dev-2']);
    await user.click(screen.getByRole('button', { name: 'Forget Safari on macOS' }));
    expect(await screen.findByText(/^No device is remembered\./)).toBeTruthy();
  });

  it('shows the device-operation messages of the catalogue when forgetting fails', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, pool } = atSettings({ authenticator: true, devices: [{ id: 'dev-1', name: 'Firefox', lastSignInAt: null }] });
    pool.failNext('forgetDevice', poolError('InvalidParameterException', 'Invalid device key given.'));
    await user.click(await screen.findByRole('button', { name: 'Forget Firefox' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This device could not be changed because of its sign-in settings. Please reload and try again, and if the problem persists contact our team.',
    );
    pool.failNext('forgetDevice', poolError('NetworkError', 'A network error has occurred.'));
    await user.click(screen.getByRole('button', { name: 'Forget Firefox' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Could not reach the sign-in service. Please check your connection and try again.'));
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Forgetting dev-1 failed']));
  });

  it('keeps the authenticator on where the organisation requires it', async () => {
    atSettings({ authenticator: true, mfaPolicy: 'required' });
    expect(await screen.findByText('Your organisation requires a code at sign-in, so the app stays on.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn off authenticator app' })).toBeNull();
  });

  it('is absent where the organisation turned multi-factor sign-in off, and for work accounts', async () => {
    const off = atSettings({ mfaPolicy: 'off' });
    expect(await screen.findByRole('button', { name: 'Log out' })).toBeTruthy();
    await waitFor(() => expect(off.pool.callsOf('fetchMfaSettings')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Sign-in security' })).toBeNull();
    off.unmount();

    const work = atSettings({}, 'microsoft');
    expect(await screen.findByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Sign-in security' })).toBeNull();
    expect(work.pool.callsOf('fetchMfaSettings')).toEqual([]);
  });
});
