/**
 * Fixed-window counters kept in this process: per-IP throttling and the failure count of
 * usernames that do not exist. They are per instance by design: several instances each allow the
 * limit, which still bounds guessing; the per-user lockout that matters is in the database.
 */
export class WindowCounter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    /** Oldest keys are dropped beyond this, so a flood of distinct keys cannot grow memory. */
    private readonly maxKeys = 10_000,
  ) {}

  /** Counts one event for `key`; false when the window already holds `limit` events. */
  take(key: string, nowMs: number): boolean {
    const entry = this.current(key, nowMs);
    if (entry.count >= this.limit) return false;
    entry.count += 1;
    return true;
  }

  /** Events counted for `key` in its current window. */
  count(key: string, nowMs: number): number {
    const entry = this.windows.get(key);
    return entry && nowMs - entry.start < this.windowMs ? entry.count : 0;
  }

  clear(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string, nowMs: number) {
    let entry = this.windows.get(key);
    if (!entry || nowMs - entry.start >= this.windowMs) {
      this.windows.delete(key);
      if (this.windows.size >= this.maxKeys) {
        const oldest = this.windows.keys().next();
        if (!oldest.done) this.windows.delete(oldest.value);
      }
      entry = { start: nowMs, count: 0 };
      this.windows.set(key, entry);
    }
    return entry;
  }
}
