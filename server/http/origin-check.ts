/**
 * Refuses (403) a request that did not come through the deployment's CDN, when one is set up
 * (CANNERY_ORIGIN_SECRET): the CDN adds the secret in `X-Cannery-Origin` to every request it
 * forwards, so a caller going to the API gateway's own address, around the CDN and its web ACL,
 * and choosing its own X-Forwarded-For, gets nothing. Compared in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { ApiProblem } from '../errors';
import { ORIGIN_HEADER } from './edge';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

export function requireOriginSecret(secret: string): MiddlewareHandler {
  const expected = digest(secret);
  return async (c, next) => {
    const given = c.req.header(ORIGIN_HEADER);
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      throw new ApiProblem(403, 'not_through_cdn', 'Requests reach Cannery through its own address only.');
    }
    await next();
  };
}
