import { createHash } from 'node:crypto';
import type { Context } from 'hono';

/**
 * Answers with JSON and a strong ETag of its bytes; a client that already holds the same list
 * (`If-None-Match`) gets an empty 304, so an unchanged block list costs almost nothing to refresh.
 */
export function jsonWithEtag(c: Context, value: unknown): Response {
  const body = JSON.stringify(value);
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  c.header('ETag', etag);
  c.header('Cache-Control', 'private, no-cache');
  c.header('Vary', 'Authorization');
  const ifNoneMatch = c.req.header('If-None-Match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === `W/${etag}`)) {
    return c.body(null, 304);
  }
  c.header('Content-Type', 'application/json; charset=utf-8');
  return c.body(body);
}
