import { isIP } from 'node:net';
import { z } from 'zod';
import type { TrustedIssuer } from './auth/verifier';
import { parseTrustedProxies, type TrustedProxies } from './client-address';
import { DEFAULT_MOST_FREQUENT, MAX_MOST_FREQUENT } from '../src/api/contract/block';
import { DEFAULT_SESSION_IDLE_MINUTES, MAX_SESSION_IDLE_MINUTES } from '../src/api/contract/session';

/**
 * Server configuration, from the environment. Every variable is listed in docs/configuration.md.
 */
export interface ServerConfig {
  /**
   * `production` (CANNERY_MODE=production, or NODE_ENV=production without CANNERY_MODE) seeds no
   * demo data and refuses development settings at start (server/production.ts).
   */
  mode: 'development' | 'production';
  /** Which variable decided the mode (`default`: neither is set). */
  modeSource: 'CANNERY_MODE' | 'NODE_ENV' | 'default';
  port: number;
  /**
   * The interface the listeners bind to (`HOST`). Loopback unless set: a server that others can
   * reach must be configured to be one.
   */
  host: string;
  /** PostgreSQL connection string; unset means the embedded PGlite. */
  databaseUrl: string | undefined;
  /** PGlite data directory (`memory://` keeps nothing on disk). */
  dataDir: string;
  /** `demo` seeds the demo account into an empty database at start (the default outside production). */
  seed: 'demo' | 'none';
  logLevel: string;
  /**
   * The origin Outlook reaches the task pane on (HTTPS). The add-in manifest is served with it.
   * Defaults to https://localhost:{httpsPort}.
   */
  publicOrigin: string;
  /** Whether PUBLIC_ORIGIN was set or the default is in use. */
  publicOriginSource: 'PUBLIC_ORIGIN' | 'default';
  /** Port of the HTTPS listener for Outlook sideloading; 0 turns it off. */
  httpsPort: number;
  /** PEM certificate and key for HTTPS; a self-signed pair is generated in `.certs/` when unset. */
  tlsCertFile: string | undefined;
  tlsKeyFile: string | undefined;
  /** Folder of the built web app (task pane and playground). */
  webRoot: string;
  /** Identity services whose ID tokens the API accepts (beyond the built-in pool). */
  trustedIssuers: TrustedIssuer[];
  /** Browser origins allowed to call the API: the task pane's, the playground's, the extension's. */
  allowedOrigins: string[];
  /**
   * `Host` values the server answers (server/host-check.ts), against DNS rebinding: loopback names
   * on the server's ports, the public origin's host, the `HOST` address, and CANNERY_ALLOWED_HOSTS.
   */
  allowedHosts: string[];
  /** Origins besides Outlook's that may frame the task pane (CANNERY_FRAME_ANCESTORS). */
  taskPaneFrameAncestors: string[];
  /** How many blocks Home's Frequently Used group shows (rules §9 numMostFreqAutoResponses). */
  numMostFreqAutoResponses: number;
  /** Minutes without interaction that end a usage session (CANNERY_SESSION_IDLE_MINUTES, default 30). */
  sessionIdleMinutes: number;
  /**
   * The reverse proxies whose forwarding header names the client (CANNERY_TRUSTED_PROXIES,
   * CANNERY_PROXY_HEADER; server/client-address.ts). Unset, nothing is trusted.
   */
  trustedProxies: TrustedProxies;
  /** The byte budget of the ETag body cache (CANNERY_ETAG_CACHE_MB, default 64 MB; 0 keeps nothing). */
  bodyCacheBytes: number;
  /** Where clients reach the API, published in `/api/config` (CANNERY_API_BASE); unset: the path `/api`. */
  apiBase: string | undefined;
  /**
   * Days a team's learned associations are kept after their last use (CANNERY_LEARNING_RETENTION_DAYS,
   * default 365); 0 turns learning from the team's choices off: no email signature is stored.
   */
  learningRetentionDays: number;
  /** DNS servers that prove accounts' domains (CANNERY_DNS_SERVERS, `ip` or `ip:port`); empty: the system's. */
  dnsServers: string[];
  /** Invitations one account may send in 24 hours (CANNERY_INVITATIONS_PER_DAY, default 1,000). */
  invitationsPerDay: number;
  /** The secret a CDN in front adds to each request (CANNERY_ORIGIN_SECRET); requests without it are refused. */
  originSecret: string | undefined;
}

const issuerList = z.array(
  z.object({
    kind: z.enum(['cognito', 'microsoft']),
    issuer: z.url(),
    audience: z.array(z.string().min(1)).min(1),
    jwks: z.url(),
  }),
);

function parseIssuers(value: string | undefined): TrustedIssuer[] {
  if (!value) return [];
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new Error('CANNERY_TRUSTED_ISSUERS must be JSON: [{"kind":"cognito","issuer":"...","audience":["..."],"jwks":"https://..."}]');
  }
  const parsed = issuerList.safeParse(json);
  if (!parsed.success) throw new Error(`CANNERY_TRUSTED_ISSUERS is not valid: ${parsed.error.issues[0]?.message ?? 'unknown error'}`);
  return parsed.data;
}

/** A DNS name (or IPv4 address) with an optional port; or a bracketed IPv6 address with an optional port. */
const HOST_ENTRY = /^(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]{2,45}\])(?::(\d{1,5}))?$/;

/** Comma-separated `Host` names from CANNERY_ALLOWED_HOSTS, lower-cased; a name without a port allows any port. */
export function parseAllowedHosts(value: string | undefined): string[] {
  const entries = (value ?? '').split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean);
  for (const entry of entries) {
    const match = entry.length <= 260 ? HOST_ENTRY.exec(entry) : null;
    const port = match?.[1];
    if (!match || (port !== undefined && (Number(port) < 1 || Number(port) > 65535))) {
      throw new Error(
        `CANNERY_ALLOWED_HOSTS must be host names separated by commas, each with an optional port (cannery.example.org,10.0.0.5:8787,[::1]:8787); "${printable(entry)}" is not one`,
      );
    }
  }
  return entries;
}

/** An origin that may frame the task pane: scheme and host (a leading `*.` allowed), optional port, nothing else. */
const FRAME_ANCESTOR = /^https?:\/\/(?:\*\.)?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/;

/** Comma-separated origins from CANNERY_FRAME_ANCESTORS; they go into a header, so nothing but an origin passes. */
export function parseFrameAncestors(value: string | undefined): string[] {
  const entries = (value ?? '').split(',').map((entry) => entry.trim().toLowerCase().replace(/\/+$/, '')).filter(Boolean);
  for (const entry of entries) {
    if (entry.length > 260 || !FRAME_ANCESTOR.test(entry)) {
      throw new Error(`CANNERY_FRAME_ANCESTORS must be origins separated by commas (https://outlook.example.org, https://*.example.org); "${printable(entry)}" is not one`);
    }
  }
  return entries;
}

/** A value quoted in a start-up error: control characters shown as `?`, at most 80 characters. */
function printable(value: string): string {
  // eslint-disable-next-line no-control-regex -- the point is to neutralise control characters
  const clean = value.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return clean.length > 80 ? `${clean.slice(0, 80)}…` : clean;
}

/** The `Host` values of the server itself: loopback names on its ports, the public origin's host, the bound address. */
function ownHosts(host: string, ports: number[], publicOrigin: string): string[] {
  const hosts = new Set<string>();
  for (const port of ports.filter((candidate) => candidate > 0)) {
    for (const name of ['localhost', '127.0.0.1', '[::1]']) hosts.add(`${name}:${port}`);
  }
  const url = new URL(publicOrigin);
  hosts.add(url.host.toLowerCase());
  // A browser leaves the default port out; other clients may write it.
  if (!url.port) hosts.add(`${url.hostname.toLowerCase()}:${url.protocol === 'https:' ? 443 : 80}`);
  const bound = host.toLowerCase();
  if (bound !== '0.0.0.0' && bound !== '::' && bound !== '') {
    const name = bound.includes(':') && !bound.startsWith('[') ? `[${bound}]` : bound;
    for (const port of ports.filter((candidate) => candidate > 0)) hosts.add(`${name}:${port}`);
  }
  return [...hosts];
}

/** The unpacked extension's origin (its id is fixed by the `key` in wxt.config.ts). */
export const DEV_EXTENSION_ORIGIN = 'chrome-extension://hklgohkhkhiglabbllmgfibmhlidhlic';

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    throw new Error(`${name} must be a port number (0-65535), got "${value}"`);
  }
  return parsed;
}

/** A whole number from 1 to `max` from the environment variable `name`, or `fallback` when unset. */
function countFrom(value: string | undefined, name: string, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > max) {
    throw new Error(`${name} must be a whole number from 1 to ${max}, got "${value}"`);
  }
  return parsed;
}

/** Comma-separated DNS servers from CANNERY_DNS_SERVERS: IPv4 or bracketed IPv6 addresses, each with an optional port. */
export function parseDnsServers(value: string | undefined): string[] {
  const entries = (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const entry of entries) {
    const match = /^(?:(\d{1,3}(?:\.\d{1,3}){3})|\[([0-9a-f:.]+)\]|([0-9a-f:]+))(?::(\d{1,5}))?$/i.exec(entry);
    const address = match?.[1] ?? match?.[2] ?? match?.[3];
    const port = match?.[4] === undefined ? 53 : Number(match[4]);
    if (!address || isIP(address) === 0 || port < 1 || port > 65535 || (match?.[3] !== undefined && match[4] !== undefined)) {
      throw new Error(`CANNERY_DNS_SERVERS must be IP addresses separated by commas, each with an optional port (192.0.2.53, 127.0.0.1:5353, [2001:db8::53]:53); "${printable(entry)}" is not one`);
    }
  }
  return entries;
}

/** CANNERY_ORIGIN_SECRET: 32 to 512 printable characters without spaces, or unset. */
function parseOriginSecret(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^[\x21-\x7e]{32,512}$/.test(value)) {
    throw new Error('CANNERY_ORIGIN_SECRET must be 32 to 512 printable characters without spaces (the value the CDN adds in X-Cannery-Origin)');
  }
  return value;
}

/** Most invitations CANNERY_INVITATIONS_PER_DAY allows an account. */
export const MAX_INVITATIONS_PER_DAY = 100_000;
export const DEFAULT_INVITATIONS_PER_DAY = 1_000;

/** Most days CANNERY_LEARNING_RETENTION_DAYS takes (ten years). */
export const MAX_LEARNING_RETENTION_DAYS = 3650;
export const DEFAULT_LEARNING_RETENTION_DAYS = 365;

/** CANNERY_LEARNING_RETENTION_DAYS: a whole number of days from 0 (learning off) to ten years. */
function retentionDaysFrom(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_LEARNING_RETENTION_DAYS;
  const parsed = Number(value);
  if (!/^\d+$/.test(value.trim()) || parsed > MAX_LEARNING_RETENTION_DAYS) {
    throw new Error(
      `CANNERY_LEARNING_RETENTION_DAYS must be a whole number of days from 0 (learning off) to ${MAX_LEARNING_RETENTION_DAYS}, got "${printable(value)}"`,
    );
  }
  return parsed;
}

/** CANNERY_MODE when set, else NODE_ENV=production, else development. */
function modeFrom(env: NodeJS.ProcessEnv): Pick<ServerConfig, 'mode' | 'modeSource'> {
  const explicit = env.CANNERY_MODE?.trim();
  if (explicit) {
    if (explicit !== 'production' && explicit !== 'development') throw new Error(`CANNERY_MODE must be "production" or "development", got "${printable(explicit)}"`);
    return { mode: explicit, modeSource: 'CANNERY_MODE' };
  }
  return env.NODE_ENV === 'production' ? { mode: 'production', modeSource: 'NODE_ENV' } : { mode: 'development', modeSource: 'default' };
}

/** Most megabytes CANNERY_ETAG_CACHE_MB takes (the cache lives in the server's memory). */
const MAX_BODY_CACHE_MB = 4096;

function megabytesFrom(value: string | undefined, name: string, fallbackBytes: number): number {
  if (value === undefined || value === '') return fallbackBytes;
  const parsed = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(parsed) || parsed > MAX_BODY_CACHE_MB) {
    throw new Error(`${name} must be a whole number of megabytes from 0 to ${MAX_BODY_CACHE_MB}, got "${printable(value)}"`);
  }
  return parsed * 1024 * 1024;
}

/**
 * CANNERY_API_BASE: an absolute http(s) URL (`https://cdn.example.org/api`) or a path on the
 * config's own origin (`/cannery/api`), without query, fragment or credentials. Unset: undefined.
 */
export function parseApiBase(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const entry = value.trim();
  const refuse = () =>
    new Error(`CANNERY_API_BASE must be an http(s) URL such as https://cannery.example.org/api, or a path such as /api; "${printable(entry)}" is not one`);
  // eslint-disable-next-line no-control-regex -- control characters and spaces make it no URL
  if (entry.length > 2048 || /[\u0000-\u0020\u007f-\u009f\\]/.test(entry)) throw refuse();
  if (entry.startsWith('/')) {
    if (entry.startsWith('//') || /[?#]/.test(entry)) throw refuse();
    return entry.replace(/\/+$/, '') || '/';
  }
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    throw refuse();
  }
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password || /[?#]/.test(entry)) throw refuse();
  return url.href.replace(/\/+$/, '');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const { mode, modeSource } = modeFrom(env);
  const port = intFrom(env.PORT, 8787, 'PORT');
  const httpsPort = intFrom(env.HTTPS_PORT, 8443, 'HTTPS_PORT');
  const seed = env.CANNERY_SEED || (mode === 'production' ? 'none' : 'demo');
  const host = env.HOST?.trim() || '127.0.0.1';
  const publicOrigin = (env.PUBLIC_ORIGIN || `https://localhost:${httpsPort || 8443}`).replace(/\/+$/, '');
  try {
    if (!/^https?:$/.test(new URL(publicOrigin).protocol)) throw new Error('not http(s)');
  } catch {
    throw new Error(`PUBLIC_ORIGIN must be an http(s) origin such as https://cannery.example.org, got "${printable(publicOrigin)}"`);
  }
  if (seed !== 'demo' && seed !== 'none') throw new Error(`CANNERY_SEED must be "demo" or "none", got "${seed}"`);
  return {
    mode,
    modeSource,
    port,
    host,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.CANNERY_DATA_DIR || './data',
    seed,
    logLevel: env.LOG_LEVEL || 'info',
    publicOrigin,
    publicOriginSource: env.PUBLIC_ORIGIN ? 'PUBLIC_ORIGIN' : 'default',
    httpsPort,
    tlsCertFile: env.TLS_CERT_FILE || undefined,
    tlsKeyFile: env.TLS_KEY_FILE || undefined,
    webRoot: env.CANNERY_WEB_ROOT || 'dist/web',
    numMostFreqAutoResponses: countFrom(env.CANNERY_MOST_FREQUENT, 'CANNERY_MOST_FREQUENT', DEFAULT_MOST_FREQUENT, MAX_MOST_FREQUENT),
    sessionIdleMinutes: countFrom(env.CANNERY_SESSION_IDLE_MINUTES, 'CANNERY_SESSION_IDLE_MINUTES', DEFAULT_SESSION_IDLE_MINUTES, MAX_SESSION_IDLE_MINUTES),
    bodyCacheBytes: megabytesFrom(env.CANNERY_ETAG_CACHE_MB, 'CANNERY_ETAG_CACHE_MB', 64 * 1024 * 1024),
    apiBase: parseApiBase(env.CANNERY_API_BASE),
    learningRetentionDays: retentionDaysFrom(env.CANNERY_LEARNING_RETENTION_DAYS),
    dnsServers: parseDnsServers(env.CANNERY_DNS_SERVERS),
    originSecret: parseOriginSecret(env.CANNERY_ORIGIN_SECRET),
    invitationsPerDay: countFrom(env.CANNERY_INVITATIONS_PER_DAY, 'CANNERY_INVITATIONS_PER_DAY', DEFAULT_INVITATIONS_PER_DAY, MAX_INVITATIONS_PER_DAY),
    trustedIssuers: parseIssuers(env.CANNERY_TRUSTED_ISSUERS),
    allowedOrigins: [
      `http://localhost:${port}`,
      DEV_EXTENSION_ORIGIN,
      (env.PUBLIC_ORIGIN || `https://localhost:${httpsPort || 8443}`).replace(/\/+$/, ''),
      ...(env.CANNERY_ALLOWED_ORIGINS ?? '').split(',').map((origin) => origin.trim()).filter(Boolean),
    ],
    allowedHosts: [...ownHosts(host, [port, httpsPort], publicOrigin), ...parseAllowedHosts(env.CANNERY_ALLOWED_HOSTS)],
    taskPaneFrameAncestors: parseFrameAncestors(env.CANNERY_FRAME_ANCESTORS),
    trustedProxies: parseTrustedProxies(env.CANNERY_TRUSTED_PROXIES, env.CANNERY_PROXY_HEADER),
  };
}
