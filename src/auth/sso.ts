/**
 * Work-account single sign-on (rules §1, §2 dialog-landing/logout-landing, §7, §8, §9): an
 * authorization code with PKCE, obtained in a 50 by 50 pop-up and redeemed by the Cannery server
 * (`POST /complete-pkce`), which answers the provider's three tokens. The tokens live in the host's
 * storage under the spec's keys and are renewed through `POST /refresh-tokens`.
 *
 * Hosts run the pop-up in one of two ways (`WorkAccountWindow` in hosts/host.ts): `landing` hosts
 * open the app's own dialog-landing page, which sends the pop-up to the provider and, back on the
 * redirect URI, redeems the code and reports to the opener; `direct` hosts open the provider and
 * hand the redirect address back to the opener, which redeems the code itself.
 */
import type { AuthPopupOptions, HostPlatform, KeyValueStorage } from '../../hosts/host';
import { decodeJwt } from 'jose';
import { isClientError, type ApiClient } from '../api/client';
import { ssoTokens, type SsoTokens } from '../api/contract/sso';
import { createCodeChallenge, createCodeVerifier, createState } from '../domain/pkce';

export type { SsoTokens };

/** The spec's stored browser values of the work-account sign-in (rules §3). */
export const SSO_KEYS = {
  codeVerifier: 'codeVerifier',
  codeChallenge: 'codeChallenge',
  state: 'state',
  refreshToken: 'microsoftRefreshToken',
  idToken: 'microsoftIdToken',
  accessToken: 'microsoftAccessToken',
} as const;

/** Rules §7: email, openid and profile; offline_access is what makes the provider issue a refresh token. */
export const SSO_SCOPES = 'openid email profile offline_access';

/** Rules §9: the SSO dialog is 50 by 50. */
export const SSO_POPUP_SIZE: AuthPopupOptions = { widthPercent: 50, heightPercent: 50 };

/** The work-account provider, as the server publishes it in `/api/config`. */
export interface SsoSettings {
  /** The provider's issuer; its discovery document names the endpoints the server does not publish. */
  authority: string;
  clientId: string;
  authorizationEndpoint?: string | undefined;
  endSessionEndpoint?: string | undefined;
}

export type SsoFailure =
  /** The state that came back is not the one this browser sent (rules §5: raises an error). */
  | 'state-mismatch'
  /** Nothing is pending: no stored code verifier or state (a stale or replayed address). */
  | 'no-pending-sign-in'
  /** The provider answered with an error instead of a code (e.g. the user cancelled). */
  | 'provider-error'
  /** The response lacked one of the three tokens (rules §5: the client logs out). */
  | 'incomplete-tokens'
  /** The server could not redeem the code. */
  | 'exchange-failed'
  /** The pop-up reported something this app cannot read. */
  | 'bad-report';

export class SsoError extends Error {
  readonly reason: SsoFailure;
  constructor(reason: SsoFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SsoError';
    this.reason = reason;
  }
}

// ---- the provider's endpoints -------------------------------------------------------------------

export interface ProviderEndpoints {
  authorizationEndpoint: string;
  /** Where the provider signs out (RP-initiated logout); null when it has none. */
  endSessionEndpoint: string | null;
}

const endpointCache = new Map<string, Promise<ProviderEndpoints>>();

/**
 * The provider's endpoints: as the server published them, or else from the provider's OpenID
 * discovery document, read once per authority (Microsoft's allows it cross-origin). A failed read
 * is not cached.
 */
export function providerEndpoints(settings: SsoSettings, fetchImpl: typeof fetch = globalThis.fetch): Promise<ProviderEndpoints> {
  if (settings.authorizationEndpoint) {
    return Promise.resolve({ authorizationEndpoint: settings.authorizationEndpoint, endSessionEndpoint: settings.endSessionEndpoint ?? null });
  }
  const { authority } = settings;
  const cached = endpointCache.get(authority);
  if (cached) return cached;
  const loading = (async () => {
    const response = await fetchImpl(`${authority.replace(/\/+$/, '')}/.well-known/openid-configuration`, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`The work-account provider's discovery answered ${response.status}`);
    const document = (await response.json()) as { authorization_endpoint?: unknown; end_session_endpoint?: unknown };
    if (typeof document.authorization_endpoint !== 'string') throw new Error("The work-account provider's discovery names no authorization endpoint");
    return {
      authorizationEndpoint: document.authorization_endpoint,
      endSessionEndpoint: typeof document.end_session_endpoint === 'string' ? document.end_session_endpoint : null,
    };
  })();
  endpointCache.set(authority, loading);
  loading.catch(() => endpointCache.delete(authority));
  return loading;
}

// ---- starting: PKCE values and the authorize address ---------------------------------------------

/** The authorize address (rules §7): code flow, fragment response, PKCE S256, `prompt=login`. */
export function authorizeUrl(endpoint: string, request: { clientId: string; redirectUri: string; codeChallenge: string; state: string }): string {
  const url = new URL(endpoint);
  url.searchParams.set('client_id', request.clientId);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('response_mode', 'fragment');
  url.searchParams.set('redirect_uri', request.redirectUri);
  url.searchParams.set('scope', SSO_SCOPES);
  url.searchParams.set('state', request.state);
  url.searchParams.set('code_challenge', request.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('prompt', 'login');
  return url.href;
}

/**
 * Starts a sign-in: makes a fresh code verifier, its challenge and a state, stores them under the
 * spec's keys (the page that finishes the sign-in reads them back) and returns the authorize address.
 */
export async function beginAuthorization(
  storage: KeyValueStorage,
  settings: SsoSettings,
  redirectUri: string,
  fetchImpl?: typeof fetch,
): Promise<string> {
  const endpoints = await providerEndpoints(settings, fetchImpl);
  const codeVerifier = createCodeVerifier();
  const codeChallenge = await createCodeChallenge(codeVerifier);
  const state = createState();
  await storage.set(SSO_KEYS.codeVerifier, codeVerifier);
  await storage.set(SSO_KEYS.codeChallenge, codeChallenge);
  await storage.set(SSO_KEYS.state, state);
  return authorizeUrl(endpoints.authorizationEndpoint, { clientId: settings.clientId, redirectUri, codeChallenge, state });
}

// ---- finishing: the redirect, the exchange, the tokens ------------------------------------------

export type ProviderRedirect = { code: string; state: string } | { error: string; description: string; state: string | null };

/**
 * What the provider put in the fragment of the redirect URI: `code` and `state`, or an `error`.
 * Takes a whole address or just its fragment. Null when it carries neither.
 */
export function readProviderRedirect(address: string): ProviderRedirect | null {
  const hashAt = address.indexOf('#');
  const fragment = hashAt === -1 ? address : address.slice(hashAt + 1);
  const params = new URLSearchParams(fragment.replace(/^#?\/?/, ''));
  const code = params.get('code');
  const state = params.get('state');
  if (code && state) return { code, state };
  const error = params.get('error');
  if (error) return { error, description: params.get('error_description') ?? '', state };
  return null;
}

/** Removes the values of a sign-in in progress (spent, or abandoned with the pop-up). */
export async function clearPendingAuthorization(storage: KeyValueStorage): Promise<void> {
  await Promise.all([storage.remove(SSO_KEYS.codeVerifier), storage.remove(SSO_KEYS.codeChallenge), storage.remove(SSO_KEYS.state)]);
}

/** Turns the server's answer into tokens, or says which one is missing. */
export function checkTokens(body: unknown): SsoTokens {
  const parsed = ssoTokens.safeParse(body);
  if (!parsed.success) throw new SsoError('incomplete-tokens', 'The work-account sign-in did not return all three tokens.');
  return parsed.data;
}

/**
 * Finishes a sign-in on the page the provider returned to: the state must be the one stored when it
 * began, then the server redeems the code with the stored verifier. The pending values are removed
 * whatever happens, so an address cannot be replayed.
 */
export async function redeemRedirect(
  storage: KeyValueStorage,
  api: ApiClient,
  redirect: ProviderRedirect,
  redirectUri: string,
): Promise<SsoTokens> {
  const [codeVerifier, expectedState] = await Promise.all([storage.get(SSO_KEYS.codeVerifier), storage.get(SSO_KEYS.state)]);
  await clearPendingAuthorization(storage);
  if (!codeVerifier || !expectedState) throw new SsoError('no-pending-sign-in', 'No work-account sign-in is pending in this browser.');
  if (redirect.state !== expectedState) throw new SsoError('state-mismatch', 'The work-account sign-in came back with a state this browser did not send.');
  if ('error' in redirect) throw new SsoError('provider-error', `The work-account provider answered ${redirect.error}: ${redirect.description}`);
  let body: unknown;
  try {
    // Without the auth header (rules §7): an empty token sends none.
    body = await api.request('POST', 'complete-pkce', { body: { code: redirect.code, codeVerifier, redirectUri }, idToken: '' });
  } catch (error) {
    throw new SsoError('exchange-failed', 'The server could not complete the work-account sign-in.', { cause: error });
  }
  return checkTokens(body);
}

/** Renews the tokens (rules §7 `refresh-tokens`). */
export async function refreshTokens(api: ApiClient, refreshToken: string, redirectUri: string): Promise<SsoTokens> {
  return checkTokens(await api.request('POST', 'refresh-tokens', { body: { refreshToken, redirectUri }, idToken: '' }));
}

/**
 * Whether a failed refresh means the sign-in is over (the provider refused: log out, rules §8)
 * rather than a passing failure (offline, server down: try again shortly).
 */
export function isRefreshRefused(error: unknown): boolean {
  return error instanceof SsoError || isClientError(error);
}

export async function storeTokens(storage: KeyValueStorage, tokens: SsoTokens): Promise<void> {
  await storage.set(SSO_KEYS.idToken, tokens.id_token);
  await storage.set(SSO_KEYS.accessToken, tokens.access_token);
  await storage.set(SSO_KEYS.refreshToken, tokens.refresh_token);
}

export async function clearWorkAccountTokens(storage: KeyValueStorage): Promise<void> {
  await Promise.all([storage.remove(SSO_KEYS.idToken), storage.remove(SSO_KEYS.accessToken), storage.remove(SSO_KEYS.refreshToken)]);
}

/** The stored tokens, or null unless all three are there. */
export async function readStoredTokens(storage: KeyValueStorage): Promise<SsoTokens | null> {
  const [idToken, accessToken, refreshToken] = await Promise.all([
    storage.get(SSO_KEYS.idToken),
    storage.get(SSO_KEYS.accessToken),
    storage.get(SSO_KEYS.refreshToken),
  ]);
  if (!idToken || !accessToken || !refreshToken) return null;
  return { id_token: idToken, access_token: accessToken, refresh_token: refreshToken };
}

/** When a JWT expires (its `exp`), in ms since the epoch; null when it cannot be read. */
export function tokenExpiry(jwt: string): number | null {
  try {
    const { exp } = decodeJwt(jwt);
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

// ---- the report a landing pop-up sends to its opener --------------------------------------------

const REPORT_TYPE = 'cannery:work-account';

export type PopupReport = { kind: 'tokens'; tokens: SsoTokens } | { kind: 'failed'; reason: SsoFailure } | { kind: 'signed-out' };

export function encodeReport(report: PopupReport): string {
  return JSON.stringify({ type: REPORT_TYPE, ...report });
}

/** Reads a pop-up's report; anything else is a `bad-report` failure, never an exception. */
export function decodeReport(message: string): PopupReport {
  try {
    const value = JSON.parse(message) as { type?: unknown; kind?: unknown; tokens?: unknown; reason?: unknown };
    if (value.type === REPORT_TYPE) {
      if (value.kind === 'tokens' && typeof value.tokens === 'object' && value.tokens !== null) return { kind: 'tokens', tokens: value.tokens as SsoTokens };
      if (value.kind === 'failed' && typeof value.reason === 'string') return { kind: 'failed', reason: value.reason as SsoFailure };
      if (value.kind === 'signed-out') return { kind: 'signed-out' };
    }
  } catch {
    // Not JSON: fall through.
  }
  return { kind: 'failed', reason: 'bad-report' };
}

// ---- the whole sign-in, as the window that asked for it sees it ---------------------------------

export interface WorkAccountDeps {
  host: Pick<HostPlatform, 'storage' | 'workAccount' | 'openAuthPopup'>;
  api: ApiClient;
  settings: SsoSettings;
  fetch?: typeof fetch;
}

/**
 * Signs in with the work account in the host's pop-up and resolves with the three tokens (not yet
 * stored). Rejects with `SsoError`, or with the host's `HostError('dialog-closed', 'Dialog window
 * closed')` when the user closed the pop-up.
 */
export async function signInWithWorkAccount(deps: WorkAccountDeps): Promise<SsoTokens> {
  const { host, api, settings } = deps;
  const { workAccount } = host;
  if (workAccount.mode === 'direct') {
    const url = await beginAuthorization(host.storage, settings, workAccount.redirectUri, deps.fetch);
    let returnedTo: string;
    try {
      returnedTo = await host.openAuthPopup(url, SSO_POPUP_SIZE);
    } catch (error) {
      await clearPendingAuthorization(host.storage);
      throw error;
    }
    const redirect = readProviderRedirect(returnedTo);
    if (!redirect) {
      await clearPendingAuthorization(host.storage);
      throw new SsoError('provider-error', 'The work-account provider returned no code.');
    }
    return redeemRedirect(host.storage, api, redirect, workAccount.redirectUri);
  }
  let message: string;
  try {
    message = await host.openAuthPopup(workAccount.landingUrl('dialog-landing'), SSO_POPUP_SIZE);
  } finally {
    // The pop-up shares this storage; whatever it left pending is of no use once it has closed.
    await clearPendingAuthorization(host.storage);
  }
  const report = decodeReport(message);
  if (report.kind === 'tokens') return checkTokens(report.tokens);
  throw new SsoError(report.kind === 'failed' ? report.reason : 'bad-report', 'The work-account sign-in did not complete.');
}

/** The provider's sign-out address (rules §2 logout-landing), returning to `redirectUri`; null when it has none. */
export async function signOutUrl(settings: SsoSettings, redirectUri: string, fetchImpl?: typeof fetch): Promise<string | null> {
  const { endSessionEndpoint } = await providerEndpoints(settings, fetchImpl);
  if (!endSessionEndpoint) return null;
  const url = new URL(endSessionEndpoint);
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('post_logout_redirect_uri', redirectUri);
  return url.href;
}

/**
 * Signs out of the provider in the host's pop-up (rules §4 logout for SSO users). Never rejects: the
 * local sign-out has happened already, and a provider that cannot be reached changes nothing here.
 */
export async function signOutOfWorkAccount(deps: WorkAccountDeps): Promise<void> {
  const { host, settings } = deps;
  try {
    if (host.workAccount.mode === 'landing') {
      await host.openAuthPopup(host.workAccount.landingUrl('logout-landing'), SSO_POPUP_SIZE);
      return;
    }
    const url = await signOutUrl(settings, host.workAccount.redirectUri, deps.fetch);
    if (url) await host.openAuthPopup(url, SSO_POPUP_SIZE);
  } catch (error) {
    console.info('The work-account sign-out window ended without finishing', error);
  }
}
