import { afterEach, describe, expect, it, vi } from 'vitest';
import { ELEMENT_TIMING_WAIT_MS, markWhenPainted } from '../../../src/ui/perf-marks';

type Callback = (list: { getEntries: () => unknown[] }) => void;

/** A PerformanceObserver that supports Element Timing and hands its callback to the test. */
function stubElementTiming() {
  const observers: Array<{ callback: Callback; disconnected: boolean }> = [];
  class FakeObserver {
    static supportedEntryTypes = ['element', 'mark'];
    record: { callback: Callback; disconnected: boolean };
    constructor(callback: Callback) {
      this.record = { callback, disconnected: false };
      observers.push(this.record);
    }
    observe() {}
    disconnect() {
      this.record.disconnected = true;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return observers;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  performance.clearMarks();
});

describe('markWhenPainted', () => {
  it('marks at the paint time the browser reports for the named element, once', () => {
    const observers = stubElementTiming();
    markWhenPainted('test:painted', 'block-name', { source: 'cache' });
    observers[0]!.callback({ getEntries: () => [{ identifier: 'other', renderTime: 5 }] });
    expect(performance.getEntriesByName('test:painted')).toHaveLength(0);
    observers[0]!.callback({ getEntries: () => [{ identifier: 'block-name', renderTime: 42.5, loadTime: 0, startTime: 0 }] });
    observers[0]!.callback({ getEntries: () => [{ identifier: 'block-name', renderTime: 99, loadTime: 0, startTime: 0 }] });
    const marks = performance.getEntriesByName('test:painted') as PerformanceMark[];
    expect(marks).toHaveLength(1);
    expect(marks[0]!.startTime).toBe(42.5);
    expect(marks[0]!.detail).toEqual({ source: 'cache' });
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('falls back to the moment it noticed the paint when the browser reports none in time', () => {
    // Only the timers: the marks go to the real performance timeline.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
    stubElementTiming();
    markWhenPainted('test:painted', 'block-name');
    expect(performance.getEntriesByName('test:painted')).toHaveLength(0);
    vi.advanceTimersByTime(ELEMENT_TIMING_WAIT_MS);
    expect(performance.getEntriesByName('test:painted')).toHaveLength(1);
  });
});
