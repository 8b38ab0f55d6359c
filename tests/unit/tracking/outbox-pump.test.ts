import { describe, expect, it, vi } from 'vitest';
import { createOutbox, type FlushResult } from '../../../src/tracking/outbox';
import { PUMP_ERROR_DELAY_MS, PUMP_MIN_DELAY_MS, startOutboxPump, type PumpWindow } from '../../../src/tracking/outbox-pump';
import { deferred, makeClock, makeMemoryStorage, makeRequest, makeSharedLocks, networkError, settle } from './fakes';

function makeFakeWindow() {
  const online = new Set<() => void>();
  const visibility = new Set<() => void>();
  const document = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: (_type: 'visibilitychange', listener: () => void) => void visibility.add(listener),
    removeEventListener: (_type: 'visibilitychange', listener: () => void) => void visibility.delete(listener),
  };
  const win: PumpWindow = {
    addEventListener: (_type, listener) => void online.add(listener),
    removeEventListener: (_type, listener) => void online.delete(listener),
    document,
  };
  return {
    win,
    goOnline: () => online.forEach((listener) => listener()),
    show: (state: DocumentVisibilityState) => {
      document.visibilityState = state;
      visibility.forEach((listener) => listener());
    },
    listenerCount: () => online.size + visibility.size,
  };
}

function makeFakeTimers(clock: ReturnType<typeof makeClock>) {
  const timers = new Map<number, { callback: () => void; at: number; ms: number }>();
  let ids = 0;
  return {
    setTimer: (callback: () => void, ms: number) => {
      timers.set((ids += 1), { callback, at: clock.now() + ms, ms });
      return ids;
    },
    clearTimer: (id: unknown) => void timers.delete(id as number),
    live: () => [...timers.values()].map((timer) => timer.ms),
    /** Moves the clock to the next timer and runs it. */
    runNext: () => {
      const [id, next] = [...timers.entries()].sort(([, a], [, b]) => a.at - b.at)[0]!;
      timers.delete(id);
      clock.advance(Math.max(next.at - clock.now(), 0));
      next.callback();
    },
  };
}

const done: FlushResult = { sent: 0, failed: 0, dropped: 0, remaining: 0 };

/** A pump over a fake outbox whose flush and due time the test controls. */
function setup(options: { due?: number | null } = {}) {
  const clock = makeClock();
  const timers = makeFakeTimers(clock);
  const window = makeFakeWindow();
  const controller = new AbortController();
  const state = { due: options.due ?? null, gate: null as Promise<void> | null, dueGate: null as Promise<void> | null };
  const outbox = {
    flush: vi.fn(async (_owner: string, _options?: { signal?: AbortSignal }) => {
      if (state.gate) await state.gate;
      return done;
    }),
    nextDueAt: vi.fn(async (_owner: string) => {
      if (state.dueGate) await state.dueGate;
      return state.due;
    }),
  };
  const warn = vi.fn();
  const start = () =>
    startOutboxPump({ outbox, owner: 'alice', win: window.win, signal: controller.signal, setTimer: timers.setTimer, clearTimer: timers.clearTimer, now: clock.now, log: { warn } });
  return { clock, timers, window, controller, state, outbox, warn, start };
}


describe('startOutboxPump', () => {
  it('flushes the owner’s entries at start, with its signal', async () => {
    const { outbox, controller, start } = setup();
    start();
    await settle();
    expect(outbox.flush).toHaveBeenCalledTimes(1);
    expect(outbox.flush).toHaveBeenCalledWith('alice', { signal: controller.signal });
  });

  it('flushes when the network comes back, when the pane becomes visible and on notify', async () => {
    const { outbox, window, start } = setup();
    const pump = start();
    await settle();
    window.goOnline();
    await settle();
    expect(outbox.flush).toHaveBeenCalledTimes(2);
    window.show('hidden');
    await settle();
    expect(outbox.flush).toHaveBeenCalledTimes(2);
    window.show('visible');
    await settle();
    expect(outbox.flush).toHaveBeenCalledTimes(3);
    pump.notify();
    await settle();
    expect(outbox.flush).toHaveBeenCalledTimes(4);
  });

  it('keeps one timer, armed for the next due time after each flush', async () => {
    const { outbox, clock, timers, state, start } = setup();
    state.due = clock.now() + 4000;
    const pump = start();
    await settle();
    expect(timers.live()).toEqual([4000]);
    state.due = clock.now() + 7000;
    pump.notify();
    await settle();
    expect(timers.live()).toEqual([7000]);
    timers.runNext();
    await settle();
    expect(outbox.flush).toHaveBeenCalledTimes(3);
    expect(timers.live()).toEqual([PUMP_MIN_DELAY_MS]);
    state.due = null;
    timers.runNext();
    await settle();
    expect(timers.live()).toEqual([]);
  });

  it('runs one more flush after a running one when triggered meanwhile, not one per trigger', async () => {
    const { outbox, state, window, start } = setup();
    const gate = deferred();
    state.gate = gate.promise;
    const pump = start();
    await settle();
    pump.notify();
    pump.notify();
    window.goOnline();
    await settle();
    expect(outbox.flush).toHaveBeenCalledTimes(1);
    state.gate = null;
    gate.resolve();
    await settle();
    expect(outbox.flush).toHaveBeenCalledTimes(2);
  });

  it('flushes again when triggered while the next due time was being read', async () => {
    const { outbox, state, start } = setup();
    const gate = deferred();
    state.dueGate = gate.promise;
    const pump = start();
    await settle();
    expect(outbox.nextDueAt).toHaveBeenCalledTimes(1);
    pump.notify();
    state.dueGate = null;
    gate.resolve();
    await settle();
    expect(outbox.flush).toHaveBeenCalledTimes(2);
  });

  it('stops on abort: no listener, no timer, no flush', async () => {
    const { outbox, clock, timers, window, controller, state, start } = setup();
    state.due = clock.now() + 4000;
    const pump = start();
    await settle();
    expect(window.listenerCount()).toBe(2);
    expect(timers.live()).toHaveLength(1);
    controller.abort();
    expect(window.listenerCount()).toBe(0);
    expect(timers.live()).toEqual([]);
    pump.notify();
    window.goOnline();
    await settle();
    expect(outbox.flush).toHaveBeenCalledTimes(1);
  });

  it('arms no timer when aborted during a flush', async () => {
    const { timers, controller, state, start } = setup({ due: 0 });
    const gate = deferred();
    state.gate = gate.promise;
    start();
    await settle();
    controller.abort();
    gate.resolve();
    await settle();
    expect(timers.live()).toEqual([]);
  });

  it('does nothing when started with an aborted signal', async () => {
    const { outbox, window, controller, start } = setup();
    controller.abort();
    start().notify();
    await settle();
    expect(outbox.flush).not.toHaveBeenCalled();
    expect(window.listenerCount()).toBe(0);
  });

  it('warns and tries again later when a flush throws', async () => {
    const { outbox, timers, warn, start } = setup();
    outbox.flush.mockRejectedValueOnce(new Error('QuotaExceededError'));
    start();
    await settle();
    expect(warn).toHaveBeenCalledWith('Outbox: flushing failed.', expect.any(Error));
    expect(timers.live()).toEqual([PUMP_ERROR_DELAY_MS]);
    timers.runNext();
    await settle();
    expect(outbox.flush).toHaveBeenCalledTimes(2);
  });

  it('with a real outbox: a record that failed is sent when its backoff ends', async () => {
    const clock = makeClock();
    const timers = makeFakeTimers(clock);
    const window = makeFakeWindow();
    let serverUp = false;
    const send = vi.fn(() => (serverUp ? Promise.resolve() : Promise.reject(networkError())));
    const outbox = createOutbox({ storage: makeMemoryStorage(), send, now: clock.now, random: () => 0.5, locks: makeSharedLocks(), log: { warn: vi.fn() } });
    const pump = startOutboxPump({ outbox, owner: 'alice', win: window.win, signal: new AbortController().signal, setTimer: timers.setTimer, clearTimer: timers.clearTimer, now: clock.now });
    await outbox.enqueue('alice', makeRequest());
    pump.notify();
    await settle();
    expect(timers.live()).toEqual([PUMP_MIN_DELAY_MS]);
    expect(send).toHaveBeenCalledTimes(1);
    serverUp = true;
    timers.runNext();
    await settle();
    expect(send).toHaveBeenCalledTimes(2);
    expect(await outbox.pending()).toEqual([]);
    expect(timers.live()).toEqual([]);
  });
});
