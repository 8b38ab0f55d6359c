import type { MiddlewareHandler } from 'hono';

/**
 * Answers only the `Host` names the server serves, against DNS rebinding: a page on a name the
 * attacker controls, re-pointed at this machine's address, would otherwise reach the server
 * same-origin (the API, the development outbox). Entries are `name:port`, or `name` for any port
 * (ServerConfig.allowedHosts). The Node entry and the test factory install it; on Lambda the API
 * gateway decides which names reach the function.
 */
export function requireKnownHost(allowed: readonly string[]): MiddlewareHandler {
  const exact = new Set(allowed.map((entry) => entry.toLowerCase()));
  return async (c, next) => {
    // @hono/node-server builds the request URL from the Host header; `app.request()` from its URL.
    const host = (c.req.header('host') ?? new URL(c.req.url).host).toLowerCase();
    const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0];
    if (exact.has(host) || (name !== undefined && exact.has(name))) return next();
    // Never echo the name: it is the attacker's text.
    return c.text('This server does not answer to that host name (Misdirected Request). Its operator can add the name to CANNERY_ALLOWED_HOSTS.', 421, {
      'Cache-Control': 'no-store',
    });
  };
}
