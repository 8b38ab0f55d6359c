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

export function mark(name: string, detail?: unknown): void {
  globalThis.performance?.mark?.(name, detail === undefined ? undefined : { detail });
}

/** Marks once the browser has painted what was just committed (the frame after the next one starts). */
export function markAfterPaint(name: string, detail?: unknown): void {
  const frame = globalThis.requestAnimationFrame as ((callback: () => void) => number) | undefined;
  if (!frame) return mark(name, detail);
  frame(() => setTimeout(() => mark(name, detail), 0));
}
