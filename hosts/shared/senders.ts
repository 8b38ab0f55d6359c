/**
 * Who may ask what of whom inside the extension. Every message handler of the extension names the
 * senders it answers, with the predicates below, and drops anything else unanswered: a message
 * reaches `runtime.onMessage` from any context of the extension, including a content script in a
 * page Cannery does not trust and an extension page framed by such a page.
 *
 * docs/security.md lists, handler by handler, which context may send what.
 */

/** The parts of `runtime.MessageSender` these rules read (the same object in Chrome and Firefox). */
export interface MessageSenderLike {
  id?: string;
  url?: string;
  /** The sending document's origin (Chrome): an about:blank or srcdoc frame's is its parent's. */
  origin?: string;
  tab?: { id?: number };
  frameId?: number;
  documentId?: string;
}

/** The extension itself: its id and the origin of its own pages (`chrome-extension://<id>`, or Firefox's `moz-extension://<uuid>`). */
export interface ExtensionIdentity {
  id: string;
  origin: string;
}

/** The extension's pages that send messages. */
export type ExtensionPage = '/sidepanel.html' | '/picker.html';

/** The built service worker (WXT's background entrypoint). */
export const BACKGROUND_PATH = '/background.js';

function parsed(url: string | undefined): URL | null {
  if (!url) return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * The scheme and host of an address. `URL.origin` is "null" for schemes the URL standard does not
 * know (`chrome-extension:` outside Chrome, e.g. in tests), so the origin is spelled out.
 */
export function schemeAndHost(url: URL): string {
  return `${url.protocol}//${url.host}`;
}

function ours(sender: MessageSenderLike, self: ExtensionIdentity): URL | null {
  if (sender.id !== self.id) return null;
  const url = parsed(sender.url);
  return url && schemeAndHost(url) === self.origin ? url : null;
}

/** The service worker: the extension's own origin, the background script, and no tab. */
export function isBackground(sender: MessageSenderLike, self: ExtensionIdentity): boolean {
  return ours(sender, self)?.pathname === BACKGROUND_PATH && sender.tab === undefined;
}

/**
 * One of the extension's own pages. `inTab`: the picker is framed into a web page, so it has a
 * tab; the side panel has none (Chrome gives it no `tab`, and neither does Firefox's sidebar).
 */
export function isExtensionPage(sender: MessageSenderLike, self: ExtensionIdentity, page: ExtensionPage): boolean {
  const url = ours(sender, self);
  if (url?.pathname !== page) return false;
  return page === '/picker.html' ? typeof sender.tab?.id === 'number' : sender.tab === undefined;
}

/**
 * The side panel's page wherever it is shown: the browser's panel, or a tab of its own (only the
 * extension opens its pages in a tab; no web page can frame or open it, it is not web-accessible).
 */
export function isSidePanelPage(sender: MessageSenderLike, self: ExtensionIdentity): boolean {
  return ours(sender, self)?.pathname === '/sidepanel.html';
}

/**
 * A content script of the extension in the top frame of a tab on `origin` (e.g. Gmail's). Its
 * `url` is the page's, so the origin check holds the page to the one the script is declared for.
 */
export function isContentScriptOn(sender: MessageSenderLike, self: ExtensionIdentity, origin: string): boolean {
  if (sender.id !== self.id || typeof sender.tab?.id !== 'number' || sender.frameId !== 0) return false;
  const url = parsed(sender.url);
  return url !== null && schemeAndHost(url) === origin;
}

/**
 * The sender of a message as @webext-core/messaging hands it over. Its types describe `sender`
 * with the global `chrome` namespace, which this project does not install; the object is the same
 * `runtime.MessageSender` in every browser, read here through the fields these rules use.
 */
export function senderOf(message: unknown): MessageSenderLike {
  const sender = (message as { sender?: unknown } | null)?.sender;
  return typeof sender === 'object' && sender !== null ? sender : {};
}
