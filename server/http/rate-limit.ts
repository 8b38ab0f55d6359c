import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { ApiProblem } from '../errors';

export interface RateLimit {
  /** Requests a caller may make per window. */
  limit: number;
  windowMs: number;
}

/** Caps requests per signed-in caller (see `rateLimitBy`). */
export function rateLimitPerCaller(options: RateLimit, now: () => number = Date.now): MiddlewareHandler<AppEnv> {
  return rateLimitBy(options, (c) => c.var.caller.id, now);
}

/**
 * Fixed-window event counters kept in this process, for the API's request caps below (per
 * signed-in caller, and per address on the work-account token exchanges). They are per instance
 * by design: behind several instances each enforces its own share, which still stops a runaway
 * client loop; they are not a quota. The user pool's caps and lockout, which must hold however
 * requests are spread, are counted in the database (server/identity/limits.ts, lockout.ts).
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

  /** Milliseconds until `key`'s window ends (0 when it has none). */
  msUntilReset(key: string, nowMs: number): number {
    const entry = this.windows.get(key);
    return entry ? Math.max(0, entry.start + this.windowMs - nowMs) : 0;
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

/**
 * Caps requests per key (a `WindowCounter`): the signed-in caller, or the address of calls made
 * before sign-in (`clientAddress` of server/http/client-address.ts, which honours trusted proxies).
 */
export function rateLimitBy(
  { limit, windowMs }: RateLimit,
  keyOf: (c: Context<AppEnv>) => string,
  now: () => number = Date.now,
): MiddlewareHandler<AppEnv> {
  const counter = new WindowCounter(limit, windowMs);
  return async (c, next) => {
    const time = now();
    const key = keyOf(c);
    if (!counter.take(key, time)) {
      c.header('Retry-After', String(Math.ceil(counter.msUntilReset(key, time) / 1000)));
      throw new ApiProblem(429, 'rate_limited', 'Too many requests: wait a moment and try again.');
    }
    await next();
  };
}
