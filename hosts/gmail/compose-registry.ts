import { GMAIL } from './selectors';

/** One open compose (new-message dialog or inline reply) that the content script has seen. */
export interface ComposeEntry {
  /** Cannery's own id for this compose, stable while it is open. */
  readonly id: string;
  /** The editor (`div[contenteditable]`). */
  readonly body: HTMLElement;
  /** The dialog, or the inline reply's container: where subject, recipients and toolbar live. */
  readonly root: HTMLElement;
  /** An inline reply under a thread (no dialog around it). */
  readonly inline: boolean;
  /** Order of detection, to pick the newest when none was focused. */
  readonly openedSeq: number;
  /** Order of the last focus inside the body; 0 when never focused. */
  focusedSeq: number;
  /** The last caret/selection inside the body: the side panel takes focus before a block is inserted. */
  range: Range | null;
}

export interface ComposeRegistry {
  /** Open composes in detection order. */
  list(): ComposeEntry[];
  /** Where a block goes: the compose focused last, else the newest one; null when none is open. */
  current(): ComposeEntry | null;
  /** Resolves with the next compose to appear (e.g. after clicking Reply); rejects after `timeoutMs`. */
  waitForNext(timeoutMs: number): Promise<ComposeEntry>;
  /** Looks for composes now instead of on the next mutation batch (tests, right after a click). */
  scan(): void;
}

export interface ComposeHooks {
  onAdded?: (entry: ComposeEntry) => void;
  onRemoved?: (entry: ComposeEntry) => void;
}

/** Gmail mutates its DOM constantly; scanning at most this often keeps the observer cheap. */
const SCAN_DELAY_MS = 50;

/**
 * Watches `doc` for compose windows (a MutationObserver on the whole page: Gmail creates dialogs and
 * inline replies anywhere) and keeps the registry, focus order and last selection of each.
 * Everything stops when `signal` aborts.
 */
export function watchComposes(doc: Document, signal: AbortSignal, hooks: ComposeHooks = {}): ComposeRegistry {
  const entries = new Map<HTMLElement, ComposeEntry>();
  const waiters = new Set<(entry: ComposeEntry) => void>();
  let seq = 0;
  let scheduled: ReturnType<typeof setTimeout> | undefined;

  function rootOf(body: HTMLElement): { root: HTMLElement; inline: boolean } {
    const dialog = body.closest<HTMLElement>(GMAIL.composeDialog);
    if (dialog) return { root: dialog, inline: false };
    const inline = body.closest<HTMLElement>(GMAIL.inlineComposeRoot);
    return { root: inline ?? body.parentElement ?? body, inline: true };
  }

  function scan(): void {
    if (signal.aborted) return;
    clearTimeout(scheduled);
    scheduled = undefined;
    for (const [body, entry] of entries) {
      if (!body.isConnected) {
        entries.delete(body);
        hooks.onRemoved?.(entry);
      }
    }
    for (const body of Array.from(doc.querySelectorAll<HTMLElement>(GMAIL.composeBody))) {
      if (entries.has(body)) continue;
      const entry: ComposeEntry = { id: `compose-${++seq}`, body, ...rootOf(body), openedSeq: seq, focusedSeq: 0, range: null };
      entries.set(body, entry);
      hooks.onAdded?.(entry);
      for (const resolve of waiters) resolve(entry);
      waiters.clear();
    }
  }

  function schedule(): void {
    if (scheduled === undefined && !signal.aborted) scheduled = setTimeout(scan, SCAN_DELAY_MS);
  }

  function entryContaining(node: Node | null): ComposeEntry | null {
    if (!node) return null;
    for (const entry of entries.values()) if (entry.body.contains(node)) return entry;
    return null;
  }

  const observer = new MutationObserver(schedule);
  observer.observe(doc.documentElement, { childList: true, subtree: true });
  doc.addEventListener(
    'focusin',
    (event) => {
      const entry = entryContaining(event.target as Node | null);
      if (entry) entry.focusedSeq = ++seq;
    },
    { capture: true, signal },
  );
  doc.addEventListener(
    'selectionchange',
    () => {
      const selection = doc.getSelection();
      if (!selection || selection.rangeCount === 0) return;
      const range = selection.getRangeAt(0);
      const entry = entryContaining(range.commonAncestorContainer);
      if (entry) entry.range = range.cloneRange();
    },
    { signal },
  );
  signal.addEventListener('abort', () => {
    observer.disconnect();
    clearTimeout(scheduled);
    waiters.clear();
    entries.clear();
  });
  scan();

  return {
    list: () => [...entries.values()].filter((entry) => entry.body.isConnected),
    current() {
      let best: ComposeEntry | null = null;
      for (const entry of entries.values()) {
        if (!entry.body.isConnected) continue;
        const rank = (e: ComposeEntry) => Math.max(e.focusedSeq, e.openedSeq);
        if (!best || rank(entry) > rank(best)) best = entry;
      }
      return best;
    },
    waitForNext(timeoutMs) {
      return new Promise<ComposeEntry>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(done);
          reject(new Error('No compose window appeared.'));
        }, timeoutMs);
        function done(entry: ComposeEntry): void {
          clearTimeout(timer);
          resolve(entry);
        }
        waiters.add(done);
      });
    },
    scan,
  };
}
