import { browser, type Browser } from 'wxt/browser';
import type { InsertRequest, InsertResult, MailItem } from '../host';
import { gmailMessaging, type GmailReply } from './protocol';

export interface GmailBackground {
  /** Reads the open item of a Gmail tab, as the side panel does. */
  readItem: (tabId: number) => Promise<GmailReply<MailItem>>;
  /** Inserts a block into a Gmail tab, as the side panel does. */
  insertBlock: (tabId: number, request: InsertRequest) => Promise<GmailReply<InsertResult>>;
}

/**
 * The Gmail side of the service worker: the toolbar button opens the side panel, and so does the
 * "Cannery" button of a compose (its click is the user gesture `sidePanel.open` requires, so the
 * call is made synchronously in the message handler, before any await).
 */
export function registerGmailBackground(): GmailBackground {
  browser.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch((error: unknown) => {
    console.warn('Cannery: could not make the toolbar button open the side panel.', error);
  });
  gmailMessaging.onMessage('gmail:open-side-panel', (message) => {
    // @webext-core/messaging types `sender` with the global `chrome` namespace (@types/chrome),
    // which this project does not install; WXT's own types describe the same object.
    const sender = (message as unknown as { sender: Browser.runtime.MessageSender }).sender;
    const tabId = sender.tab?.id;
    if (tabId == null) return;
    browser.sidePanel.open({ tabId }).catch((error: unknown) => {
      console.warn('Cannery: could not open the side panel.', error);
    });
  });
  return {
    readItem: (tabId) => gmailMessaging.sendMessage('gmail:read-item', undefined, { tabId, frameId: 0 }),
    insertBlock: (tabId, request) => gmailMessaging.sendMessage('gmail:insert-block', request, { tabId, frameId: 0 }),
  };
}
