import { browser } from 'wxt/browser';
import type { ScriptPublicPath } from 'wxt/utils/inject-script';
import { isExtensionPage, senderOf, type ExtensionIdentity, type MessageSenderLike } from '../shared/senders';
import { shortcutKey } from '../../src/domain/block-shortcut';
import { storedShortcuts, type ShortcutArea } from '../shared/shortcut-store';
import { createPickerGrants, type GrantStore, type PickerGrants } from './picker-grants';
import { textInputMessaging, type FieldContent, type FieldInsertOutcome, type FrameTarget } from './protocol';

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
    const origin = originOf(pageUrl) ?? (await askOrigin(target));
    if (!origin) return false;
    const request = async () => ({ target, origin, grant: await grants.issue(target, origin, shortcut), ...(shortcut ? { shortcut } : {}) });
    try {
      // Already injected (a second right-click): keep that instance and what it remembers.
      return await textInputMessaging.sendMessage('text-input:open-picker', await request(), target);
    } catch {
      // No listener in that frame yet: inject, then ask again.
    }
    await browser.scripting.executeScript({
      target: { tabId: target.tabId, frameIds: [target.frameId] },
      files: [options.contentScriptFile],
    });
    return textInputMessaging.sendMessage('text-input:open-picker', await request(), target);
  }

  async function insertInto(target: FrameTarget, content: FieldContent): Promise<FieldInsertOutcome> {
    const grant = await grants.current(target);
    if (!grant) return { ok: false, reason: 'no-field', message: 'No picker is open in that frame.' };
    return textInputMessaging.sendMessage('text-input:insert', { grant, content }, target);
  }

  function run(target: FrameTarget, pageUrl: string | undefined): void {
    startInsertion(target, pageUrl).catch((error: unknown) => {
      // Chrome pages, the Web Store and PDF viewers refuse scripts; nothing to show the user there.
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
    textInputMessaging.onMessage('text-input:claim-picker', (message) => {
      const from = senderOf(message);
      if (!isExtensionPage(from, options.self, '/picker.html')) return null;
      return grants.claim(message.data?.grant, from);
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

  /** The page origin of a content script of this extension in a tab, when shortcuts expand there; null otherwise. */
  async function expandingOrigin(from: MessageSenderLike): Promise<string | null> {
    if (from.id !== options.self.id || typeof from.tab?.id !== 'number' || typeof from.frameId !== 'number') return null;
    const origin = originOf(from.url);
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
