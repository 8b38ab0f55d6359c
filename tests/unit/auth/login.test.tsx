import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { createAmplifyUserPool, type AmplifyAuthCalls } from '../../../src/auth/user-pool';
import { authAtom } from '../../../src/state/auth';
import { makeUser } from '../../fixtures/factories';
import { quietMfaCalls } from '../support/amplify-calls';
import { signInLockoutMinutesAtom } from '../../../src/state/config';
import { FakeUserPool, LOCK_AFTER_FAILURES, POOL_MESSAGES, makeAccount, type FakeAccount } from '../support/fake-user-pool';
import { field, fillIn, makeFakeApi, renderApp, touch } from '../support/render-app';
import { messagesOf } from '../support/console';

const WHITESPACE_NOTICE = 'Your email contains a space. Remove it and try again.';

function setUp(options: { linked?: boolean; account?: Parameters<typeof makeAccount>[0] } = {}) {
  const account = makeAccount(options.account);
  const pool = new FakeUserPool(account);
  const api = makeFakeApi(options.linked === false ? [] : [makeUser({ email: account.email })]);
  return { account, pool, ...renderApp('#/login', { pool, api }) };
}

/** Amplify's calls over the fake pool; the first sign-in waits for `firstAnswered`. */
function amplifyCallsOver(backend: FakeUserPool, account: FakeAccount, firstAnswered: Promise<void>) {
  const signIn = vi.fn(async (input: { username: string; password: string }) => {
    if (signIn.mock.calls.length === 1) await firstAnswered;
    await backend.signIn(input);
    return { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
  });
  return {
    signIn,
    confirmSignIn: () => Promise.reject(new Error('not used')),
    signOut: () => backend.signOut(),
    fetchAuthSession: async () => {
      const session = await backend.fetchAuthSession();
      return session ? { tokens: { idToken: { payload: { exp: session.expiresAt / 1000 }, toString: () => session.idToken } } } : {};
    },
    updatePassword: () => Promise.resolve(),
    updateUserAttributes: () => Promise.resolve({}),
    resetPassword: () => Promise.resolve(),
    confirmResetPassword: () => Promise.resolve(),
    getCurrentUser: () => Promise.resolve({ username: account.email, userId: account.sub }),
    ...quietMfaCalls(),
  } satisfies AmplifyAuthCalls;
}

async function logIn(user: ReturnType<typeof setUp>['user'], email: string, password: string) {
  await fillIn(user, 'Email', email);
  await fillIn(user, 'Password', password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login screen', () => {
  it('validates each field when it loses focus, not before', async () => {
    const { user } = setUp();
    await screen.findByRole('heading', { name: 'Log in' });
    await user.click(field('Email'));
    expect(screen.queryByText('Email is required.')).toBeNull();
    await user.tab();
    expect(screen.getByText('Email is required.')).toBeTruthy();
    await touch(user, 'Password');
    expect(screen.getByText('Password is required.')).toBeTruthy();
  });

  it('commits a value on blur: the message stays while typing and goes once the field is left', async () => {
    const { user } = setUp();
    await touch(user, 'Email');
    await user.type(field('Email'), 'clerk@example.gov');
    expect(screen.getByText('Email is required.')).toBeTruthy();
    await user.tab();
    expect(screen.queryByText('Email is required.')).toBeNull();
  });

  it('refuses whitespace in the email, with a separate whitespace notice', async () => {
    const { user, pool } = setUp();
    await fillIn(user, 'Email', 'clerk @example.gov');
    expect(screen.getByText('Email should not contain whitespace.')).toBeTruthy();
    expect(screen.getByText(WHITESPACE_NOTICE)).toBeTruthy();
    await fillIn(user, 'Password', 'anything');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(pool.callsOf('signIn')).toEqual([]);
    await fillIn(user, 'Email', 'clerk@example.gov');
    expect(screen.queryByText('Email should not contain whitespace.')).toBeNull();
    expect(screen.queryByText(WHITESPACE_NOTICE)).toBeNull();
  });

  it('drops spaces around a pasted email and signs in with the address alone', async () => {
    const { user, account, pool } = setUp();
    await fillIn(user, 'Email', `  ${account.email} `);
    expect(field('Email').value).toBe(account.email);
    expect(screen.queryByText('Email should not contain whitespace.')).toBeNull();
    expect(screen.queryByText(WHITESPACE_NOTICE)).toBeNull();
    await fillIn(user, 'Password', account.password);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(pool.callsOf('signIn')).toEqual([{ username: account.email, password: account.password }]));
  });

  it('after five wrong passwords, says when to try again by the clock', async () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 26, 9, 41), shouldAdvanceTime: true });
    try {
      const { user, account, store } = setUp();
      store.set(signInLockoutMinutesAtom, 15);
      for (let attempt = 1; attempt <= LOCK_AFTER_FAILURES; attempt++) {
        await logIn(user, account.email, `Wrong-Password-${attempt}!`);
        expect(await screen.findByText(POOL_MESSAGES.badCredentials)).toBeTruthy();
      }
      await logIn(user, account.email, account.password);
      const until = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(new Date(2026, 10, 26, 9, 56));
      expect(await screen.findByText(`Password attempts exceeded. For your security, sign-in to this account is paused: try again after ${until}, or reset your password.`)).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows every message when submitted empty, and sends nothing', async () => {
    const { user, pool } = setUp();
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Email is required.')).toBeTruthy();
    expect(screen.getByText('Password is required.')).toBeTruthy();
    expect(pool.calls.filter((call) => call.method === 'signIn')).toEqual([]);
  });

  it("shows the identity service's own message on failure and keeps what was typed", async () => {
    const { user, account } = setUp();
    await logIn(user, account.email, 'Wrong-Password-1!');
    expect(await screen.findByText(POOL_MESSAGES.badCredentials)).toBeTruthy();
    expect(field('Email').value).toBe(account.email);
    expect(field('Password').value).toBe('Wrong-Password-1!');
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveProperty('disabled', false);
  });

  it("replaces the Log in button with 'loading...' while waiting, then goes to the tips", async () => {
    const { user, account, pool, store, api } = setUp();
    const release = pool.hold('signIn');
    await logIn(user, account.email, account.password);
    const waiting = screen.getByRole('button', { name: 'loading...' });
    expect(waiting).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
    release();
    expect(await screen.findByRole('heading', { name: 'Quick Tips' })).toBeTruthy();
    expect(window.location.hash).toBe('#/tips-screen');
    expect(document.title).toBe('Cannery - Quick Tips');
    const auth = store.get(authAtom);
    expect(auth).toMatchObject({ status: 'signed-in', source: 'cognito' });
    expect(auth.idToken).toBe(pool.current?.session.idToken);
    const userInfo = api.requests.find((request) => request.url === '/api/user-info');
    expect(userInfo?.headers.get('Authorization')).toBe(`Bearer ${auth.idToken}`);
  });

  it('sends a user with a temporary password to set a new one, then on to the tips', async () => {
    const { user, account } = setUp({ account: { status: 'FORCE_CHANGE_PASSWORD', password: 'Temporary-Pass-1!' } });
    await logIn(user, account.email, 'Temporary-Pass-1!');
    expect(await screen.findByRole('heading', { name: 'Welcome to Cannery' })).toBeTruthy();
    expect(window.location.hash).toBe('#/change-first-time-password');
    await fillIn(user, 'New password', 'Brand-New-Pass-2024!');
    await fillIn(user, 'Confirm new password', 'Brand-New-Pass-2024!');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByRole('heading', { name: 'Quick Tips' })).toBeTruthy();
    expect(account.password).toBe('Brand-New-Pass-2024!');
  });

  it('explains a second factor it cannot answer (a texted code) and stays on the form', async () => {
    const { user, account } = setUp({ account: { challenge: 'CONFIRM_SIGN_IN_WITH_SMS_CODE' } });
    await logIn(user, account.email, account.password);
    expect(
      await screen.findByText(
        'Your account asks for a code sent by text message or email, which Cannery does not support. Please ask your administrator to set up an authenticator app for you instead.',
      ),
    ).toBeTruthy();
    expect(window.location.hash).toBe('#/login');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('goes to could-not-find-user when the user lookup fails, whose logout returns to login', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, account, host, pool, store } = setUp({ linked: false });
    await host.storage.set('currentSelectedTeam', '{"name":"Front desk"}');
    await logIn(user, account.email, account.password);
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeTruthy();
    expect(window.location.hash).toBe('#/could-not-find-user');
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(window.location.hash).toBe('#/login');
    expect(host.data.size).toBe(0);
    expect(pool.current).toBeNull();
    expect(store.get(authAtom)).toMatchObject({ status: 'signed-out', idToken: '' });
    expect(messagesOf(consoleWarn)).toEqual(new Set(['GET /user-info failed after sign-in']));
  });

  it('sends one sign-in at a time: Enter while waiting does not start a second', async () => {
    const { user, account, pool } = setUp();
    const release = pool.hold('signIn');
    await logIn(user, account.email, account.password);
    await user.type(field('Password'), '{Enter}');
    expect(screen.getByRole('button', { name: 'loading...' })).toBeTruthy();
    expect(pool.callsOf('signIn')).toHaveLength(1);
    release();
    expect(await screen.findByRole('heading', { name: 'Quick Tips' })).toBeTruthy();
  });

  it("shows 'Pending sign-in attempt already in progress' when the pool refuses a second sign-in", async () => {
    const account = makeAccount();
    const backend = new FakeUserPool(account);
    let finishFirst!: () => void;
    const firstAnswered = new Promise<void>((resolve) => (finishFirst = resolve));
    const calls = amplifyCallsOver(backend, account, firstAnswered);
    const pool = createAmplifyUserPool(calls);
    // Another part of the app (a second pane of the same page) started a sign-in that is still running.
    const first = pool.signIn({ username: account.email, password: account.password });
    const { user } = renderApp('#/login', { pool, api: makeFakeApi([makeUser({ email: account.email })]) });
    await logIn(user, account.email, account.password);
    expect(await screen.findByText('Pending sign-in attempt already in progress')).toBeTruthy();
    expect(calls.signIn).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveProperty('disabled', false);
    finishFirst();
    await first;
  });

  it('links to reset password and to the verification-code screen', async () => {
    const { user } = setUp();
    expect((await screen.findByRole('link', { name: 'Reset Password' })).getAttribute('href')).toBe('#/forgot-password-request');
    expect(screen.getByRole('link', { name: 'Use verification code' }).getAttribute('href')).toBe('#/retrieve-account');
    await user.click(screen.getByRole('link', { name: 'Use verification code' }));
    expect(await screen.findByRole('heading', { name: 'Use verification code' })).toBeTruthy();
  });

  it('offers support by mail, and the address itself once the link was clicked', async () => {
    const { user } = setUp();
    const support = await screen.findByRole('complementary', { name: 'Customer support' });
    const link = within(support).getByRole('link', { name: 'Need help? Contact us.' });
    expect(link.getAttribute('href')).toBe('mailto:support@cannery.app');
    const fallback = 'Link not working? Email your issue to our head of support directly at support@cannery.app';
    expect(within(support).queryByText(fallback)).toBeNull();
    link.addEventListener('click', (event) => event.preventDefault()); // the test page has no mail handler
    await user.click(link);
    expect(within(support).getByText(fallback)).toBeTruthy();
  });

  it('offers work-account sign-in only when single sign-on is configured', async () => {
    const first = renderApp('#/login', { pool: new FakeUserPool(), sso: { authority: 'https://login.example.test/tenant/v2.0', clientId: 'cannery' } });
    expect(await screen.findByRole('button', { name: 'Sign in with your work account' })).toBeTruthy();
    first.unmount();

    renderApp('#/login', { pool: new FakeUserPool() });
    await screen.findByRole('button', { name: 'Log in' });
    expect(screen.queryByRole('button', { name: 'Sign in with your work account' })).toBeNull();
  });

  it('says sign-in is unavailable when the server publishes no user pool', async () => {
    const { user } = renderApp('#/login', { pool: null });
    await logIn(user, 'clerk@example.gov', 'Correct-Horse-42!');
    await waitFor(() =>
      expect(
        screen.getByText(
          'Sign-in is not available right now: the server did not provide its sign-in settings. Please try again later, and if the problem persists contact our team.',
        ),
      ).toBeTruthy(),
    );
  });
});
