import { afterEach, describe, expect, it, vi } from 'vitest';
import { storedBesideOutbox } from '../fake-host';
import { act, screen } from '@testing-library/react';
import { authAtom } from '../../../src/state/auth';
import { makeUser } from '../../fixtures/factories';
import { FakeUserPool, makeAccount, poolError, type FakeAccount } from '../support/fake-user-pool';
import { makeFakeApi, renderApp } from '../support/render-app';
import { messagesOf } from '../support/console';

const HOUR = 3_600_000;

/** Lets promises and timers due now run, with React updates applied. */
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function forcedRefreshes(pool: FakeUserPool): number {
  return pool.callsOf('fetchAuthSession').filter((options) => (options as { forceRefresh?: boolean }).forceRefresh).length;
}

/** A user who signed in on an earlier visit, opening the app at `hash`. */
function returningUser(hash: string, options: { expiresIn?: number; linked?: boolean; account?: FakeAccount } = {}) {
  const account = options.account ?? makeAccount();
  const pool = new FakeUserPool(account);
  const session = pool.signInDirectly(account, Date.now() + (options.expiresIn ?? HOUR));
  const api = makeFakeApi(options.linked === false ? [] : [makeUser({ email: account.email })]);
  return { account, pool, session, ...renderApp(hash, { pool, api }) };
}

describe('session at start-up', () => {
  it('restores a stored session: a guest screen sends the signed-in user home', async () => {
    const { store, session } = returningUser('#/login');
    expect(await screen.findByRole('heading', { name: 'Blocks' })).toBeTruthy();
    expect(window.location.hash).toBe('#/home');
    expect(store.get(authAtom)).toEqual({ status: 'signed-in', source: 'cognito', idToken: session.idToken, idTokenExpiresAt: session.expiresAt });
  });

  it('waits, then shows the guest screens, when nothing is stored', async () => {
    const { store } = renderApp('#/home', { pool: new FakeUserPool() });
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(window.location.hash).toBe('#/login');
    expect(store.get(authAtom).status).toBe('signed-out');
  });

  it('loads the user with the token and goes to could-not-find-user when there is none', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { api, session } = returningUser('#/home', { linked: false });
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeTruthy();
    expect(window.location.hash).toBe('#/could-not-find-user');
    const lookup = api.requests.find((request) => request.url === '/api/user-info');
    expect(lookup?.headers.get('Authorization')).toBe(`Bearer ${session.idToken}`);
    expect(messagesOf(consoleWarn)).toEqual(new Set(['GET /user-info failed']));
  });
});

describe('token refresh', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  // React's scheduler runs on setImmediate; only what the refresh uses is faked.
  const fakeTimers = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });

  it('refreshes the ID token 60 s before it expires, then again before the new one does', async () => {
    fakeTimers();
    const { pool, store, session } = returningUser('#/home', { expiresIn: HOUR });
    await flush();
    expect(store.get(authAtom).idToken).toBe(session.idToken);

    await advance(HOUR - 60_000 - 1);
    expect(forcedRefreshes(pool)).toBe(0);
    await advance(1);
    expect(forcedRefreshes(pool)).toBe(1);
    const renewed = store.get(authAtom);
    expect(renewed.idToken).not.toBe(session.idToken);
    expect(renewed.idTokenExpiresAt).toBe(Date.now() + HOUR);
    expect(pool.callsOf('getCurrentUser')).toHaveLength(1);

    await advance(HOUR - 60_000);
    expect(forcedRefreshes(pool)).toBe(2);
  });

  it('refreshes at once when the token expires within 60 s', async () => {
    fakeTimers();
    const { pool, store, session } = returningUser('#/home', { expiresIn: 30_000 });
    await flush();
    await flush();
    expect(forcedRefreshes(pool)).toBe(1);
    expect(store.get(authAtom).idToken).not.toBe(session.idToken);
  });

  it('logs out when the pool will not renew the session (user disabled)', async () => {
    fakeTimers();
    const { store, host, account } = returningUser('#/home', { expiresIn: HOUR });
    await host.storage.set('checklistId', 'c4ec00000000000000000001');
    await flush();
    account.enabled = false;
    await advance(HOUR - 60_000);
    await flush();
    expect(store.get(authAtom)).toMatchObject({ status: 'signed-out', idToken: '', idTokenExpiresAt: null });
    expect(window.location.hash).toBe('#/login');
    expect(storedBesideOutbox(host)).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeTruthy();
  });

  it('logs out on a session-invalid error, and retries other failures 30 s later', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeTimers();
    const { pool, store } = returningUser('#/home', { expiresIn: HOUR });
    await flush();
    pool.failNext('fetchAuthSession', new TypeError('Failed to fetch'));
    await advance(HOUR - 60_000);
    expect(forcedRefreshes(pool)).toBe(1);
    expect(store.get(authAtom).status).toBe('signed-in');
    await advance(30_000);
    expect(forcedRefreshes(pool)).toBe(2);
    expect(store.get(authAtom).status).toBe('signed-in');

    pool.failNext('fetchAuthSession', poolError('NotAuthorizedException', 'Refresh Token has been revoked'));
    await advance(HOUR - 60_000);
    await flush();
    expect(store.get(authAtom).status).toBe('signed-out');
    expect(pool.callsOf('signOut')).toHaveLength(1);
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Token refresh failed; retrying']));
  });
});

describe('logout', () => {
  it('from the settings clears all local storage, signs out of the pool, empties the token and shows login', async () => {
    const { user, pool, host, store } = returningUser('#/user-settings');
    await host.storage.set('currentSelectedTeam', '{"_id":"7ea000000000000000000001"}');
    await host.storage.set('persistedUserAutoResponsesRecord', '[]');
    expect(await screen.findByRole('button', { name: 'Change Password' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Home' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(window.location.hash).toBe('#/login');
    expect(storedBesideOutbox(host)).toEqual([]);
    expect(pool.callsOf('signOut')).toHaveLength(1);
    expect(pool.current).toBeNull();
    expect(store.get(authAtom)).toEqual({ status: 'signed-out', source: null, idToken: '', idTokenExpiresAt: null });
  });

  it('still clears local storage when the pool cannot be reached', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, pool, host } = returningUser('#/user-settings');
    await host.storage.set('microsoftRefreshToken', 'stale');
    pool.failNext('signOut', new TypeError('Failed to fetch'));
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(storedBesideOutbox(host)).toEqual([]);
    expect(messagesOf(consoleWarn)).toEqual(new Set(['User-pool sign-out failed; clearing local storage anyway']));
  });
});
