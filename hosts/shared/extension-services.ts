import { browser } from 'wxt/browser';
import { HostError, type HostAdapter, type KeyValueStorage, type WorkAccountWindow } from '../host';

// Shared by both extension hosts (Gmail side panel, text-field picker): they share
// `chrome.storage.local`, so one sign-in serves the panel and the picker.

/** Host storage on `chrome.storage.local`: shared by every page of the extension, survives restarts. */
export function createExtensionStorage(area = browser.storage.local): KeyValueStorage {
  return {
    async get(key) {
      const found = await area.get(key);
      const value: unknown = found[key];
      return typeof value === 'string' ? value : null;
    },
    set: (key, value) => area.set({ [key]: value }),
    remove: (key) => area.remove(key),
    // The area belongs to Cannery alone, so "every key of this app" is all of it.
    async clear(options = {}) {
      const { keep } = options;
      if (!keep) return area.clear();
      const stored = await area.get(null);
      const gone = Object.keys(stored).filter((key) => !keep(key));
      if (gone.length > 0) await area.remove(gone);
    },
  };
}

/**
 * Opens `url` in Chrome's web-auth window and resolves with the URL it was redirected to (under
 * `identity.getRedirectURL()`), which carries the code and state. Chrome sizes that window itself,
 * so the spec's 50 by 50 percent cannot be applied here.
 */
export async function launchAuthFlow(url: string): Promise<string> {
  let redirect: string | undefined;
  try {
    redirect = await browser.identity.launchWebAuthFlow({ url, interactive: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Chrome reports a window the user closed as "The user did not approve access."
    const closed = /did not approve|closed|cancel/i.test(message);
    throw new HostError(closed ? 'dialog-closed' : 'dialog-failed', closed ? 'Dialog window closed' : message, { cause: error });
  }
  if (!redirect) throw new HostError('dialog-failed', 'The sign-in window returned no address.');
  return redirect;
}

/**
 * The extension's sign-in window: Chrome's web-auth window opens the provider directly and hands
 * back the address it was redirected to, `https://<extension id>.chromiumapp.org/` (the redirect
 * URI the provider registers for the extension). `landingUrl` names the extension page of `page`.
 */
export function extensionWorkAccountWindow(page: '/sidepanel.html' | '/picker.html'): WorkAccountWindow {
  return {
    mode: 'direct',
    // Read when used, so an adapter can be built where `chrome.identity` is absent (unit tests).
    get redirectUri() {
      return browser.identity.getRedirectURL();
    },
    landingUrl: (route) => `${browser.runtime.getURL(page)}#/${route}`,
  };
}

/** Extension pages are never a landing pop-up: launchWebAuthFlow reports the redirect itself. */
export function noOpener(): Promise<void> {
  return Promise.reject(new HostError('unsupported', 'This page was not opened as a sign-in pop-up.'));
}

/** What both extension hosts (side panel, picker) can be given instead of Chrome's own; tests pass fakes. */
export interface ExtensionHostDeps {
  storage?: KeyValueStorage;
  openAuthPopup?: (url: string) => Promise<string>;
  workAccount?: WorkAccountWindow;
  pollIntervalMs?: number;
}

/** The storage and sign-in members an extension host's adapter shares with the other one. */
export function extensionAccountMembers(
  deps: ExtensionHostDeps,
  page: '/sidepanel.html' | '/picker.html',
): Pick<HostAdapter, 'storage' | 'openAuthPopup' | 'workAccount' | 'sendToOpener'> {
  return {
    storage: deps.storage ?? createExtensionStorage(),
    openAuthPopup: (url) => (deps.openAuthPopup ?? launchAuthFlow)(url),
    workAccount: deps.workAccount ?? extensionWorkAccountWindow(page),
    sendToOpener: noOpener,
  };
}
