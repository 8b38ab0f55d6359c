/**
 * How each setting's value is read and checked (server/settings/schema.ts names the settings). Each
 * reader takes the raw value from the environment and either returns the typed value or throws an
 * Error whose message names the variable and says what it takes; values are quoted through
 * `printable`, never a secret's.
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import type { TrustedIssuer } from '../auth/verifier';
import { DEFAULT_LIMITS } from '../identity/limits';
import { parseSmtpUrl } from '../mail/transport';

const issuerList = z.array(
  z.object({
    kind: z.enum(['cognito', 'microsoft']),
    issuer: z.url(),
    audience: z.array(z.string().min(1)).min(1),
    jwks: z.url(),
  }),
);

export function parseIssuers(value: string | undefined): TrustedIssuer[] {
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
export function printable(value: string): string {
  // eslint-disable-next-line no-control-regex -- the point is to neutralise control characters
  const clean = value.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return clean.length > 80 ? `${clean.slice(0, 80)}…` : clean;
}

export function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    throw new Error(`${name} must be a port number (0-65535), got "${value}"`);
  }
  return parsed;
}

/** A whole number from 1 to `max` from the environment variable `name`, or `fallback` when unset. */
export function countFrom(value: string | undefined, name: string, fallback: number, max: number, min = 1): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${value}"`);
  }
  return parsed;
}

/** The audit log's retention (CANNERY_AUDIT_RETENTION_DAYS): at least a month, at most a century. */
export const MIN_AUDIT_RETENTION_DAYS = 30;
export const MAX_AUDIT_RETENTION_DAYS = 36_500;

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
export function parseOriginSecret(value: string | undefined): string | undefined {
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
export function retentionDaysFrom(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_LEARNING_RETENTION_DAYS;
  const parsed = Number(value);
  if (!/^\d+$/.test(value.trim()) || parsed > MAX_LEARNING_RETENTION_DAYS) {
    throw new Error(
      `CANNERY_LEARNING_RETENTION_DAYS must be a whole number of days from 0 (learning off) to ${MAX_LEARNING_RETENTION_DAYS}, got "${printable(value)}"`,
    );
  }
  return parsed;
}

/** Most megabytes CANNERY_ETAG_CACHE_MB takes (the cache lives in the server's memory). */
const MAX_BODY_CACHE_MB = 4096;

export function megabytesFrom(value: string | undefined, name: string, fallbackBytes: number): number {
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


/** A whole number from `min` to `max` (digits only), or `fallback` when unset or blank. */
export function wholeNumber(value: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!/^\d+$/.test(value.trim()) || parsed < min || parsed > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${printable(value.length > 40 ? `${value.slice(0, 40)}…` : value)}"`);
  }
  return parsed;
}

/** A whole number from 1 to 1000000, or `fallback` when unset (the pool's sign-in caps). */
export function capFrom(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(parsed) || parsed < 1 || parsed > 1_000_000) {
    throw new Error(`${name} must be a whole number from 1 to 1000000, got "${value.slice(0, 40)}"`);
  }
  return parsed;
}

/** A whole number of seconds, at least `min` (above 0 by default), or `fallback` when unset. */
export function secondsFrom(value: string | undefined, name: string, fallback: number, min = 1): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min) {
    throw new Error(`${name} must be a whole number of seconds ${min > 1 ? `of at least ${min}` : 'above 0'}, got "${printable(value)}"`);
  }
  return parsed;
}

/** An absolute URL without a fragment, as given. */
export function absoluteUrl(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${value}"`);
  }
  if (url.hash) throw new Error(`${name} must not have a fragment: "${value}"`);
  return url.href;
}

/** Comma-separated items, trimmed, blanks dropped. */
export function commaList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** CANNERY_COGNITO_ENDPOINT: an http(s) URL without credentials, query or fragment, or unset. */
export function parseCognitoEndpoint(value: string | undefined, name: string): string | undefined {
  const entry = value?.trim();
  if (!entry) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(entry);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash || entry.length > 2048) {
    throw new Error(`${name} must be an http(s) URL such as https://cognito-idp.eu-west-1.amazonaws.com`);
  }
  return url.href.replace(/\/+$/, '');
}

/** CANNERY_SMTP_URL. */
export function readSmtpUrl(value: string | undefined, name: string) {
  const url = value?.trim() || undefined;
  try {
    if (url) parseSmtpUrl(url);
  } catch (error) {
    // The message names the variable as it was set (SMTP_URL is the old name).
    throw error instanceof Error ? new Error(error.message.replace(/^CANNERY_SMTP_URL/, name)) : error;
  }
  return url;
}

/** CANNERY_MAIL. */
export function readMail(value: string | undefined, _name: string) {
  const mode = value?.trim() ?? '';
  if (mode !== '' && mode !== 'off') throw new Error(`CANNERY_MAIL must be "off" or unset, got "${mode.slice(0, 40)}"`);
  return mode === 'off';
}

/** CANNERY_MAIL_FROM. */
export function readMailFrom(value: string | undefined, _name: string) {
  const from = value?.trim() || 'Cannery <no-reply@localhost>';
  // eslint-disable-next-line no-control-regex -- a control character would break the header
  if (from.length > 320 || !/^(?:[^<>\r\n@]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(from) || /[\u0000-\u001f\u007f]/.test(from)) {
    throw new Error('CANNERY_MAIL_FROM must be an address (no-reply@example.org) or a name and an address (Cannery <no-reply@example.org>), on one line');
  }
  return from;
}

/** CANNERY_MODE. */
export function readMode(value: string | undefined, _name: string) {
  const explicit = value?.trim();
  if (!explicit) return undefined;
  if (explicit !== 'production' && explicit !== 'development') throw new Error(`CANNERY_MODE must be "production" or "development", got "${printable(explicit)}"`);
  return explicit;
}

/** CANNERY_PUBLIC_ORIGIN. */
export function readPublicOrigin(value: string | undefined, name: string) {
  if (!value) return undefined;
  const origin = value.replace(/\/+$/, '');
  try {
    if (!/^https?:$/.test(new URL(origin).protocol)) throw new Error('not http(s)');
  } catch {
    throw new Error(`${name} must be an http(s) origin such as https://cannery.example.org, got "${printable(origin)}"`);
  }
  return origin;
}

/** CANNERY_SEED. */
export function readSeed(value: string | undefined, _name: string) {
  if (!value) return undefined;
  if (value !== 'demo' && value !== 'none') throw new Error(`CANNERY_SEED must be "demo" or "none", got "${value}"`);
  return value;
}

/** CANNERY_POOL_ID. */
export function readPoolId(value: string | undefined, _name: string) {
  const poolId = value || 'local_cannery';
  if (!/^[\w-]+_[0-9a-zA-Z]+$/.test(poolId)) throw new Error(`CANNERY_POOL_ID must look like <region>_<name>, got "${poolId}"`);
  return poolId;
}

/** CANNERY_POOL_TEMPORARY_PASSWORD_DAYS. */
export function readPoolTemporaryPasswordDays(value: string | undefined, name: string) {
  const days = capFrom(value, name, DEFAULT_LIMITS.temporaryPasswordSeconds / 86_400);
  if (days > 365) throw new Error(`${name} must be a whole number of days from 1 to 365, got "${days}"`);
  return days;
}

/** CANNERY_SSO_STAND_IN_TOKEN_SECONDS. */
export function readSsoStandInTokenSeconds(value: string | undefined, name: string) {
  if (value === undefined || value === '') return undefined;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 1) throw new Error(`${name} must be a whole number of seconds above 0, got "${value}"`);
  return seconds;
}

/** CANNERY_USER_POOL. */
export function readUserPool(value: string | undefined, _name: string) {
  const entry = value ?? '';
  if (entry === '' || entry === 'cognito') return 'cognito' as const;
  if (entry === 'built-in') return 'built-in' as const;
  throw new Error(`CANNERY_USER_POOL must be "cognito" or "built-in", got "${entry.slice(0, 40)}"`);
}

/** CANNERY_OPERATOR_CONTACT: an email address or an https URL, as the pages link it. */
export function readOperatorContact(value: string | undefined, name: string): { kind: 'email' | 'url'; value: string } | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  if (/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(trimmed) && trimmed.length <= 254) return { kind: 'email', value: trimmed };
  let url: URL | undefined;
  try {
    url = new URL(trimmed);
  } catch {
    url = undefined;
  }
  if (url?.protocol === 'https:' && !url.username && !url.password) return { kind: 'url', value: url.href };
  throw new Error(`${name} must be an email address or an https:// address, got "${printable(trimmed)}"`);
}

/** An OTLP/HTTP endpoint: http or https, without the signal's path (the exporters add /v1/traces). */
export function otlpEndpoint(value: string, name: string): string {
  const url = new URL(absoluteUrl(value, name));
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http or https URL, got "${value}"`);
  if (/\/v1\/(traces|metrics|logs)\/?$/.test(url.pathname)) throw new Error(`${name} is the collector's base URL (http://collector:4318), without /v1/traces or /v1/metrics, got "${value}"`);
  return value.replace(/\/+$/, '');
}
