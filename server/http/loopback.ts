import type { MiddlewareHandler } from 'hono';
import type { Context } from 'hono';
import { clientAddress, peerAddress } from './client-address';

/** Whether a peer address is this machine (IPv4 127/8, IPv6 ::1, or IPv4 mapped into IPv6). */
export function isLoopbackAddress(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return /^127(?:\.\d{1,3}){3}$/.test(v4) || address === '::1';
}

/**
 * Whether a request comes from this machine: both the socket's peer and the client address
 * (server/http/client-address.ts) are loopback. Behind a trusted proxy on this machine, the caller the
 * proxy names decides, never the proxy itself; a loopback address reported by a proxy elsewhere is
 * that proxy's machine, not this one.
 */
export function fromThisMachine(c: Context): boolean {
  return isLoopbackAddress(peerAddress(c)) && isLoopbackAddress(clientAddress(c));
}

/**
 * Development-only pages (the SSO stand-in, the identity outbox of codes) answer only to this
 * machine: from anywhere else they do not exist (404), whatever interface the server listens on.
 * (`fromThisMachine`).
 */
export const loopbackOnly: MiddlewareHandler = async (c, next) => {
  if (!fromThisMachine(c)) return c.text('Not found', 404);
  await next();
};
