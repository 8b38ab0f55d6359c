/**
 * The signed-in session over time (rules §4): restored at start, its ID token refreshed 60 s before
 * it expires, and ended by logout. This file knows the user pool and the host's storage; the app
 * decides what a change means for its own state (see `src/user/sign-in-state.ts`).
 */
import { useEffect, useEffectEvent } from 'react';
import type { KeyValueStorage } from '../../hosts/host';
import type { ApiClient } from '../api/client';
import { isSessionInvalid } from './errors';
import { clearWorkAccountTokens, isRefreshRefused, readStoredTokens, refreshTokens, storeTokens, tokenExpiry, type SsoTokens } from './sso';
import type { UserPoolClient } from './user-pool';

/** The ID token is refreshed this long before it expires (rules §4, §9). */
export const REFRESH_LEAD_MS = 60_000;
/** A refresh that failed for a reason other than an ended session (offline, say) is retried after this. */
export const REFRESH_RETRY_MS = 30_000;
/** `setTimeout` fires at once for delays above 2^31 - 1 ms, so longer waits are taken in steps. */
const MAX_TIMER_MS = 2_147_483_647;

/** A session found in storage at start-up, ready to publish. */
export interface RestoredSession {
  /** Which identity service it belongs to (rules §3 "Identity provider source"). */
  source: 'cognito' | 'microsoft';
  idToken: string;
  expiresAt: number | null;
}

export interface RestoreDeps {
  userPool: UserPoolClient | null;
  storage: KeyValueStorage;
  api: ApiClient;
  /** The host's redirect URI, which `refresh-tokens` names; null while single sign-on is off. */
  ssoRedirectUri: string | null;
}

/**
 * The stored session, or null when there is none or it can no longer be used. Work-account tokens
 * come first (they are only stored by a work-account sign-in); one that expires within the refresh
 * lead is renewed before it is published, so the first API call does not carry a dead token.
 */
export async function restoreSession(deps: RestoreDeps): Promise<RestoredSession | null> {
  const sso = deps.ssoRedirectUri === null ? null : await readStoredTokens(deps.storage).catch(() => null);
  if (sso && deps.ssoRedirectUri !== null) {
    const expiresAt = tokenExpiry(sso.id_token);
    if (expiresAt !== null && refreshDelay(expiresAt, Date.now()) > 0) return { source: 'microsoft', idToken: sso.id_token, expiresAt };
    const renewed = await refreshWorkAccountSession(deps.storage, deps.api, deps.ssoRedirectUri, sso.id_token);
    if (renewed.kind === 'refreshed') return { source: 'microsoft', idToken: renewed.idToken, expiresAt: renewed.expiresAt };
    if (renewed.kind === 'ended') {
      await clearWorkAccountTokens(deps.storage);
      return null;
    }
    console.warn('Could not renew the work-account session at start', renewed.error);
    // The server is out of reach for now: a token that still works is kept (its refresh is retried);
    // one that has expired could not authenticate anything, so the user starts at the login screen.
    return expiresAt !== null && expiresAt > Date.now() ? { source: 'microsoft', idToken: sso.id_token, expiresAt } : null;
  }
  if (!deps.userPool) return null;
  try {
    const session = await deps.userPool.fetchAuthSession();
    return session ? { source: 'cognito', idToken: session.idToken, expiresAt: session.expiresAt } : null;
  } catch (error) {
    // Starting signed out is always safe: the login screen is where a broken session is fixed.
    console.warn('Could not restore the user-pool session', error);
    return null;
  }
}

/** How long to wait before refreshing a token that expires at `expiresAt`: 0 when within the lead already. */
export function refreshDelay(expiresAt: number, now: number): number {
  return Math.max(0, expiresAt - REFRESH_LEAD_MS - now);
}

/** Calls `run` after `delayMs`, unless `signal` aborts first. */
export function abortableDelay(delayMs: number, run: () => void, signal: AbortSignal): void {
  if (signal.aborted) return;
  const timer = setTimeout(() => {
    signal.removeEventListener('abort', cancel);
    if (delayMs > MAX_TIMER_MS) abortableDelay(delayMs - MAX_TIMER_MS, run, signal);
    else run();
  }, Math.min(delayMs, MAX_TIMER_MS));
  const cancel = () => clearTimeout(timer);
  signal.addEventListener('abort', cancel, { once: true });
}

/** What one refresh attempt came to. */
export type RefreshResult =
  /** A new ID token (and when it expires). */
  | { kind: 'refreshed'; idToken: string; expiresAt: number | null }
  /** The session cannot be renewed any more (revoked, expired, user disabled or deleted): log out. */
  | { kind: 'ended' }
  /** A passing failure (offline, say): try again later. */
  | { kind: 'retry'; error: unknown };

/**
 * Refreshes the user-pool session once: a forced token refresh, then a re-read of the current user
 * (rules §4). Amplify answers an ended session with no tokens rather than an error; other errors
 * naming an ended session (rules §8) end it too. Anything else is retried later.
 */
export async function refreshPoolSession(userPool: UserPoolClient): Promise<RefreshResult> {
  try {
    const session = await userPool.fetchAuthSession({ forceRefresh: true });
    const user = session ? await userPool.getCurrentUser() : null;
    return session && user ? { kind: 'refreshed', idToken: session.idToken, expiresAt: session.expiresAt } : { kind: 'ended' };
  } catch (error) {
    return isSessionInvalid(error) ? { kind: 'ended' } : { kind: 'retry', error };
  }
}

/**
 * Refreshes the work-account session once through `POST /refresh-tokens` and stores the new tokens.
 * Other windows of the app (another tab, the extension's side panel and picker) share the storage
 * and refresh on the same schedule; refresh tokens are single-use, so a window first adopts tokens
 * another one already renewed, and a refusal ends the session only if no other window renewed it
 * meanwhile. The provider refusing ends the session (rules §8: a failed SSO token refresh logs the
 * user out); an unreachable server is retried.
 */
export async function refreshWorkAccountSession(
  storage: KeyValueStorage,
  api: ApiClient,
  redirectUri: string,
  heldIdToken: string,
): Promise<RefreshResult> {
  const stored = await readStoredTokens(storage);
  if (!stored) return { kind: 'ended' };
  const renewedElsewhere = (tokens: SsoTokens): RefreshResult | null => {
    const expiresAt = tokenExpiry(tokens.id_token);
    if (tokens.id_token === heldIdToken || expiresAt === null || refreshDelay(expiresAt, Date.now()) === 0) return null;
    return { kind: 'refreshed', idToken: tokens.id_token, expiresAt };
  };
  const adopted = renewedElsewhere(stored);
  if (adopted) return adopted;
  try {
    const tokens = await refreshTokens(api, stored.refresh_token, redirectUri);
    await storeTokens(storage, tokens);
    return { kind: 'refreshed', idToken: tokens.id_token, expiresAt: tokenExpiry(tokens.id_token) };
  } catch (error) {
    if (!isRefreshRefused(error)) return { kind: 'retry', error };
    const now = await readStoredTokens(storage);
    const renewed = now && now.refresh_token !== stored.refresh_token ? renewedElsewhere(now) : null;
    return renewed ?? { kind: 'ended' };
  }
}

export interface RefreshCallbacks {
  /** A new token was obtained. */
  onRefreshed: (idToken: string, expiresAt: number | null) => void;
  /** The session cannot be renewed any more: log out. */
  onSessionEnded: () => void;
}

/**
 * Keeps the ID token fresh while `expiresAt` is set: runs `refresh` `REFRESH_LEAD_MS` before it,
 * or at once when that moment has passed, and retries passing failures after `REFRESH_RETRY_MS`.
 * Re-arms for each new expiry; stops on unmount.
 */
export function useTokenRefresh(refresh: (() => Promise<RefreshResult>) | null, expiresAt: number | null, callbacks: RefreshCallbacks): void {
  const onRefreshed = useEffectEvent((idToken: string, expires: number | null) => callbacks.onRefreshed(idToken, expires));
  const onSessionEnded = useEffectEvent(() => callbacks.onSessionEnded());

  useEffect(() => {
    if (!refresh || expiresAt === null) return;
    const controller = new AbortController();
    const run = () => {
      void refresh().then((result) => {
        if (controller.signal.aborted) return;
        if (result.kind === 'refreshed') onRefreshed(result.idToken, result.expiresAt);
        else if (result.kind === 'ended') onSessionEnded();
        else {
          console.warn('Token refresh failed; retrying', result.error);
          abortableDelay(REFRESH_RETRY_MS, run, controller.signal);
        }
      });
    };
    abortableDelay(refreshDelay(expiresAt, Date.now()), run, controller.signal);
    return () => controller.abort();
  }, [refresh, expiresAt]);
}

/**
 * The keys under which Amplify keeps a device the pool remembers (its key, group and random
 * password: `CognitoIdentityServiceProvider.<client>.<user>.deviceKey`, ...). They are the device's
 * credential, not the session's, and work only with the user's password, so logout keeps them:
 * otherwise 'Remember this device' would be forgotten at the first logout.
 */
export function isRememberedDeviceKey(key: string): boolean {
  return /^CognitoIdentityServiceProvider\.[^.]+\..+\.(?:deviceKey|deviceGroupKey|randomPasswordKey)$/.test(key);
}

/**
 * Host-storage key of the account's support address, kept from the last sign-in on this device so
 * the login screen offers it before anyone signs in. It is the account's, not the user's, and
 * outlives logout like a remembered device's keys.
 */
export const SUPPORT_EMAIL_KEY = 'supportEmail';

/**
 * Host-storage key set once Quick Tips was shown on this device: later sign-ins go straight to
 * Home. It is about the device, not the user, so it outlives logout too.
 */
export const TIPS_SEEN_KEY = 'tipsSeen';

/**
 * Logout's part outside the app's state (rules §4): all local storage is cleared and the pool
 * signed out. The spec clears storage first; here the pool signs out first because revoking the
 * refresh token needs the token that clearing would delete. Storage is cleared even when the
 * sign-out fails (offline), so nothing of the session survives on this device; only the keys of
 * a remembered device stay (`isRememberedDeviceKey`), and the account's support address.
 */
export async function endSession(storage: KeyValueStorage, userPool: UserPoolClient | null): Promise<void> {
  try {
    await userPool?.signOut();
  } catch (error) {
    console.warn('User-pool sign-out failed; clearing local storage anyway', error);
  } finally {
    await storage.clear({ keep: (key) => isRememberedDeviceKey(key) || key === SUPPORT_EMAIL_KEY || key === TIPS_SEEN_KEY });
  }
}
