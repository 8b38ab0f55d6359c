/**
 * The app's location lives in the URL fragment (`#/checklist/abc`), as the spec's routes are hash
 * URLs: task panes and extension pages cannot rely on server-side paths.
 */
import { useSyncExternalStore } from 'react';

/** Splits a fragment into its path and its parameters (`#/path?a=1`, or `#code=..&state=..`). */
function splitFragment(hash: string): { path: string; query: string } {
  const body = hash.replace(/^#\/?/, '');
  const queryStart = body.indexOf('?');
  if (queryStart !== -1) return { path: body.slice(0, queryStart), query: body.slice(queryStart + 1) };
  // A provider answering with response_mode=fragment writes its parameters as the whole fragment.
  if (/^[^/]*=/.test(body)) return { path: '', query: body };
  return { path: body, query: '' };
}

/** The path of the current hash without the leading `#/` and without a query, e.g. `checklist/abc`. */
export function currentPath(hash: string = globalThis.location?.hash ?? ''): string {
  return splitFragment(hash).path.replace(/\/+$/, '');
}

/** Query parameters carried in the fragment (the SSO provider returns `code` and `state` there). */
export function fragmentParams(hash: string = globalThis.location?.hash ?? ''): URLSearchParams {
  return new URLSearchParams(splitFragment(hash).query);
}

function subscribe(onChange: () => void): () => void {
  globalThis.addEventListener('hashchange', onChange);
  return () => globalThis.removeEventListener('hashchange', onChange);
}

/** The current path, re-rendering on every hash change. */
export function usePath(): string {
  return useSyncExternalStore(subscribe, () => currentPath(), () => '');
}

/** Goes to `path` (no leading slash needed). `replace` keeps the back button from returning here. */
export function navigate(path: string, options: { replace?: boolean } = {}): void {
  const target = `#/${path.replace(/^\/+/, '')}`;
  if (globalThis.location.hash === target) return;
  if (options.replace) {
    const url = new URL(globalThis.location.href);
    url.hash = target;
    globalThis.history.replaceState(globalThis.history.state, '', url);
    globalThis.dispatchEvent(new HashChangeEvent('hashchange'));
  } else {
    globalThis.location.hash = target;
  }
}

/** Sends this window to another site: the work-account provider's sign-in or sign-out page. */
export function leaveTo(url: string): void {
  globalThis.location.assign(url);
}

/** Drops the fragment from the address without navigating, so a reload cannot replay what it carried. */
export function clearFragment(): void {
  const url = new URL(globalThis.location.href);
  url.hash = '';
  globalThis.history.replaceState(globalThis.history.state, '', url);
}

/**
 * The logout-landing pop-up leaves for the provider and comes back to the app's redirect URI with
 * nothing in the address to say why; this mark, kept for that one window (session storage), says it.
 */
const LOGOUT_LANDING_MARK = 'cannery.logoutLanding';

/**
 * This window's session storage, or null where the browser denies it: reading the property itself
 * throws in an extension page framed into a web page (the text-field picker).
 */
function windowSessionStorage(): Storage | null {
  try {
    return (globalThis as { sessionStorage?: Storage }).sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function markLogoutLanding(): void {
  windowSessionStorage()?.setItem(LOGOUT_LANDING_MARK, 'sent');
}

/** Whether this window is coming back from the provider's sign-out; reading the mark removes it. */
export function takeLogoutLandingMark(): boolean {
  const storage = windowSessionStorage();
  if (storage?.getItem(LOGOUT_LANDING_MARK) !== 'sent') return false;
  storage.removeItem(LOGOUT_LANDING_MARK);
  return true;
}
