/**
 * The caller's address, the one every per-address limit, the user pool and the loopback-only pages
 * use. It is the socket's peer (or the source IP API Gateway reports on Lambda), unless the peer is
 * a proxy the operator named in CANNERY_TRUSTED_PROXIES: then it is read from the header the proxy
 * writes (`X-Forwarded-For`, or `Forwarded` with CANNERY_PROXY_HEADER=forwarded), walking from the
 * right past the trusted proxies to the first address that is not one. Anything to the left of it
 * was written by the client and is never believed. Without the setting the headers are ignored.
 */
import { BlockList, isIP } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by `resolveClientAddress`; read it with `clientAddress(c)`. */
    clientAddress: string;
  }
}

/** Which proxies may say who the client is, and in which header. */
export type TrustedProxies =
  | { kind: 'none' }
  /** Peers in these addresses and subnets are proxies. */
  | { kind: 'list'; entries: string[]; header: ProxyHeader }
  /** The last `hops` addresses (the peer first) are proxies, whatever they are. */
  | { kind: 'hops'; hops: number; header: ProxyHeader };

export type ProxyHeader = 'x-forwarded-for' | 'forwarded';

export const NO_TRUSTED_PROXIES: TrustedProxies = { kind: 'none' };

/** What a header entry that is not an address (`unknown`, `_hidden`, junk) stands for. */
const UNKNOWN = 'unknown';

/** An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) as the IPv4 address it is; others unchanged, lower-cased. */
export function normalizeAddress(address: string): string {
  const lower = address.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  return mapped?.[1] ?? lower;
}

/**
 * The group an address is counted in by per-address limits: an IPv4 address itself; an IPv6
 * address its /64 (`2001:db8:1:2::/64`), since one subscriber gets a whole /64 and can use any
 * address in it; anything else (`unknown`) as it is.
 */
export function limitKeyOf(address: string): string {
  const normalized = normalizeAddress(address).replace(/%.*$/, '');
  if (isIP(normalized) !== 6) return normalized;
  const [head = '', tail] = normalized.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  // An embedded IPv4 tail (::1.2.3.4) fills the last two groups; the /64 never reaches it.
  const width = right.some((part) => part.includes('.')) ? 7 : 8;
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, width - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * Reads CANNERY_TRUSTED_PROXIES (and CANNERY_PROXY_HEADER): unset, nothing is trusted; a whole
 * number from 1 to 10 is a hop count; otherwise addresses and CIDR subnets separated by commas.
 * Throws a message naming the setting and the entry at fault.
 */
export function parseTrustedProxies(value: string | undefined, headerValue: string | undefined): TrustedProxies {
  const text = (value ?? '').trim();
  const headerText = (headerValue ?? '').trim().toLowerCase();
  if (headerText !== '' && headerText !== 'x-forwarded-for' && headerText !== 'forwarded') {
    throw new Error(`CANNERY_PROXY_HEADER must be "x-forwarded-for" or "forwarded", got "${printable(headerValue ?? '')}"`);
  }
  if (text === '') {
    if (headerText) throw new Error('CANNERY_PROXY_HEADER only applies with CANNERY_TRUSTED_PROXIES: name the proxies (addresses, subnets or a hop count) too');
    return NO_TRUSTED_PROXIES;
  }
  const header: ProxyHeader = headerText === 'forwarded' ? 'forwarded' : 'x-forwarded-for';
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > 10) throw new Error(`CANNERY_TRUSTED_PROXIES as a hop count must be from 1 to 10, got "${text}"`);
    return { kind: 'hops', hops, header };
  }
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const entry of entries) {
    if (!parseSubnet(entry)) {
      throw new Error(
        `CANNERY_TRUSTED_PROXIES must be a hop count (1-10) or proxy addresses and subnets separated by commas (10.0.0.0/8, 192.0.2.7, fd00::/8); "${printable(entry)}" is not one`,
      );
    }
  }
  return { kind: 'list', entries, header };
}

function parseSubnet(entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [rawAddress = '', rawPrefix, extra] = entry.split('/');
  if (extra !== undefined) return null;
  const address = normalizeAddress(rawAddress);
  const version = isIP(address);
  if (version === 0) return null;
  const max = version === 4 ? 32 : 128;
  const prefix = rawPrefix === undefined ? max : /^\d{1,3}$/.test(rawPrefix) ? Number(rawPrefix) : NaN;
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** A value quoted in a start-up error: control characters shown as `?`, at most 80 characters. */
function printable(value: string): string {
  // eslint-disable-next-line no-control-regex -- the point is to neutralise control characters
  const clean = value.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return clean.length > 80 ? `${clean.slice(0, 80)}…` : clean;
}

/** The socket's peer under @hono/node-server, or API Gateway's source IP under hono/aws-lambda. */
export function peerAddress(c: Context): string {
  const env = c.env as
    | {
        incoming?: { socket?: { remoteAddress?: string } };
        requestContext?: { http?: { sourceIp?: string }; identity?: { sourceIp?: string } };
      }
    | undefined;
  const address = env?.incoming?.socket?.remoteAddress ?? env?.requestContext?.http?.sourceIp ?? env?.requestContext?.identity?.sourceIp;
  return address ? normalizeAddress(address) : UNKNOWN;
}

/** One header entry as an address: ports and brackets dropped; `unknown` when it is not an address. */
function entryAddress(raw: string): string {
  let value = raw.trim();
  if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed?.[1]) value = bracketed[1];
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d{1,5}$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  const address = normalizeAddress(value);
  return isIP(address) === 0 ? UNKNOWN : address;
}

/** The addresses a header lists, left (the client's claim) to right (the latest proxy's peer). */
export function forwardedChain(header: ProxyHeader, value: string | undefined): string[] {
  if (!value) return [];
  if (header === 'x-forwarded-for') return value.split(',').map(entryAddress);
  // RFC 7239: elements separated by commas, pairs by semicolons; only `for=` names a client.
  return value.split(',').map((element) => {
    const pair = element
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.toLowerCase().startsWith('for='));
    return pair ? entryAddress(pair.slice('for='.length)) : UNKNOWN;
  });
}

/**
 * Resolves the client address of one request (see the file's comment). `isTrusted` says whether an
 * address is one of the operator's proxies.
 */
export function resolveAddress(trust: TrustedProxies, peer: string, headerValue: (name: ProxyHeader) => string | undefined, isTrusted: (address: string) => boolean): string {
  if (trust.kind === 'none') return peer;
  // Right to left: the peer, then what each proxy said about the hop before it.
  const hops = [...forwardedChain(trust.header, headerValue(trust.header)), peer].reverse();
  if (trust.kind === 'hops') {
    // The last `hops` addresses are proxies; the one before them is the client. A shorter chain
    // did not come through every proxy: its left-most address is the best there is.
    return hops[Math.min(trust.hops, hops.length - 1)] ?? peer;
  }
  for (const address of hops) {
    if (address === UNKNOWN || !isTrusted(address)) return address;
  }
  // Every hop is a proxy (a request the proxies made themselves): the left-most one.
  return hops[hops.length - 1] ?? peer;
}

/** Whether an address belongs to the trusted list, compiled once. */
function trustedMatcher(trust: TrustedProxies): (address: string) => boolean {
  if (trust.kind !== 'list') return () => false;
  const list = new BlockList();
  for (const entry of trust.entries) {
    const subnet = parseSubnet(entry);
    if (subnet) list.addSubnet(subnet.address, subnet.prefix, subnet.family);
  }
  return (address) => {
    const version = isIP(address);
    return version !== 0 && list.check(address, version === 4 ? 'ipv4' : 'ipv6');
  };
}

/**
 * The middleware that settles each request's client address once, before anything reads it. The
 * Node entry, Lambda and the tests' app all mount it first (server/app.ts).
 */
export function resolveClientAddress(trust: TrustedProxies): MiddlewareHandler {
  const isTrusted = trustedMatcher(trust);
  return async (c, next) => {
    c.set('clientAddress', resolveAddress(trust, peerAddress(c), (name) => c.req.header(name), isTrusted));
    await next();
  };
}

/**
 * The caller's address for limits and loopback checks: what `resolveClientAddress` settled, or,
 * on an app that does not mount it, the socket's peer (the headers are never read then).
 */
export function clientAddress(c: Context): string {
  const resolved: string | undefined = c.get('clientAddress');
  return resolved ?? peerAddress(c);
}
