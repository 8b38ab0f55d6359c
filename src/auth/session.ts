/**
 * The signed-in session over time (spec §4): restored at start, its ID token refreshed 60 s before
 * it expires, and ended by logout. This file knows the user pool and the host's storage; the app
 * decides what a change means for its own state (see `src/screens/common/use-session.ts`).
 */
import { useEffect, useEffectEvent } from 'react';
import type { KeyValueStorage } from '../../hosts/host';
import { isSessionInvalid } from './errors';
import type { PoolSession, UserPoolClient } from './user-pool';

/** The ID token is refreshed this long before it expires (spec §4, §9). */
export const REFRESH_LEAD_MS = 60_000;
/** A refresh that failed for a reason other than an ended session (offline, say) is retried after this. */
export const REFRESH_RETRY_MS = 30_000;
/** `setTimeout` fires at once for delays above 2^31 - 1 ms, so longer waits are taken in steps. */
const MAX_TIMER_MS = 2_147_483_647;

/** The stored session, or null when there is none or it can no longer be used. */
export async function restoreSession(userPool: UserPoolClient | null): Promise<PoolSession | null> {
  if (!userPool) return null;
  try {
    return await userPool.fetchAuthSession();
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

export interface RefreshCallbacks {
  /** A new token was obtained. */
  onRefreshed: (session: PoolSession) => void;
  /** The session cannot be renewed any more (revoked, expired, user disabled or deleted): log out. */
  onSessionEnded: () => void;
}

/**
 * Refreshes once: a forced token refresh, then a re-read of the current user (spec §4). Amplify
 * answers an ended session with no tokens rather than an error; other errors naming an ended
 * session (spec §8) end it too. Anything else is retried later.
 */
export async function refreshSession(userPool: UserPoolClient, callbacks: RefreshCallbacks, retry: () => void, signal: AbortSignal): Promise<void> {
  try {
    const session = await userPool.fetchAuthSession({ forceRefresh: true });
    const user = session ? await userPool.getCurrentUser() : null;
    if (signal.aborted) return;
    if (session && user) callbacks.onRefreshed(session);
    else callbacks.onSessionEnded();
  } catch (error) {
    if (signal.aborted) return;
    if (isSessionInvalid(error)) {
      callbacks.onSessionEnded();
      return;
    }
    console.warn('Token refresh failed; retrying', error);
    retry();
  }
}

/**
 * Keeps the user-pool ID token fresh while `expiresAt` is set: refreshes `REFRESH_LEAD_MS` before
 * it, or at once when that moment has passed. Re-arms for each new expiry; stops on unmount.
 */
export function useTokenRefresh(userPool: UserPoolClient | null, expiresAt: number | null, callbacks: RefreshCallbacks): void {
  const onRefreshed = useEffectEvent((session: PoolSession) => callbacks.onRefreshed(session));
  const onSessionEnded = useEffectEvent(() => callbacks.onSessionEnded());

  useEffect(() => {
    if (!userPool || expiresAt === null) return;
    const controller = new AbortController();
    const run = () => {
      void refreshSession(userPool, { onRefreshed, onSessionEnded }, () => abortableDelay(REFRESH_RETRY_MS, run, controller.signal), controller.signal);
    };
    abortableDelay(refreshDelay(expiresAt, Date.now()), run, controller.signal);
    return () => controller.abort();
  }, [userPool, expiresAt]);
}

/**
 * Logout's part outside the app's state (spec §4): all local storage is cleared and the pool
 * signed out. The spec clears storage first; here the pool signs out first because revoking the
 * refresh token needs the token that clearing would delete. Storage is cleared even when the
 * sign-out fails (offline), so nothing of the session survives on this device.
 */
export async function endSession(storage: KeyValueStorage, userPool: UserPoolClient | null): Promise<void> {
  try {
    await userPool?.signOut();
  } catch (error) {
    console.warn('User-pool sign-out failed; clearing local storage anyway', error);
  } finally {
    await storage.clear();
  }
}
