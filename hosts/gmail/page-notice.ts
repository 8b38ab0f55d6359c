import { quietToTabs } from '../shared/tab-messages';
import { currentTabId, NO_GMAIL_HERE } from './adapter';
import { ANCHOR_MESSAGES, type GmailAnchor } from './page-check';
import { gmailMessaging } from './protocol';

/**
 * The side panel's half of the runtime fallback: asks the Gmail tab's content script which parts of
 * Gmail's page it cannot find (`page-check.ts`) and shows the matching messages above the app, so a
 * Gmail change shows up as a clear sentence in the panel instead of buttons that do nothing.
 */

export interface PageNoticeDeps {
  /** The channel to Gmail's content script; tests pass a fake. */
  messaging?: Pick<typeof gmailMessaging, 'sendMessage'>;
  /** The tab the side panel sits next to; tests pass a fixed one. */
  activeTabId?: () => Promise<number | null>;
  /** Time between checks. */
  intervalMs?: number;
}

/** Often enough to follow the user opening a compose; the check is a handful of selector lookups. */
export const PAGE_CHECK_INTERVAL_MS = 1000;

/** What the panel's notice shows: the parts of Gmail Cannery cannot find, or that the tab is not Gmail. */
export type PageState = GmailAnchor[] | 'no-gmail';

/**
 * Calls `onChange` with the missing parts now and whenever they change, until `signal` aborts. A tab
 * without Gmail's content script (not Gmail, or Gmail loaded before Cannery) is `no-gmail`.
 */
export function watchGmailPage(onChange: (state: PageState) => void, signal: AbortSignal, deps: PageNoticeDeps = {}): void {
  const messaging = deps.messaging ?? quietToTabs(gmailMessaging);
  const activeTabId = deps.activeTabId ?? currentTabId;
  let last: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function check(): Promise<PageState> {
    try {
      const tabId = await activeTabId();
      if (tabId == null) return 'no-gmail';
      return await messaging.sendMessage('gmail:check-page', undefined, { tabId, frameId: 0 });
    } catch {
      return 'no-gmail';
    }
  }

  async function run(): Promise<void> {
    const missing = await check();
    if (signal.aborted) return;
    const key = typeof missing === 'string' ? missing : missing.join(',');
    if (key !== last) {
      last = key;
      onChange(missing);
    }
    timer = setTimeout(() => void run(), deps.intervalMs ?? PAGE_CHECK_INTERVAL_MS);
  }

  signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  if (!signal.aborted) void run();
}

/**
 * Shows one line per missing part in `container` (a status region), or that the tab is not Gmail,
 * and hides it when all is well.
 */
export function renderPageNotice(container: HTMLElement, state: PageState): void {
  const doc = container.ownerDocument;
  const lines = state === 'no-gmail' ? [NO_GMAIL_HERE] : state.map((anchor) => ANCHOR_MESSAGES[anchor]);
  container.replaceChildren(
    ...lines.map((text) => {
      const line = doc.createElement('p');
      line.textContent = text;
      line.style.margin = '0';
      return line;
    }),
  );
  container.hidden = lines.length === 0;
  // An inline `display` would override `hidden`; this keeps the two in step.
  container.style.display = lines.length === 0 ? 'none' : 'grid';
}

/**
 * Makes `container` the panel's notice of Gmail parts Cannery cannot find: a polite live region in
 * Fluent's warning colours, kept current until `signal` aborts.
 */
export function showGmailPageNotice(container: HTMLElement, signal: AbortSignal, deps: PageNoticeDeps = {}): void {
  container.setAttribute('role', 'status');
  container.setAttribute('aria-live', 'polite');
  Object.assign(container.style, {
    gap: '6px',
    padding: '8px 12px',
    background: '#fff9f5',
    border: '1px solid #fdcfb4',
    borderRadius: '4px',
    margin: '8px',
    color: '#242424',
    font: '12px/16px "Segoe UI", system-ui, sans-serif',
  });
  renderPageNotice(container, []);
  watchGmailPage((missing) => renderPageNotice(container, missing), signal, deps);
}
