import type { MailItem } from '../host';

/** The spec's body poll interval (rules §1, §9). */
export const POLL_INTERVAL_MS = 500;

/** True when nothing the user could see differs between two snapshots. */
export function sameItem(a: MailItem, b: MailItem): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export interface PollItemOptions {
  /** Time between reads; `POLL_INTERVAL_MS` by default. */
  intervalMs?: number | undefined;
  /**
   * The host's own change events (Outlook's ItemChanged, the playground's store): each one reads
   * at once instead of waiting for the next poll. Returns the unsubscribe function.
   */
  subscribe?: (onEvent: () => void) => () => void;
  /** Told of a failed read; the same failure (by message) is told once until a read succeeds. */
  onReadError?: (error: unknown) => void;
}

/**
 * The one item watcher of every host: calls `onChange` with the item now and whenever a later read
 * differs, reading every `intervalMs` and on the host's own events until `signal` aborts.
 *
 * Reads never overlap: the next poll is scheduled after a read settles, and an event during a read
 * asks for one more read after it. A failed read is skipped (the next poll reads again), so a slow
 * or failing host cannot flood the app; a throwing `onChange` is logged and watching goes on.
 */
export function pollItem(
  read: () => Promise<MailItem>,
  onChange: (item: MailItem) => void,
  signal: AbortSignal,
  options: PollItemOptions = {},
): void {
  if (signal.aborted) return;
  const intervalMs = options.intervalMs ?? POLL_INTERVAL_MS;
  let lastKey: string | null = null;
  let lastFailure: string | null = null;
  let running = false;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function readOnce(): Promise<void> {
    let item: MailItem;
    try {
      item = await read();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (message !== lastFailure) options.onReadError?.(error);
      lastFailure = message;
      return;
    }
    lastFailure = null;
    if (signal.aborted) return;
    const key = JSON.stringify(item);
    if (key === lastKey) return;
    lastKey = key;
    try {
      onChange(item);
    } catch (error) {
      console.error('Cannery: item change handler failed', error);
    }
  }

  function check(): void {
    if (signal.aborted) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    clearTimeout(timer);
    void readOnce().finally(() => {
      running = false;
      if (signal.aborted) return;
      if (again) {
        again = false;
        check();
      } else {
        timer = setTimeout(check, intervalMs);
      }
    });
  }

  const unsubscribe = options.subscribe?.(check);
  signal.addEventListener(
    'abort',
    () => {
      clearTimeout(timer);
      unsubscribe?.();
    },
    { once: true },
  );
  check();
}
