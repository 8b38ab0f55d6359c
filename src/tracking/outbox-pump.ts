/**
 * Keeps one owner's outbox moving while the app runs: flushes at start, when the network comes
 * back, when the pane becomes visible again (timers are throttled in hidden pages), after each
 * enqueue (`notify`), and when the next backed-off entry falls due. One flush runs at a time; a
 * trigger during a flush runs one more after it, so an entry enqueued mid-flush is not left waiting.
 */
import type { Outbox } from './outbox';

/** The parts of `window` the pump listens to; tests pass a fake. */
export interface PumpWindow {
  addEventListener(type: 'online', listener: () => void): void;
  removeEventListener(type: 'online', listener: () => void): void;
  document: {
    readonly visibilityState: DocumentVisibilityState;
    addEventListener(type: 'visibilitychange', listener: () => void): void;
    removeEventListener(type: 'visibilitychange', listener: () => void): void;
  };
}

export interface OutboxPumpOptions {
  outbox: Pick<Outbox, 'flush' | 'nextDueAt'>;
  /** The signed-in user's sub; the pump is restarted (new signal) when it changes. */
  owner: string;
  win: PumpWindow;
  /** Aborting stops the pump: listeners and the timer are removed, a running flush stops between entries. */
  signal: AbortSignal;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  now?: () => number;
  log?: { warn(message: string, error?: unknown): void };
}

/** A due time already passed is retried after this much, so a bug can never make the timer spin. */
export const PUMP_MIN_DELAY_MS = 1000;
/** After a flush that threw (storage, not the server: send failures are the outbox's business). */
export const PUMP_ERROR_DELAY_MS = 30 * 1000;

export function startOutboxPump(options: OutboxPumpOptions): { notify(): void } {
  const { outbox, owner, win, signal } = options;
  const setTimer = options.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const now = options.now ?? Date.now;
  const log = options.log ?? console;

  let timer: unknown = null;
  let running = false;
  let again = false;

  function disarm(): void {
    if (timer !== null) clearTimer(timer);
    timer = null;
  }

  function arm(delay: number): void {
    disarm();
    timer = setTimer(trigger, delay);
  }

  async function pump(): Promise<void> {
    running = true;
    try {
      do {
        again = false;
        await outbox.flush(owner, { signal });
      } while (again && !signal.aborted);
      const due = await outbox.nextDueAt(owner);
      if (!signal.aborted && due !== null) arm(Math.max(due - now(), PUMP_MIN_DELAY_MS));
    } catch (error) {
      // Storage failed (quota, a closing context): try again later rather than stop for good.
      log.warn('Outbox: flushing failed.', error);
      if (!signal.aborted) arm(PUMP_ERROR_DELAY_MS);
    } finally {
      running = false;
      // A trigger that came while the due time was being read.
      if (again) trigger();
    }
  }

  function trigger(): void {
    if (signal.aborted) return;
    if (running) {
      again = true;
      return;
    }
    disarm();
    void pump();
  }

  function onVisibilityChange(): void {
    if (win.document.visibilityState === 'visible') trigger();
  }

  if (signal.aborted) return { notify: () => undefined };
  win.addEventListener('online', trigger);
  win.document.addEventListener('visibilitychange', onVisibilityChange);
  signal.addEventListener(
    'abort',
    () => {
      win.removeEventListener('online', trigger);
      win.document.removeEventListener('visibilitychange', onVisibilityChange);
      disarm();
    },
    { once: true },
  );
  trigger();
  return { notify: trigger };
}
