/** Small statistics and timing helpers shared by the benchmark suites. */

/** The value below which `p` (0..1) of the sorted samples fall (nearest-rank). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[rank] as number;
}

export function median(samples: readonly number[]): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Milliseconds `run` took, and what it returned. */
export function timed<T>(run: () => T): { ms: number; value: T } {
  const start = performance.now();
  const value = run();
  return { ms: performance.now() - start, value };
}

/** Rounds to 3 decimals for reports (microsecond resolution is all a timer here gives). */
export function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** Writes a progress line to stderr, so `--json` keeps stdout for the JSON object alone. */
export function progress(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

/**
 * Waits with the event loop idle, after a build and a warm-up, so V8 finishes what it does in the
 * background: optimising compilation of the hot functions (background threads get a core only when
 * the main thread rests, on a 2-core machine) and collecting the build's garbage. In the add-in an
 * index is built once and the task pane then idles between keystrokes and email changes, so this
 * is the state users meet; measuring straight after the build would time the compiler and collector.
 */
export async function settle(ms = 1500): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}
