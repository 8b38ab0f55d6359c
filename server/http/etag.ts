import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';

export { BodyCache, DEFAULT_BODY_CACHE_BYTES } from './body-cache';

/** The tags an `If-None-Match` header lists, weak or strong alike (`W/"x"` names the same list as `"x"`). */
function matches(c: Context, etag: string): boolean {
  const header = c.req.header('If-None-Match');
  return Boolean(header?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));
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
 * holding that version gets an empty 304 without the rows being read, from whichever instance it
 * reaches; a new client gets the serialised list from the instance's body cache (body-cache.ts)
 * when another request already built it. Caching is only an optimisation: any instance rebuilds
 * what it lacks from the database.
 *
 * The version is read before the rows, so a body is never older than the ETag sent with it: a
 * write that lands in between makes the ETag out of date at once, and its holder gets a 200 next.
 */
export async function versionedJson(
  c: Context<AppEnv>,
  scope: string,
  version: () => Promise<string>,
  load: () => Promise<unknown>,
): Promise<Response> {
  const etag = listEtag(scope, await version());
  if (matches(c, etag)) return send(c, etag, '');
  const cache = c.var.services.bodyCache;
  let body = cache?.get(etag);
  if (body === undefined) {
    body = JSON.stringify(await load());
    cache?.set(etag, body);
  }
  return send(c, etag, body);
}
