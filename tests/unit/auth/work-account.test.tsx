import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HostError, type HostAdapter, type WorkAccountWindow } from '../../../hosts/host';
import { SSO_KEYS, decodeReport, encodeReport, readProviderRedirect } from '../../../src/auth/sso';
import { createCodeChallenge } from '../../../src/domain/pkce';
import { authAtom, signedInState } from '../../../src/state/auth';
import { leaveTo } from '../../../src/state/location';
import type * as LocationModule from '../../../src/state/location';
import { makeUser } from '../../fixtures/factories';
import { makeFakeHost, storedBesideOutbox } from '../fake-host';
import { FakeWorkAccountProvider } from '../support/fake-work-account';
import { makeFakeApi, renderApp } from '../support/render-app';
import { http } from 'msw';
import { apiError } from '../support/api-handlers';
import { server } from '../support/api-server';
import { messagesOf } from '../support/console';

/**
 * Work-account sign-in as the user meets it (rules §2, §5, §8): the login button, the pop-up's
 * dialog-landing page, the redirect page that redeems the code, token refresh and logout. The
 * pop-up itself is the host's (e2e tests drive real ones); here each window is rendered on its own.
 */

vi.mock('../../../src/state/location', async (importOriginal) => ({
  ...(await importOriginal<typeof LocationModule>()),
  leaveTo: vi.fn(),
}));

const SAM = 'sam@aldercounty.example';
const SSO_FAILED = 'An error occurred while logging in.\n Please try again.';

function setUp(options: { linked?: boolean; workAccount?: WorkAccountWindow } = {}) {
  const provider = new FakeWorkAccountProvider();
  const api = makeFakeApi(options.linked === false ? [] : [makeUser({ email: SAM })]);
  provider.serve();
  const openAuthPopup = vi.fn<HostAdapter['openAuthPopup']>(() => Promise.reject(new HostError('dialog-failed', 'no pop-up expected')));
  const sendToOpener = vi.fn<HostAdapter['sendToOpener']>(() => Promise.reject(new HostError('unsupported', 'not a pop-up')));
  const host = makeFakeHost({ openAuthPopup, sendToOpener, ...(options.workAccount ? { workAccount: options.workAccount } : {}) });
  return { provider, api, host, openAuthPopup, sendToOpener };
}

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(leaveTo).mockClear();
});

describe('the login screen’s work-account button', () => {
  it('opens the dialog-landing page in a 50 by 50 pop-up, and with the tokens it reports goes to the tips', async () => {
    const { provider, api, host, openAuthPopup } = setUp();
    openAuthPopup.mockImplementation(() => Promise.resolve(encodeReport({ kind: 'tokens', tokens: provider.tokensFor(SAM) })));
    const { user, store } = renderApp('#/login', { api, host, sso: provider.settings });

    await user.click(await screen.findByRole('button', { name: 'Sign in with your work account' }));
    expect(await screen.findByRole('heading', { name: 'Quick Tips' })).toBeTruthy();
    expect(openAuthPopup).toHaveBeenCalledWith('https://cannery.test/outlook/taskpane.html#/dialog-landing', { widthPercent: 50, heightPercent: 50 });
    const auth = store.get(authAtom);
    expect(auth).toMatchObject({ status: 'signed-in', source: 'microsoft' });
    expect(host.data.get(SSO_KEYS.idToken)).toBe(auth.idToken);
    expect(host.data.get(SSO_KEYS.accessToken)).toMatch(/^access-/);
    expect(host.data.get(SSO_KEYS.refreshToken)).toMatch(/^refresh-/);
    expect(api.requests.find((request) => request.url === '/api/user-info')?.headers.get('Authorization')).toBe(`Bearer ${auth.idToken}`);
  });

  it('sends a work-account user unknown to Cannery to could-not-find-user', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { provider, api, host, openAuthPopup } = setUp({ linked: false });
    openAuthPopup.mockImplementation(() => Promise.resolve(encodeReport({ kind: 'tokens', tokens: provider.tokensFor(SAM) })));
    const { user } = renderApp('#/login', { api, host, sso: provider.settings });
    await user.click(await screen.findByRole('button', { name: 'Sign in with your work account' }));
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeTruthy();
    // The failed lookup is not repeated once the user is on that screen.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests.filter((request) => request.url === '/api/user-info')).toHaveLength(1);
    expect(messagesOf(consoleWarn)).toEqual(new Set(['GET /user-info failed after sign-in']));
  });

  it('shows the SSO failure message when the pop-up reports a failure, and can be used again', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { provider, api, host, openAuthPopup } = setUp();
    openAuthPopup.mockImplementation(() => Promise.resolve(encodeReport({ kind: 'failed', reason: 'state-mismatch' })));
    const { user } = renderApp('#/login', { api, host, sso: provider.settings });
    await user.click(await screen.findByRole('button', { name: 'Sign in with your work account' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(SSO_FAILED);
    expect(window.location.hash).toBe('#/login');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sign in with your work account' }).disabled).toBe(false);
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Work-account sign-in failed']));
  });

  it('says nothing when the user closes the pop-up (Dialog window closed), and waits while it is open', async () => {
    const { provider, api, host, openAuthPopup } = setUp();
    await host.storage.set(SSO_KEYS.codeVerifier, 'left-by-the-pop-up');
    let close!: () => void;
    openAuthPopup.mockImplementation(
      () => new Promise((_resolve, reject) => (close = () => reject(new HostError('dialog-closed', 'Dialog window closed')))),
    );
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const { user } = renderApp('#/login', { api, host, sso: provider.settings });
    await user.click(await screen.findByRole('button', { name: 'Sign in with your work account' }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Signing in with your work account…' }).disabled).toBe(true);
    act(() => close());
    expect(await screen.findByRole('button', { name: 'Sign in with your work account' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(info).toHaveBeenCalledWith('Dialog window closed');
    // Whatever the closed pop-up left pending is removed.
    expect(host.data.has(SSO_KEYS.codeVerifier)).toBe(false);
    info.mockRestore();
  });

  it('logs out when the response lacks one of the three tokens', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { provider, api, host, openAuthPopup } = setUp();
    const partial = provider.tokensFor(SAM);
    openAuthPopup.mockImplementation(() =>
      Promise.resolve(encodeReport({ kind: 'tokens', tokens: { id_token: partial.id_token, access_token: partial.access_token } as never })),
    );
    await host.storage.set(SSO_KEYS.refreshToken, 'left-over');
    const { user, store } = renderApp('#/login', { api, host, sso: provider.settings });
    await user.click(await screen.findByRole('button', { name: 'Sign in with your work account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SSO_FAILED);
    expect(store.get(authAtom).status).toBe('signed-out');
    expect(storedBesideOutbox(host)).toEqual([]);
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Work-account sign-in failed']));
  });

  it('in a direct host (the extension) opens the provider itself and redeems the code with the stored verifier', async () => {
    const { provider, api, host, openAuthPopup } = setUp({
      workAccount: { mode: 'direct', redirectUri: 'https://extension-id.chromiumapp.org/', landingUrl: (route) => `chrome-extension://id/sidepanel.html#/${route}` },
    });
    const authorizeAddresses: string[] = [];
    openAuthPopup.mockImplementation((url) => {
      authorizeAddresses.push(url);
      return Promise.resolve(provider.signIn(url, SAM));
    });
    const { user } = renderApp('#/login', { api, host, sso: provider.settings });
    await user.click(await screen.findByRole('button', { name: 'Sign in with your work account' }));
    expect(await screen.findByRole('heading', { name: 'Quick Tips' })).toBeTruthy();

    const authorize = new URL(authorizeAddresses[0]!);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(provider.authorizationEndpoint);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: provider.clientId,
      response_type: 'code',
      response_mode: 'fragment',
      redirect_uri: 'https://extension-id.chromiumapp.org/',
      code_challenge_method: 'S256',
      prompt: 'login',
    });
    expect(authorize.searchParams.get('scope')).toBe('openid email profile offline_access');
    // The pending values are spent: a replayed address finds nothing to redeem.
    expect(host.data.has(SSO_KEYS.codeVerifier)).toBe(false);
    expect(host.data.has(SSO_KEYS.state)).toBe(false);
    const exchange = api.requests.find((request) => request.url === '/api/complete-pkce');
    expect(exchange?.headers.has('Authorization')).toBe(false);
  });
});

describe('dialog-landing, in the pop-up', () => {
  it('stores a fresh verifier, challenge and state and sends the pop-up to the provider', async () => {
    const { provider, api, host } = setUp();
    renderApp('#/dialog-landing', { api, host, sso: provider.settings });
    expect(screen.getByText('Redirecting....')).toBeTruthy();
    await waitFor(() => expect(leaveTo).toHaveBeenCalledTimes(1));

    const verifier = host.data.get(SSO_KEYS.codeVerifier)!;
    expect(verifier).toMatch(/^[A-Za-z0-9\-._~]{128}$/);
    expect(host.data.get(SSO_KEYS.codeChallenge)).toBe(await createCodeChallenge(verifier));
    const state = host.data.get(SSO_KEYS.state)!;
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    const authorize = new URL(vi.mocked(leaveTo).mock.calls[0]![0]);
    expect(authorize.searchParams.get('state')).toBe(state);
    expect(authorize.searchParams.get('code_challenge')).toBe(host.data.get(SSO_KEYS.codeChallenge));
    expect(authorize.searchParams.get('redirect_uri')).toBe(host.workAccount.redirectUri);
  });

  it('uses the endpoints the server published, without reading the discovery document', async () => {
    const { provider, api, host } = setUp();
    const published = { ...provider.settings, authorizationEndpoint: 'http://localhost:8787/sso-stand-in/oauth2/v2.0/authorize' };
    renderApp('#/dialog-landing', { api, host, sso: published });
    await waitFor(() => expect(leaveTo).toHaveBeenCalledTimes(1));
    expect(vi.mocked(leaveTo).mock.calls[0]![0]).toMatch(/^http:\/\/localhost:8787\/sso-stand-in\/oauth2\/v2\.0\/authorize\?/);
    expect(api.requests.some((request) => request.url.includes('openid-configuration'))).toBe(false);
  });

  it('reports a failure to the opener when the provider cannot be reached', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { provider, api, host, sendToOpener } = setUp();
    // The provider's discovery document is not there.
    server.use(http.get(`${provider.authority}/.well-known/openid-configuration`, () => apiError(404, 'not_found', 'No such tenant.')));
    sendToOpener.mockResolvedValue(undefined);
    renderApp('#/dialog-landing', { api, host, sso: provider.settings });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(leaveTo).not.toHaveBeenCalled();
    expect(decodeReport(sendToOpener.mock.calls[0]![0])).toEqual({ kind: 'failed', reason: 'provider-error' });
    expect(messagesOf(consoleWarn)).toEqual(new Set(['The work-account sign-in could not start']));
  });
});

describe('the redirect page (code and state in the fragment)', () => {
  /** The pop-up after the provider: dialog-landing stored the pending values, the user signed in. */
  async function returnFromProvider(options: { tamperState?: boolean } = {}) {
    const setup = setUp();
    const { provider, api, host } = setup;
    renderApp('#/dialog-landing', { api, host, sso: provider.settings }).unmount();
    await waitFor(() => expect(leaveTo).toHaveBeenCalledTimes(1));
    let address = provider.signIn(vi.mocked(leaveTo).mock.calls[0]![0], SAM);
    if (options.tamperState) address = address.replace(/state=[0-9a-f]+/, `state=${'0'.repeat(32)}`);
    return { ...setup, hash: `#${address.split('#')[1]}` };
  }

  it("shows 'Redirecting....', redeems the code and sends the tokens to the opener", async () => {
    const { provider, api, host, hash, sendToOpener } = await returnFromProvider();
    sendToOpener.mockResolvedValue(undefined);
    renderApp(hash, { api, host, sso: provider.settings });
    expect(screen.getByText('Redirecting....')).toBeTruthy();
    expect(await screen.findByText('Signed in. You can close this window.')).toBeTruthy();
    const report = decodeReport(sendToOpener.mock.calls[0]![0]);
    expect(report.kind).toBe('tokens');
    expect(Object.keys((report as { tokens: object }).tokens).sort()).toEqual(['access_token', 'id_token', 'refresh_token']);
    // The code does not stay in the address, where a reload would replay it.
    expect(window.location.hash).toBe('');
  });

  it('raises a state mismatch: the opener is told, no code is redeemed', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { provider, api, host, hash, sendToOpener } = await returnFromProvider({ tamperState: true });
    sendToOpener.mockResolvedValue(undefined);
    renderApp(hash, { api, host, sso: provider.settings });
    await waitFor(() => expect(sendToOpener).toHaveBeenCalled());
    expect(decodeReport(sendToOpener.mock.calls[0]![0])).toEqual({ kind: 'failed', reason: 'state-mismatch' });
    expect(api.requests.some((request) => request.url === '/api/complete-pkce')).toBe(false);
    expect(await screen.findByText('The sign-in did not complete. You can close this window.')).toBeTruthy();
    expect(messagesOf(consoleWarn)).toEqual(new Set(['The work-account sign-in could not be completed']));
  });

  it('finishes the sign-in in place when the page was not opened as a pop-up', async () => {
    const { provider, api, host, hash } = await returnFromProvider();
    const { store } = renderApp(hash, { api, host, sso: provider.settings });
    expect(await screen.findByRole('heading', { name: 'Quick Tips' })).toBeTruthy();
    expect(store.get(authAtom)).toMatchObject({ status: 'signed-in', source: 'microsoft' });
  });

  it('reads the provider’s answer from a fragment or a whole address, and nothing from app routes', () => {
    expect(readProviderRedirect('#code=abc&state=def&session_state=x')).toEqual({ code: 'abc', state: 'def' });
    expect(readProviderRedirect('https://id.chromiumapp.org/#code=abc&state=def')).toEqual({ code: 'abc', state: 'def' });
    expect(readProviderRedirect('#error=access_denied&error_description=cancelled&state=def')).toEqual({
      error: 'access_denied',
      description: 'cancelled',
      state: 'def',
    });
    expect(readProviderRedirect('#/login')).toBeNull();
    expect(readProviderRedirect('#/retrieve-account?code=123456')).toBeNull();
  });
});

describe('a work-account session', () => {
  const fakeTimers = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
  const HOUR = 3_600_000;

  async function returningWorkAccountUser(hash: string, expiresIn = HOUR) {
    const setup = setUp();
    const tokens = setup.provider.tokensFor(SAM, Date.now() + expiresIn);
    await setup.host.storage.set(SSO_KEYS.idToken, tokens.id_token);
    await setup.host.storage.set(SSO_KEYS.accessToken, tokens.access_token);
    await setup.host.storage.set(SSO_KEYS.refreshToken, tokens.refresh_token);
    return { ...setup, tokens, ...renderApp(hash, { api: setup.api, host: setup.host, sso: setup.provider.settings }) };
  }

  const refreshCalls = (api: { requests: Array<{ url: string }> }) => api.requests.filter((request) => request.url === '/api/refresh-tokens').length;

  it('is restored at start and refreshed through refresh-tokens 60 s before the ID token expires', async () => {
    fakeTimers();
    const { api, store, tokens, host } = await returningWorkAccountUser('#/home');
    await flush();
    expect(store.get(authAtom)).toMatchObject({ status: 'signed-in', source: 'microsoft', idToken: tokens.id_token });
    await advance(HOUR - 61_000);
    expect(refreshCalls(api)).toBe(0);
    await advance(1_000);
    await flush();
    expect(refreshCalls(api)).toBe(1);
    expect(store.get(authAtom).idToken).not.toBe(tokens.id_token);
    expect(host.data.get(SSO_KEYS.idToken)).toBe(store.get(authAtom).idToken);
    expect(host.data.get(SSO_KEYS.refreshToken)).not.toBe(tokens.refresh_token);
  });

  it('renews an expired token before it is used at start', async () => {
    const { api, store, tokens } = await returningWorkAccountUser('#/home', -5_000);
    expect(await screen.findByRole('heading', { name: 'Blocks' })).toBeTruthy();
    expect(refreshCalls(api)).toBe(1);
    // The user is looked up with the renewed token (the lookup may follow the first render).
    await waitFor(() => {
      const lookup = api.requests.find((request) => request.url === '/api/user-info');
      expect(lookup?.headers.get('Authorization')).toBe(`Bearer ${store.get(authAtom).idToken}`);
    });
    expect(store.get(authAtom).idToken).not.toBe(tokens.id_token);
  });

  it('logs out when the refresh is refused (a revoked refresh token), and retries when the server is unreachable', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeTimers();
    const { api, store, provider, host, openAuthPopup } = await returningWorkAccountUser('#/home');
    await flush();
    provider.offline = true;
    await advance(HOUR - 60_000);
    await flush();
    expect(refreshCalls(api)).toBe(1);
    expect(store.get(authAtom).status).toBe('signed-in');

    provider.offline = false;
    provider.refusing = true;
    await advance(30_000);
    await flush();
    expect(refreshCalls(api)).toBe(2);
    expect(store.get(authAtom).status).toBe('signed-out');
    expect(window.location.hash).toBe('#/login');
    expect(storedBesideOutbox(host)).toEqual([]);
    // A session that ended by itself opens no sign-out window.
    expect(openAuthPopup).not.toHaveBeenCalled();
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Token refresh failed; retrying']));
  });

  it('adopts tokens another window of the app renewed, instead of spending the refresh token again', async () => {
    fakeTimers();
    const { api, store, provider, host } = await returningWorkAccountUser('#/home');
    await flush();
    // Another window (a second tab, the picker) renewed first and stored its tokens.
    const elsewhere = provider.tokensFor(SAM, Date.now() + 2 * HOUR);
    await advance(HOUR - 61_000);
    await host.storage.set(SSO_KEYS.idToken, elsewhere.id_token);
    await host.storage.set(SSO_KEYS.refreshToken, elsewhere.refresh_token);
    await advance(1_000);
    await flush();
    expect(refreshCalls(api)).toBe(0);
    expect(store.get(authAtom)).toMatchObject({ status: 'signed-in', idToken: elsewhere.id_token });
  });

  it('stays signed in when another window renewed while this one’s refresh was refused', async () => {
    fakeTimers();
    const { api, store, provider, host } = await returningWorkAccountUser('#/home');
    await flush();
    const elsewhere = provider.tokensFor(SAM, Date.now() + 2 * HOUR);
    provider.refusing = true;
    provider.onRefresh = async () => {
      await host.storage.set(SSO_KEYS.idToken, elsewhere.id_token);
      await host.storage.set(SSO_KEYS.refreshToken, elsewhere.refresh_token);
    };
    await advance(HOUR - 60_000);
    await flush();
    expect(refreshCalls(api)).toBe(1);
    expect(store.get(authAtom)).toMatchObject({ status: 'signed-in', idToken: elsewhere.id_token });
    expect(host.data.get(SSO_KEYS.refreshToken)).toBe(elsewhere.refresh_token);
  });

  it('keeps a still-valid session at start when the server cannot renew it yet', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const setup = setUp();
    setup.provider.offline = true;
    const tokens = setup.provider.tokensFor(SAM, Date.now() + 30_000);
    await setup.host.storage.set(SSO_KEYS.idToken, tokens.id_token);
    await setup.host.storage.set(SSO_KEYS.accessToken, tokens.access_token);
    await setup.host.storage.set(SSO_KEYS.refreshToken, tokens.refresh_token);
    const { store } = renderApp('#/home', { api: setup.api, host: setup.host, sso: setup.provider.settings });
    expect(await screen.findByRole('heading', { name: 'Blocks' })).toBeTruthy();
    expect(store.get(authAtom)).toMatchObject({ status: 'signed-in', source: 'microsoft', idToken: tokens.id_token });
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Could not renew the work-account session at start']));
  });

  it('logs out from the settings: storage cleared, and the provider signed out in the logout-landing pop-up', async () => {
    const { host, user, store, openAuthPopup } = await returningWorkAccountUser('#/user-settings');
    openAuthPopup.mockResolvedValue(encodeReport({ kind: 'signed-out' }));
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(openAuthPopup).toHaveBeenCalledWith('https://cannery.test/outlook/taskpane.html#/logout-landing', { widthPercent: 50, heightPercent: 50 });
    expect(storedBesideOutbox(host)).toEqual([]);
    expect(store.get(authAtom)).toEqual({ status: 'signed-out', source: null, idToken: '', idTokenExpiresAt: null });
  });

  it('says who is signed in, and does not offer a password change, which belongs to the work account', async () => {
    await returningWorkAccountUser('#/user-settings');
    expect(await screen.findByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change Password' })).toBeNull();
    const signedInAs = await screen.findByText((_, element) => element?.tagName === 'P' && element.textContent === `Signed in as ${SAM} with your work account`);
    expect(within(signedInAs).getByText(SAM).tagName).toBe('STRONG');
  });
});

describe('logout-landing, in the pop-up', () => {
  it('sends the pop-up to the provider’s sign-out, returning to the redirect URI', async () => {
    const { provider, api, host } = setUp();
    renderApp('#/logout-landing', { api, host, sso: provider.settings, auth: signedInState('microsoft', '', null) });
    await waitFor(() => expect(leaveTo).toHaveBeenCalledTimes(1));
    const signOut = new URL(vi.mocked(leaveTo).mock.calls[0]![0]);
    expect(`${signOut.origin}${signOut.pathname}`).toBe(provider.endSessionEndpoint);
    expect(signOut.searchParams.get('client_id')).toBe(provider.clientId);
    expect(signOut.searchParams.get('post_logout_redirect_uri')).toBe(host.workAccount.redirectUri);
    expect(sessionStorage.getItem('cannery.logoutLanding')).toBe('sent');
    sessionStorage.clear();
  });
});
