import type { MailItem } from '../host';

/** The spec's body poll interval (§1, §9). */
export const POLL_INTERVAL_MS = 500;

/** True when nothing the user could see differs between two snapshots. */
export function sameItem(a: MailItem, b: MailItem): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Calls `onChange` with the item now and whenever a later read differs, reading every `intervalMs`
 * until `signal` aborts. Reads never overlap (the next one is scheduled after the previous settles),
 * and a failed read is skipped rather than reported, so a slow tab cannot flood the app.
 */
export function pollItem(
  read: () => Promise<MailItem>,
  onChange: (item: MailItem) => void,
  signal: AbortSignal,
  intervalMs = POLL_INTERVAL_MS,
): void {
  let last: MailItem | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  async function tick(): Promise<void> {
    try {
      const item = await read();
      if (signal.aborted) return;
      if (!last || !sameItem(last, item)) {
        last = item;
        onChange(item);
      }
    } catch {
      // Skipped: the next tick reads again.
    }
    if (!signal.aborted) timer = setTimeout(() => void tick(), intervalMs);
  }
  if (signal.aborted) return;
  signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  void tick();
}
