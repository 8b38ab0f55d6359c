import { browser } from 'wxt/browser';
import type { ScriptPublicPath } from 'wxt/utils/inject-script';
import { textInputMessaging, type FieldContent, type FieldInsertOutcome, type FrameTarget } from './protocol';

/** The context-menu item's id and the manifest command's name (see wxt.config.ts). */
export const MENU_ID = 'cannery-insert-block';
export const INSERT_COMMAND = 'insert-block';

export interface TextInputBackgroundOptions {
  /** The built text-field content script, e.g. `/content-scripts/text-field.js`. */
  contentScriptFile: ScriptPublicPath;
}

export interface TextInputBackground {
  /**
   * What the context menu and the shortcut do: make sure the text-field script runs in the frame
   * (injecting it on demand: `activeTab` allows it right after the user's gesture) and open the
   * picker there. Resolves whether the frame had an editable field.
   */
  startInsertion: (target: FrameTarget) => Promise<boolean>;
  /** Inserts into the frame's remembered field, as the picker does when a block is chosen. */
  insertInto: (target: FrameTarget, content: FieldContent) => Promise<FieldInsertOutcome>;
  /** Adds the menu item and the listeners; call synchronously when the service worker starts. */
  register: () => void;
}

export function createTextInputBackground(options: TextInputBackgroundOptions): TextInputBackground {
  async function startInsertion(target: FrameTarget): Promise<boolean> {
    try {
      // Already injected (a second right-click): keep that instance and what it remembers.
      return await textInputMessaging.sendMessage('text-input:open-picker', target, target);
    } catch {
      // No listener in that frame yet: inject, then ask again.
    }
    await browser.scripting.executeScript({
      target: { tabId: target.tabId, frameIds: [target.frameId] },
      files: [options.contentScriptFile],
    });
    return textInputMessaging.sendMessage('text-input:open-picker', target, target);
  }

  function run(target: FrameTarget): void {
    startInsertion(target).catch((error: unknown) => {
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
      run({ tabId: tab.id, frameId: info.frameId ?? 0 });
    });
    browser.commands.onCommand.addListener((command, tab) => {
      if (command !== INSERT_COMMAND || tab?.id == null) return;
      // A shortcut names no frame: the top one, whose script follows focus into same-origin frames.
      run({ tabId: tab.id, frameId: 0 });
    });
  }

  return {
    startInsertion,
    insertInto: (target, content) => textInputMessaging.sendMessage('text-input:insert', content, target),
    register,
  };
}
