/**
 * Performance marks on the paths whose speed users feel: the app starting, the first blocks on
 * screen, search results after a keystroke. They cost one entry in the page's performance
 * timeline each; `npm run bench` (bench/ui.ts) and any profiler read them.
 */
export const PERF_MARKS = {
  /** `mountCannery` called: the pane's script is running. */
  start: 'cannery:start',
  /** The first non-empty block list painted; `detail.source` says whether from the cache or the server. */
  blocksPainted: 'cannery:blocks-painted',
  /** Search results painted; `detail.query` is the query they answer. */
  searchRendered: 'cannery:search-rendered',
} as const;

export function mark(name: string, detail?: unknown, startTime?: number): void {
  const options: PerformanceMarkOptions = {};
  if (detail !== undefined) options.detail = detail;
  if (startTime !== undefined) options.startTime = startTime;
  globalThis.performance?.mark?.(name, options);
}

/** Marks once the browser has painted what was just committed (the frame after the next one starts). */
export function markAfterPaint(name: string, detail?: unknown): void {
  const frame = globalThis.requestAnimationFrame as ((callback: () => void) => number) | undefined;
  if (!frame) return mark(name, detail);
  frame(() => setTimeout(() => mark(name, detail), 0));
}

/** The `elementtiming` identifier of block names in lists (`BlockList`), for `markWhenPainted`. */
export const BLOCK_NAME_TIMING = 'cannery-block-name';

type ElementTimingEntry = PerformanceEntry & { identifier: string; renderTime: number; loadTime: number };

/**
 * Marks `name` at the moment an element carrying `elementtiming="<identifier>"` was first painted,
 * as the browser reports it (Element Timing, in Chromium: Outlook's WebView2, Chrome). Timers set
 * after a frame fire only once the tasks queued before them ran, which can be long after the
 * paint; where Element Timing is missing, or reports nothing within `ELEMENT_TIMING_WAIT_MS` (a
 * paint it does not attribute, such as text in a natively drawn control), that is the fallback.
 * Call it before the paint, in the commit that renders the element. Returns a function that stops
 * waiting.
 */
export function markWhenPainted(name: string, identifier: string, detail?: unknown): () => void {
  const Observer = globalThis.PerformanceObserver as typeof PerformanceObserver | undefined;
  if (!Observer?.supportedEntryTypes?.includes('element')) {
    markAfterPaint(name, detail);
    return () => undefined;
  }
  let done = false;
  const stop = () => {
    done = true;
    observer.disconnect();
    clearTimeout(fallback);
  };
  const observer = new Observer((list) => {
    const entry = (list.getEntries() as ElementTimingEntry[]).find((candidate) => candidate.identifier === identifier);
    if (!entry || done) return;
    stop();
    mark(name, detail, entry.renderTime || entry.loadTime || entry.startTime);
  });
  observer.observe({ type: 'element', buffered: true });
  // Set now, so it fires after the paint at the earliest; it marks the moment the paint was noticed.
  const noticed = { at: 0 };
  globalThis.requestAnimationFrame?.(() => setTimeout(() => (noticed.at = globalThis.performance.now()), 0));
  const fallback = setTimeout(() => {
    if (done) return;
    stop();
    mark(name, detail, noticed.at || undefined);
  }, ELEMENT_TIMING_WAIT_MS);
  return stop;
}

/** How long `markWhenPainted` waits for Element Timing before it uses the moment it noticed the paint. */
export const ELEMENT_TIMING_WAIT_MS = 1000;
