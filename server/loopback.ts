import type { MiddlewareHandler } from 'hono';
import { clientAddress } from './rate-limit';

/** Whether a peer address is this machine (IPv4 127/8, IPv6 ::1, or IPv4 mapped into IPv6). */
export function isLoopbackAddress(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return /^127(?:\.\d{1,3}){3}$/.test(v4) || address === '::1';
}

/**
 * Development-only pages (the SSO stand-in, the identity outbox of codes) answer only to this
 * machine: from anywhere else they do not exist (404), whatever interface the server listens on.
 */
export const loopbackOnly: MiddlewareHandler = async (c, next) => {
  if (!isLoopbackAddress(clientAddress(c))) return c.text('Not found', 404);
  await next();
};
