import { createHash } from 'node:crypto';
import type { Context } from 'hono';

export interface ListVersion {
  /** Rows in the list. */
  count: number;
  /** The newest `updated_at` among them (every write to a row sets it), or null when empty. */
  latest: Date | string | null;
}

/** Serialised lists by ETag, so an unchanged list is neither re-read nor re-serialised. */
const cache = new Map<string, string>();
const CACHE_ENTRIES = 200;
const CACHE_ENTRY_MAX_BYTES = 8 * 1024 * 1024;

function remember(etag: string, body: string): void {
  if (body.length > CACHE_ENTRY_MAX_BYTES) return;
  cache.delete(etag);
  cache.set(etag, body);
  // Oldest first in a Map: drop from the front past the limit.
  while (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
}

function matches(c: Context, etag: string): boolean {
  const header = c.req.header('If-None-Match');
  return Boolean(header?.split(',').some((tag) => tag.trim() === etag || tag.trim() === `W/${etag}`));
}

function send(c: Context, etag: string, body: string): Response {
  c.header('ETag', etag);
  c.header('Cache-Control', 'private, no-cache');
  c.header('Vary', 'Authorization');
  if (matches(c, etag)) return c.body(null, 304);
  c.header('Content-Type', 'application/json; charset=utf-8');
  return c.body(body);
}

/**
 * Answers a list with an ETag computed from a cheap version query (row count and newest
 * `updated_at` of exactly the rows the list holds, plus `scope`: what was asked for). A client
 * holding that version gets an empty 304 without the rows being read; a new client gets the
 * serialised list from a small in-process cache when another request already built it. Caching
 * is only an optimisation: any instance rebuilds what it lacks from the database.
 */
export async function versionedJson(
  c: Context,
  scope: string,
  version: () => Promise<ListVersion>,
  load: () => Promise<unknown>,
): Promise<Response> {
  const { count, latest } = await version();
  const stamp = latest === null ? 'none' : new Date(latest).toISOString();
  const etag = `"${createHash('sha1').update(`${scope}|${count}|${stamp}`).digest('base64url')}"`;
  if (matches(c, etag)) return send(c, etag, '');
  let body = cache.get(etag);
  if (body === undefined) {
    body = JSON.stringify(await load());
    remember(etag, body);
  }
  return send(c, etag, body);
}
