import { createHash } from 'node:crypto';
import type { Context } from 'hono';

/**
 * Serialised lists by ETag, so an unchanged list is neither re-read nor re-serialised. An ETag names
 * one version of the rows (see `versionedJson`), so an entry can never hold another version's body.
 */
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

/** The list's ETag: what was asked for (`scope`) at which version of the rows. */
function listEtag(scope: string, version: string): string {
  return `"${createHash('sha1').update(`${scope}|${version}`).digest('base64url')}"`;
}

/**
 * Answers a list with an ETag computed from `scope` (what was asked for: account and teams) and
 * `version`, a cheap read of the database-kept versions of exactly the rows the list holds, which
 * change on every write to them, from the API or outside it (server/db/list-versions.ts). A client
 * holding that version gets an empty 304 without the rows being read; a new client gets the
 * serialised list from a small in-process cache when another request already built it. Caching
 * is only an optimisation: any instance rebuilds what it lacks from the database.
 *
 * The version is read before the rows, so a body is never older than the ETag sent with it: a
 * write that lands in between makes the ETag out of date at once, and its holder gets a 200 next.
 */
export async function versionedJson(
  c: Context,
  scope: string,
  version: () => Promise<string>,
  load: () => Promise<unknown>,
): Promise<Response> {
  const etag = listEtag(scope, await version());
  if (matches(c, etag)) return send(c, etag, '');
  let body = cache.get(etag);
  if (body === undefined) {
    body = JSON.stringify(await load());
    remember(etag, body);
  }
  return send(c, etag, body);
}
