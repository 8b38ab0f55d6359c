import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_ITEM, type MailItem } from '../../../hosts/host';
import { POLL_INTERVAL_MS, pollItem } from '../../../hosts/shared/poll-item';

const item = (bodyText: string): MailItem => ({ ...EMPTY_ITEM, mode: 'compose', itemId: 'item-1', bodyText, recipients: [] });

/** A host whose reads return `current`, each one settling when the test says (or at once). */
function fakeRead() {
  let current = item('Hello');
  let held: Array<() => void> | null = null;
  const read = vi.fn(
    () =>
      new Promise<MailItem>((resolve) => {
        const snapshot = current;
        if (held) held.push(() => resolve(snapshot));
        else resolve(snapshot);
      }),
  );
  return {
    read,
    set: (next: MailItem) => (current = next),
    hold: () => (held = []),
    release: () => {
      const pending = held ?? [];
      held = null;
      for (const settle of pending) settle();
    },
  };
}

/** An event source like Outlook's ItemChanged or the playground's store. */
function fakeEvents() {
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    fire: () => listeners.forEach((listener) => listener()),
    count: () => listeners.size,
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('pollItem', () => {
  it('reports the item at once, then only when a poll reads something different', async () => {
    const host = fakeRead();
    const onChange = vi.fn();
    const controller = new AbortController();
    pollItem(host.read, onChange, controller.signal);
    await vi.advanceTimersByTimeAsync(0);
    expect(onChange).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(host.read).toHaveBeenCalledTimes(4);
    expect(onChange).toHaveBeenCalledTimes(1);
    host.set(item('Hello, Dana'));
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(onChange).toHaveBeenLastCalledWith(item('Hello, Dana'));
    controller.abort();
  });

  it("reads at once on the host's own event, and never runs two reads at a time", async () => {
    const host = fakeRead();
    const events = fakeEvents();
    const onChange = vi.fn();
    const controller = new AbortController();
    pollItem(host.read, onChange, controller.signal, { subscribe: events.subscribe });
    await vi.advanceTimersByTimeAsync(0);
    expect(host.read).toHaveBeenCalledTimes(1);

    host.set(item('Another email'));
    events.fire();
    await vi.advanceTimersByTimeAsync(0);
    expect(onChange).toHaveBeenLastCalledWith(item('Another email'));

    host.hold();
    events.fire();
    events.fire();
    events.fire();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2);
    // One read in flight; the events during it ask for one more read after it, not three.
    expect(host.read).toHaveBeenCalledTimes(3);
    host.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(host.read).toHaveBeenCalledTimes(4);
    controller.abort();
  });

  it('skips failed reads, tells each distinct failure once, and reports the item once it reads', async () => {
    const onReadError = vi.fn();
    const failures = ['Busy', 'Busy', 'Busy', 'Gone'];
    const read = vi.fn(() => {
      const failure = failures.shift();
      return failure ? Promise.reject(new Error(failure)) : Promise.resolve(item('Hello'));
    });
    const onChange = vi.fn();
    pollItem(read, onChange, new AbortController().signal, { onReadError });
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 4);
    expect(onReadError.mock.calls.map(([error]) => (error as Error).message)).toEqual(['Busy', 'Gone']);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('keeps watching when the change handler throws', async () => {
    const host = fakeRead();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onChange = vi.fn(() => {
      throw new Error('render failed');
    });
    pollItem(host.read, onChange, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(0);
    host.set(item('Changed'));
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalledTimes(2);
  });

  it('stops reading and unsubscribes on abort, and does nothing with an aborted signal', async () => {
    const host = fakeRead();
    const events = fakeEvents();
    const controller = new AbortController();
    pollItem(host.read, vi.fn(), controller.signal, { subscribe: events.subscribe, intervalMs: 100 });
    await vi.advanceTimersByTimeAsync(250);
    expect(host.read).toHaveBeenCalledTimes(3);
    controller.abort();
    expect(events.count()).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(host.read).toHaveBeenCalledTimes(3);

    const idle = fakeRead();
    pollItem(idle.read, vi.fn(), AbortSignal.abort(), { subscribe: events.subscribe });
    await vi.advanceTimersByTimeAsync(1000);
    expect(idle.read).not.toHaveBeenCalled();
    expect(events.count()).toBe(0);
  });
});
