/**
 * Logs a load that failed, unless it was cancelled: a request aborted because the pane or picker
 * closed, or because its query is no longer wanted, is no failure and says nothing.
 */
export function warnLoadFailed(what: string, error: unknown, signal?: AbortSignal): void {
  if (isAbort(error) || signal?.aborted) return;
  console.warn(`${what} failed`, error);
}

/** Whether `error` is a cancellation (fetch's and AbortSignal's `AbortError`). */
export function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
