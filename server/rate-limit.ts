import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';
import { ApiProblem } from './errors';

export interface RateLimit {
  /** Requests a caller may make per window. */
  limit: number;
  windowMs: number;
}

/**
 * The caller's network address: the socket's peer under @hono/node-server (`c.env.incoming`), or
 * the source IP API Gateway reports under hono/aws-lambda.
 */
export function clientAddress(c: Context): string {
  const env = c.env as
    | {
        incoming?: { socket?: { remoteAddress?: string } };
        requestContext?: { http?: { sourceIp?: string }; identity?: { sourceIp?: string } };
      }
    | undefined;
  return env?.incoming?.socket?.remoteAddress ?? env?.requestContext?.http?.sourceIp ?? env?.requestContext?.identity?.sourceIp ?? 'unknown';
}

/** Caps requests per signed-in caller (see `rateLimitBy`). */
export function rateLimitPerCaller(options: RateLimit, now: () => number = Date.now): MiddlewareHandler<AppEnv> {
  return rateLimitBy(options, (c) => c.var.caller.id, now);
}

/**
 * Caps requests per key (fixed window): the signed-in caller, or the address of calls made before
 * sign-in. The counters live in this instance's memory: behind several instances each enforces
 * its own share, which is enough to stop a runaway client loop; it is not a quota.
 */
export function rateLimitBy(
  { limit, windowMs }: RateLimit,
  keyOf: (c: Context<AppEnv>) => string,
  now: () => number = Date.now,
): MiddlewareHandler<AppEnv> {
  const windows = new Map<string, { start: number; count: number }>();
  return async (c, next) => {
    const time = now();
    const key = keyOf(c);
    let window = windows.get(key);
    if (!window || time - window.start >= windowMs) {
      window = { start: time, count: 0 };
      windows.set(key, window);
      // Forget finished windows now and then, so the map stays as small as the active callers.
      if (windows.size > 10_000) for (const [id, w] of windows) if (time - w.start >= windowMs) windows.delete(id);
    }
    window.count += 1;
    if (window.count > limit) {
      c.header('Retry-After', String(Math.ceil((window.start + windowMs - time) / 1000)));
      throw new ApiProblem(429, 'rate_limited', 'Too many requests: wait a moment and try again.');
    }
    await next();
  };
}
