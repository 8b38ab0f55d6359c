import { browser } from 'wxt/browser';
import { HostError, type HostAdapter, type KeyValueStorage, type ShortcutSite, type WorkAccountWindow } from '../host';
import { schemeAndHost, type ExtensionIdentity } from './senders';
import { publishShortcuts, type ShortcutArea } from './shortcut-store';
import { SHORTCUT_SITES_KEY, siteMessaging } from './site-messages';

// Shared by both extension hosts (Gmail side panel, text-field picker): they share the
// extension's storage, so one sign-in serves the panel and the picker.

/** The extension's id and the origin of its own pages (the service worker's address is never a per-session one). */
export function extensionIdentity(): ExtensionIdentity {
  return { id: browser.runtime.id, origin: schemeAndHost(new URL(browser.runtime.getURL('/background.js'))) };
}

/** The parts of a `storage` area the host storage uses. */
export interface StorageAreaLike {
  get(keys: string | string[] | null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
  clear(): Promise<void>;
  setAccessLevel?(options: { accessLevel: 'TRUSTED_CONTEXTS' | 'TRUSTED_AND_UNTRUSTED_CONTEXTS' }): Promise<void>;
}

/**
 * Closes `storage.local` to content scripts (Chrome lets an extension keep an area to its own
 * pages and service worker). Resolves whether that holds: Firefox supports the call only on
 * `storage.session`, so there `local` stays readable by content scripts.
 */
export async function closeToContentScripts(area: StorageAreaLike): Promise<boolean> {
  if (typeof area.setAccessLevel !== 'function') return false;
  try {
    await area.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
    return true;
  } catch {
    return false;
  }
}

/** Keys that hold a credential: Amplify's tokens and device keys, and the work-account tokens. */
export function isSecretKey(key: string): boolean {
  return /(?:token|deviceKey|deviceGroupKey|randomPasswordKey|codeVerifier)$/i.test(key);
}

/**
 * Host storage of the extension, shared by every page of it. Everything lives in `storage.local`
 * (it survives restarts) once that area is closed to content scripts. Where it cannot be closed
 * (Firefox), credentials go to `storage.session` instead, which content scripts cannot read: there a
 * browser restart asks for a sign-in again, the price of keeping tokens away from web pages.
 */
export function createExtensionStorage(
  local: StorageAreaLike = browser.storage.local,
  session: StorageAreaLike = browser.storage.session,
): KeyValueStorage {
  let closed: Promise<boolean> | null = null;
  const areaFor = async (key: string): Promise<StorageAreaLike> => ((await (closed ??= closeToContentScripts(local))) || !isSecretKey(key) ? local : session);
  return {
    async get(key) {
      const found = await (await areaFor(key)).get(key);
      const value: unknown = found[key];
      return typeof value === 'string' ? value : null;
    },
    set: async (key, value) => (await areaFor(key)).set({ [key]: value }),
    remove: async (key) => (await areaFor(key)).remove(key),
    // The areas belong to Cannery alone, so "every key of this app" is all of both.
    async clear(options = {}) {
      // The sites shortcuts expand on outlive a sign-out (site-messages.ts).
      const keep = (key: string) => key === SHORTCUT_SITES_KEY || (options.keep?.(key) ?? false);
      for (const area of [local, session]) {
        const stored = await area.get(null);
        const gone = Object.keys(stored).filter((key) => !keep(key));
        if (gone.length > 0) await area.remove(gone);
      }
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
  /** The shortcut typed to open this page (the picker opened by a shortcut); null otherwise. */
  typedShortcut?: string | null;
  /** Where the shortcuts are kept for the background (shortcut-store.ts); by default `storage.local`. */
  shortcutArea?: Pick<ShortcutArea, 'set'>;
  /** The site of the page this window serves, where shortcuts can be turned on (the picker's); absent elsewhere. */
  shortcutSite?: ShortcutSite;
  /** The picker's claimed grant, which the background asks of a picker that lists or turns off sites. */
  grant?: string | null;
  /** The channel to the background about sites; tests pass a fake. */
  siteChannel?: Pick<typeof siteMessaging, 'sendMessage'>;
}

/** The storage and sign-in members an extension host's adapter shares with the other one. */
export function extensionAccountMembers(
  deps: ExtensionHostDeps,
  page: '/sidepanel.html' | '/picker.html',
): Pick<HostAdapter, 'storage' | 'openAuthPopup' | 'workAccount' | 'sendToOpener' | 'shortcuts'> {
  const channel = deps.siteChannel ?? siteMessaging;
  const grant = deps.grant ? { grant: deps.grant } : {};
  return {
    storage: deps.storage ?? createExtensionStorage(),
    shortcuts: {
      publish: (shortcuts) => publishShortcuts(deps.shortcutArea ?? browser.storage.local, shortcuts),
      typed: deps.typedShortcut ?? null,
      ...(deps.shortcutSite ? { site: deps.shortcutSite } : {}),
      sites: {
        list: () => channel.sendMessage('sites:list', grant),
        turnOff: (origin) => channel.sendMessage('sites:turn-off', { ...grant, origin }),
      },
    },
    openAuthPopup: (url) => (deps.openAuthPopup ?? launchAuthFlow)(url),
    workAccount: deps.workAccount ?? extensionWorkAccountWindow(page),
    sendToOpener: noOpener,
  };
}
