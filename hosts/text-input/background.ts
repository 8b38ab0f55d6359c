import { browser } from 'wxt/browser';
import type { ScriptPublicPath } from 'wxt/utils/inject-script';
import { isExtensionPage, isSidePanelPage, senderOf, type ExtensionIdentity, type MessageSenderLike } from '../shared/senders';
import { shortcutKey } from '../../src/domain/block-shortcut';
import { storedShortcuts, type ShortcutArea } from '../shared/shortcut-store';
import { createPickerGrants, type GrantStore, type PickerGrants } from './picker-grants';
import { siteMessaging } from '../shared/site-messages';
import type { SiteRegistry } from './site-registry';
import { CONTENT_INSTANCE_KEY, textInputMessaging, type FieldContent, type FieldInsertOutcome, type FrameTarget, type OpenPickerRequest } from './protocol';

/**
 * How long the picker page has to start in its frame and claim its grant before Cannery tells the
 * user the page blocked it. It claims as it loads, well within a second; the rest is room for a busy machine.
 */
export const PICKER_START_MS = 10_000;

/** What the toolbar button's tooltip and the page say when a page keeps the picker out. */
export const PICKER_BLOCKED_MESSAGE = 'Cannery could not open its picker on this page: the page blocked it. Blocks cannot be inserted here.';
/** The tooltip when the browser keeps extensions out of the page (its own pages, the Web Store, PDF viewer). */
export const PAGE_REFUSED_MESSAGE = 'Cannery cannot insert blocks into this page: the browser does not let extensions into it.';
const DEFAULT_TITLE = 'Cannery';

/** The context-menu item's id and the manifest command's name (see wxt.config.ts). */
export const MENU_ID = 'cannery-insert-block';
export const INSERT_COMMAND = 'insert-block';

export interface TextInputBackgroundOptions {
  /** The built text-field content script, e.g. `/content-scripts/text-field.js`. */
  contentScriptFile: ScriptPublicPath;
  /** The extension's id and origin (to recognise its picker page). */
  self: ExtensionIdentity;
  /** Where grants are kept; by default the extension's session storage. */
  grantStore?: GrantStore;
  /** Where the extension's pages keep the user's shortcuts (shortcut-store.ts); by default its local storage. */
  shortcutStore?: Pick<ShortcutArea, 'get'>;
  /**
   * Whether pages of `origin` get shortcut expansion: Gmail always, other sites when the user
   * turned it on for them. A content script elsewhere gets no shortcuts and cannot expand one.
   */
  expandsOn: (origin: string) => Promise<boolean>;
  /** The sites the user turned shortcuts on for (site-registry.ts); without it no site can be turned on. */
  sites?: SiteRegistry;
}

export interface TextInputBackground {
  /**
   * What the context menu and the shortcut do: make sure the text-field script runs in the frame
   * (injecting it on demand: `activeTab` allows it right after the user's gesture) and open the
   * picker there with a new grant. `pageUrl` is the frame's address as the gesture reported it;
   * without it the frame is asked. Resolves whether the frame had an editable field.
   */
  startInsertion: (target: FrameTarget, pageUrl?: string, shortcut?: string) => Promise<boolean>;
  /** Inserts into the frame's remembered field, as the picker does when a block is chosen. */
  insertInto: (target: FrameTarget, content: FieldContent) => Promise<FieldInsertOutcome>;
  /** Adds the menu item and the listeners; call synchronously when the service worker starts. */
  register: () => void;
}

/** The origin of an address, or null for one without a web origin (about:blank, data:, a file). */
function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

export function createTextInputBackground(options: TextInputBackgroundOptions): TextInputBackground {
  const grants: PickerGrants = createPickerGrants(options.grantStore ?? browser.storage.session);
  const shortcutStore = options.shortcutStore ?? browser.storage.local;

  /** The frame's origin as the frame itself reports it (`activeTab` allows this right after the gesture). */
  async function askOrigin(target: FrameTarget): Promise<string | null> {
    const [result] = await browser.scripting.executeScript({
      target: { tabId: target.tabId, frameIds: [target.frameId] },
      func: () => location.origin,
    });
    return typeof result?.result === 'string' ? originOf(`${result.result}/`) : null;
  }

  async function startInsertion(target: FrameTarget, pageUrl?: string, shortcut?: string): Promise<boolean> {
    // about:blank and srcdoc frames report no address of their own: ask the frame.
    let origin = originOf(pageUrl);
    try {
      origin ??= await askOrigin(target);
    } catch {
      // The browser's own pages, the Web Store and its PDF viewer refuse every extension's script.
      await showRefusal(target.tabId, PAGE_REFUSED_MESSAGE);
      return false;
    }
    if (!origin) return false;
    const request = async () => ({ target, origin, grant: await grants.issue(target, origin, shortcut), ...(shortcut ? { shortcut } : {}) });
    try {
      // Already injected (a second right-click): keep that instance and what it remembers.
      return await open(await request());
    } catch {
      // No listener in that frame yet: inject, then ask again.
    }
    try {
      await browser.scripting.executeScript({
        target: { tabId: target.tabId, frameIds: [target.frameId] },
        files: [options.contentScriptFile],
      });
    } catch {
      // The browser's own pages, the Web Store and its PDF viewer refuse every extension's script.
      await showRefusal(target.tabId, PAGE_REFUSED_MESSAGE);
      return false;
    }
    return open(await request());
  }

  /** Opens the picker in the frame, and tells the user when its page never starts there. */
  async function open(request: OpenPickerRequest): Promise<boolean> {
    const opened = await textInputMessaging.sendMessage('text-input:open-picker', request, request.target);
    if (opened) setTimeout(() => void checkStarted(request), PICKER_START_MS);
    return opened;
  }

  /**
   * The picker page claims its grant as it loads. Unclaimed after `PICKER_START_MS`, its frame was
   * blocked or taken out by the page (Chrome lets extension frames past a page's CSP; a page's own
   * script may still remove or replace them): the toolbar button says so, and the page too.
   */
  async function checkStarted(request: OpenPickerRequest): Promise<void> {
    if ((await grants.current(request.target)) !== request.grant || (await grants.isClaimed(request.grant))) return;
    await showRefusal(request.target.tabId, PICKER_BLOCKED_MESSAGE);
    await textInputMessaging.sendMessage('text-input:picker-blocked', { grant: request.grant, message: PICKER_BLOCKED_MESSAGE }, request.target).catch(() => undefined);
  }

  /** Marks the toolbar button in `tabId` ("!", its tooltip saying why) until a picker opens there. */
  async function showRefusal(tabId: number, message: string): Promise<void> {
    await Promise.all([
      browser.action.setBadgeText({ tabId, text: '!' }),
      browser.action.setBadgeBackgroundColor({ tabId, color: '#b10e1c' }),
      browser.action.setTitle({ tabId, title: message }),
    ]).catch(() => undefined);
  }

  async function clearRefusal(tabId: number): Promise<void> {
    await Promise.all([browser.action.setBadgeText({ tabId, text: '' }), browser.action.setTitle({ tabId, title: DEFAULT_TITLE })]).catch(() => undefined);
  }

  async function insertInto(target: FrameTarget, content: FieldContent): Promise<FieldInsertOutcome> {
    const grant = await grants.current(target);
    if (!grant) return { ok: false, reason: 'no-field', message: 'No picker is open in that frame.' };
    return textInputMessaging.sendMessage('text-input:insert', { grant, content }, target);
  }

  function run(target: FrameTarget, pageUrl: string | undefined): void {
    startInsertion(target, pageUrl).catch((error: unknown) => {
      // Refusals of the page are on the toolbar button already (`showRefusal`); this is anything else.
      console.warn('Cannery: could not open the picker in this frame.', error);
    });
  }

  function register(): void {
    browser.runtime.onInstalled.addListener(() => {
      // Menu items persist across service-worker restarts; (re)create them once per install/update.
      void browser.contextMenus.removeAll().then(() =>
        browser.contextMenus.create({ id: MENU_ID, title: 'Insert a Cannery block', contexts: ['editable'] }),
      );
    });
    browser.contextMenus.onClicked.addListener((info, tab) => {
      if (info.menuItemId !== MENU_ID || tab?.id == null) return;
      const frameId = info.frameId ?? 0;
      run({ tabId: tab.id, frameId }, frameId === 0 ? info.pageUrl : info.frameUrl);
    });
    browser.commands.onCommand.addListener((command, tab) => {
      if (command !== INSERT_COMMAND || tab?.id == null) return;
      // A shortcut names no frame: the top one, whose script follows focus into same-origin frames.
      run({ tabId: tab.id, frameId: 0 }, tab.url);
    });
    // Shortcuts go only to the extension's own content scripts, in pages where expansion is on.
    textInputMessaging.onMessage('text-input:shortcuts', async (message) => {
      const origin = await expandingOrigin(senderOf(message));
      return origin ? storedShortcuts(shortcutStore) : [];
    });
    textInputMessaging.onMessage('text-input:expand-shortcut', async (message) => {
      const from = senderOf(message);
      const origin = await expandingOrigin(from);
      const typed = message.data?.shortcut;
      if (!origin || typeof typed !== 'string' || typeof from.tab?.id !== 'number' || typeof from.frameId !== 'number') return false;
      // Only a shortcut of the user's: the page cannot make the picker insert something else.
      const known = (await storedShortcuts(shortcutStore)).includes(shortcutKey(typed));
      if (!known) return false;
      return startInsertion({ tabId: from.tab.id, frameId: from.frameId }, from.url, shortcutKey(typed));
    });
    // Only a picker page framed in a tab may claim a grant, and only its own (picker-grants.ts).
    textInputMessaging.onMessage('text-input:claim-picker', async (message) => {
      const from = senderOf(message);
      if (!isExtensionPage(from, options.self, '/picker.html')) return null;
      const claimed = await grants.claim(message.data?.grant, from);
      if (!claimed) return null;
      void clearRefusal(claimed.target.tabId);
      return { ...claimed, shortcutsOn: await options.expandsOn(claimed.origin) };
    });
    // Turning a site on: only the picker that claimed a grant, for the site its grant names, once
    // the browser granted that site to the extension (the picker asked on the user's click).
    textInputMessaging.onMessage('text-input:turn-on-site', async (message) => {
      const from = senderOf(message);
      const claimed = isExtensionPage(from, options.self, '/picker.html') ? await grants.verifyClaim(message.data?.grant, from) : null;
      if (!claimed || !options.sites) throw new Error('Cannery refused this message.');
      const outcome = await options.sites.turnOn(claimed.origin);
      if (outcome === 'on') await startOnTab(claimed.target.tabId, claimed.origin);
      return outcome;
    });
    // Settings' list of sites, and its "Turn off" buttons (hosts/shared/site-messages.ts).
    siteMessaging.onMessage('sites:list', async (message) => {
      if (!options.sites || !(await isOwnPage(senderOf(message), message.data))) throw new Error('Cannery refused this message.');
      return options.sites.list();
    });
    siteMessaging.onMessage('sites:turn-off', async (message) => {
      const origin = message.data?.origin;
      if (!options.sites || typeof origin !== 'string' || !(await isOwnPage(senderOf(message), message.data))) throw new Error('Cannery refused this message.');
      await options.sites.turnOff(origin);
    });
    // The picker's requests reach its frame only through here, from the frame that claimed the grant.
    textInputMessaging.onMessage('text-input:picker-read-field', async (message) => {
      const { data } = message;
      const target = await pickerTarget(senderOf(message), data);
      return textInputMessaging.sendMessage('text-input:read-field', { grant: data.grant }, target);
    });
    textInputMessaging.onMessage('text-input:picker-insert', async (message) => {
      const { data } = message;
      const target = await pickerTarget(senderOf(message), data);
      return textInputMessaging.sendMessage('text-input:insert', { grant: data.grant, content: data.content }, target);
    });
    textInputMessaging.onMessage('text-input:picker-close', async (message) => {
      const { data } = message;
      const target = await pickerTarget(senderOf(message), data);
      return textInputMessaging.sendMessage('text-input:close-picker', { grant: data.grant }, target);
    });
  }

  /** The side panel, or a picker page with the grant it claimed: the pages that show Settings. */
  async function isOwnPage(from: MessageSenderLike, request: { grant?: unknown } | undefined): Promise<boolean> {
    if (isSidePanelPage(from, options.self)) return true;
    return isExtensionPage(from, options.self, '/picker.html') && (await grants.verify(request?.grant, from)) !== null;
  }

  /**
   * Expansion at once in the tab where the site was just turned on, without a reload: frames of
   * the site that run the script ask for the shortcuts again; the others get the script now.
   */
  async function startOnTab(tabId: number, origin: string): Promise<void> {
    let frames;
    try {
      frames = await browser.scripting.executeScript({
        target: { tabId, allFrames: true },
        func: (key: string) => ({ origin: location.origin, running: Symbol.for(key) in globalThis }),
        args: [CONTENT_INSTANCE_KEY],
      });
    } catch {
      // The tab was closed or navigated away: the registered script serves its next pages.
      return;
    }
    for (const frame of frames) {
      const found = frame.result as { origin?: unknown; running?: unknown } | undefined;
      if (found?.origin !== origin) continue;
      const target = { tabId, frameId: frame.frameId };
      if (found.running === true) {
        await textInputMessaging.sendMessage('text-input:reload-shortcuts', undefined, target).catch(() => undefined);
      } else {
        await browser.scripting.executeScript({ target: { tabId, frameIds: [frame.frameId] }, files: [options.contentScriptFile] }).catch(() => undefined);
      }
    }
  }

  /** The page origin of a content script of this extension in a tab, when shortcuts expand there; null otherwise. */
  async function expandingOrigin(from: MessageSenderLike): Promise<string | null> {
    if (from.id !== options.self.id || typeof from.tab?.id !== 'number' || typeof from.frameId !== 'number') return null;
    // A frame without an address of its own (about:blank, srcdoc) is on its parent's origin.
    const origin = originOf(from.url) ?? originOf(from.origin ? `${from.origin}/` : undefined);
    if (!origin || origin === options.self.origin) return null;
    return (await options.expandsOn(origin)) ? origin : null;
  }

  /** The frame a picker request may reach: the sender must be the picker frame that claimed the grant. */
  async function pickerTarget(from: MessageSenderLike, request: { grant?: unknown } | undefined): Promise<FrameTarget> {
    const target = isExtensionPage(from, options.self, '/picker.html') ? await grants.verify(request?.grant, from) : null;
    if (!target) throw new Error('Cannery refused this message.');
    return target;
  }

  return { startInsertion, insertInto, register };
}
