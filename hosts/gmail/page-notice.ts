import { currentTabId } from './adapter';
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

/**
 * Calls `onChange` with the missing parts now and whenever they change, until `signal` aborts. A tab
 * without Gmail's content script (not Gmail) has nothing missing.
 */
export function watchGmailPage(onChange: (missing: GmailAnchor[]) => void, signal: AbortSignal, deps: PageNoticeDeps = {}): void {
  const messaging = deps.messaging ?? gmailMessaging;
  const activeTabId = deps.activeTabId ?? currentTabId;
  let last: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function check(): Promise<GmailAnchor[]> {
    try {
      const tabId = await activeTabId();
      if (tabId == null) return [];
      return await messaging.sendMessage('gmail:check-page', undefined, { tabId, frameId: 0 });
    } catch {
      return [];
    }
  }

  async function run(): Promise<void> {
    const missing = await check();
    if (signal.aborted) return;
    const key = missing.join(',');
    if (key !== last) {
      last = key;
      onChange(missing);
    }
    timer = setTimeout(() => void run(), deps.intervalMs ?? PAGE_CHECK_INTERVAL_MS);
  }

  signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  if (!signal.aborted) void run();
}

/** Shows one line per missing part in `container` (a status region), and hides it when none is. */
export function renderPageNotice(container: HTMLElement, missing: readonly GmailAnchor[]): void {
  const doc = container.ownerDocument;
  container.replaceChildren(
    ...missing.map((anchor) => {
      const line = doc.createElement('p');
      line.textContent = ANCHOR_MESSAGES[anchor];
      line.style.margin = '0';
      return line;
    }),
  );
  container.hidden = missing.length === 0;
  // An inline `display` would override `hidden`; this keeps the two in step.
  container.style.display = missing.length === 0 ? 'none' : 'grid';
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
