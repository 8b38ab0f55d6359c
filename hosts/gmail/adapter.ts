import { browser } from 'wxt/browser';
import { HostError, noOpenItem, type HostAdapter, type InsertRequest, type InsertResult, type MailItem } from '../host';
import { extensionAccountMembers, type ExtensionHostDeps } from '../shared/extension-services';
import { pollItem } from '../shared/poll-item';
import { quietToTabs } from '../shared/tab-messages';
import { gmailMessaging, type GmailReply } from './protocol';

export interface GmailAdapterDeps extends ExtensionHostDeps {
  /** The channel to Gmail's content script; tests pass a fake. */
  messaging?: Pick<typeof gmailMessaging, 'sendMessage'>;
  /** The tab the side panel sits next to; tests pass a fixed one. */
  activeTabId?: () => Promise<number | null>;
}

/** The subject is set in a new message (not in an inline reply, reported as skipped); Cc and files are not supported. */
const CAPABILITIES = Object.freeze({
  subjectLine: true,
  cc: false,
  attachments: false,
  replyFromRead: true,
  newCompose: true,
  // Delegated accounts (`/mail/u/N/d/...`) and the From alias of the open compose window.
  sharedMailboxes: true,
});

/** The tab the side panel sits next to: the active tab of the panel's window. */
export async function currentTabId(): Promise<number | null> {
  // In the side panel, "current window" is the window the panel belongs to.
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}

/** What the side panel says when the tab next to it is not Gmail (or Gmail opened before Cannery was). */
export const NO_GMAIL_HERE = 'Open Gmail in this window to use Cannery here. If Gmail is open, reload it.';

function unwrap<T>(reply: GmailReply<T>): T {
  if (reply.ok) return reply.value;
  throw new HostError(reply.code, reply.message);
}

/**
 * The side panel's host: the Gmail tab next to it, reached through its content script. A tab
 * without that script (not Gmail, or opened before the extension) has nothing open: mode `none`.
 */
export function createGmailAdapter(deps: GmailAdapterDeps = {}): HostAdapter {
  const messaging = deps.messaging ?? quietToTabs(gmailMessaging);
  const activeTabId = deps.activeTabId ?? currentTabId;

  /** Runs `send` against the Gmail tab's top frame; null when no content script answers there. */
  async function toGmailTab<T>(send: (target: { tabId: number; frameId: number }) => Promise<T>): Promise<T | null> {
    const tabId = await activeTabId();
    if (tabId == null) return null;
    try {
      return await send({ tabId, frameId: 0 });
    } catch {
      return null;
    }
  }

  async function readItem(): Promise<MailItem> {
    const reply = await toGmailTab((target) => messaging.sendMessage('gmail:read-item', undefined, target));
    return reply ? unwrap(reply) : noOpenItem();
  }

  async function insertBlock(request: InsertRequest): Promise<InsertResult> {
    const reply = await toGmailTab((target) => messaging.sendMessage('gmail:insert-block', request, target));
    if (!reply) throw new HostError('no-compose', NO_GMAIL_HERE);
    return unwrap(reply);
  }

  async function openNewCompose(): Promise<void> {
    const reply = await toGmailTab((target) => messaging.sendMessage('gmail:open-new-compose', undefined, target));
    if (!reply) throw new HostError('unsupported', NO_GMAIL_HERE);
    unwrap(reply);
  }

  return {
    name: 'gmail',
    context: 'gmail',
    sessionContext: 'chrome',
    capabilities: CAPABILITIES,
    ...extensionAccountMembers(deps, '/sidepanel.html'),
    readItem,
    watchItem: (onChange, signal) => pollItem(readItem, onChange, signal, { intervalMs: deps.pollIntervalMs }),
    insertBlock,
    openNewCompose,
  };
}
