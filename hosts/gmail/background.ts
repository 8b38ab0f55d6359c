import { browser } from 'wxt/browser';
import type { InsertRequest, InsertResult, MailItem } from '../host';
import type { GmailAnchor } from './page-check';
import { isContentScriptOn, senderOf, type ExtensionIdentity } from '../shared/senders';
import { GMAIL_ORIGIN, gmailMessaging, type GmailReply } from './protocol';

export interface GmailBackground {
  /** Reads the open item of a Gmail tab, as the side panel does. */
  readItem: (tabId: number) => Promise<GmailReply<MailItem>>;
  /** Inserts a block into a Gmail tab, as the side panel does. */
  insertBlock: (tabId: number, request: InsertRequest) => Promise<GmailReply<InsertResult>>;
  /** The parts of a Gmail tab's page Cannery cannot find, as the side panel asks. */
  checkPage: (tabId: number) => Promise<GmailAnchor[]>;
}

/** Firefox's sidebar API (absent from the Chrome types `wxt/browser` carries). */
interface SidebarAction {
  open(): Promise<void>;
  toggle(): Promise<void>;
}

/**
 * The panel next to the page: Chrome's side panel, or Firefox's sidebar showing the same page.
 * Found by feature, not by user agent: Firefox has no `sidePanel`, Chrome no `sidebarAction`.
 */
export interface PanelOpener {
  /** Makes the toolbar button open the panel. */
  openFromToolbar(): void;
  /** Opens the panel beside `tabId`; must run synchronously inside the user gesture's handler. */
  open(tabId: number): Promise<void>;
}

export function panelOpener(api: typeof browser = browser): PanelOpener {
  const sidebarAction = (api as unknown as { sidebarAction?: SidebarAction }).sidebarAction;
  if (!api.sidePanel && sidebarAction) {
    return {
      // Without a popup, the toolbar button's click reaches `action.onClicked`: a user action, as
      // `sidebarAction` requires.
      openFromToolbar: () =>
        api.action.onClicked.addListener(() => {
          sidebarAction.toggle().catch((error: unknown) => console.warn('Cannery: could not open the sidebar.', error));
        }),
      // Firefox opens the sidebar only while handling a user action of the extension's own UI; a
      // message from Gmail's page may not count, in which case this rejects and the toolbar remains.
      open: () => sidebarAction.open(),
    };
  }
  return {
    openFromToolbar: () => {
      api.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch((error: unknown) => {
        console.warn('Cannery: could not make the toolbar button open the side panel.', error);
      });
    },
    open: (tabId) => api.sidePanel.open({ tabId }),
  };
}

/**
 * The Gmail side of the service worker: the toolbar button opens the side panel, and so does the
 * "Cannery" button of a compose (its click is the user gesture `sidePanel.open` requires, so the
 * call is made synchronously in the message handler, before any await). In Firefox the panel is
 * the sidebar (see `panelOpener`).
 */
export function registerGmailBackground(self: ExtensionIdentity, panel: PanelOpener = panelOpener()): GmailBackground {
  panel.openFromToolbar();
  gmailMessaging.onMessage('gmail:open-side-panel', (message) => {
    const sender = senderOf(message);
    // Only Cannery's Gmail script, in Gmail's top frame, opens the panel (for its own tab).
    if (!isContentScriptOn(sender, self, GMAIL_ORIGIN)) return;
    const tabId = sender.tab?.id;
    if (tabId == null) return;
    panel.open(tabId).catch((error: unknown) => {
      console.warn('Cannery: could not open the side panel (in Firefox, use the toolbar button).', error);
    });
  });
  return {
    readItem: (tabId) => gmailMessaging.sendMessage('gmail:read-item', undefined, { tabId, frameId: 0 }),
    insertBlock: (tabId, request) => gmailMessaging.sendMessage('gmail:insert-block', request, { tabId, frameId: 0 }),
    checkPage: (tabId) => gmailMessaging.sendMessage('gmail:check-page', undefined, { tabId, frameId: 0 }),
  };
}
