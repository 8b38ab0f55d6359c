/**
 * What a failed send means for its entry. Only the server's word that the request itself is wrong
 * drops a record; anything that may pass later (network, overload, rate limit, a token being
 * renewed) keeps it, because a record lost is worse than a record late.
 */
import { ApiError } from '../api/client';

/** `retry`: kept, counted, backed off. `auth`: kept and backed off, not counted. `drop`: removed. */
export type FailureKind = 'retry' | 'auth' | 'drop';

/**
 * Client errors that say "not now" rather than "never": a timeout, too early, too many, and 409,
 * which the server answers while another request with the same `Idempotency-Key` is still being
 * stored (server/http/idempotency.ts); the next attempt finds that record and is answered with it.
 */
const RETRYABLE_CLIENT_STATUSES = new Set([408, 409, 425, 429]);

export function classifyFailure(error: unknown): FailureKind {
  // Not an answer from the server (a bug in `send`, an abort): nothing proves the record is bad.
  if (!(error instanceof ApiError)) return 'retry';
  const { status } = error;
  if (status === 401 || status === 403) return 'auth';
  if (status >= 400 && status < 500 && !RETRYABLE_CLIENT_STATUSES.has(status)) return 'drop';
  return 'retry';
}

export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 5 * 60 * 1000;
/** 401/403 do not grow the backoff, so they wait a fixed while: long enough not to hammer, short next to a renewal. */
export const AUTH_RETRY_MS = 30 * 1000;

/**
 * Full jitter (AWS architecture blog, "Exponential Backoff and Jitter"): a uniform delay in
 * [0, min(cap, base * 2^(attempts - 1))), so windows and users that failed together do not retry together.
 * `attempts` counts the failure just seen (1 after the first).
 */
export function backoffDelay(attempts: number, random: () => number): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.floor(random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** exponent));
}

/** Half to all of `AUTH_RETRY_MS`, jittered for the same reason. */
export function authRetryDelay(random: () => number): number {
  return Math.floor(AUTH_RETRY_MS / 2 + (random() * AUTH_RETRY_MS) / 2);
}

/** The path with ids replaced, for logs: `/accounts/:id/teams/:id/…`. */
export function pathShape(path: string): string {
  return path
    .split('?')[0]!
    .split('/')
    // Only plain words are kept: ids, emails and anything else a user could be recognised by are not.
    .map((segment) => (segment === '' || /^[a-z_-]+$/i.test(segment) ? segment : ':id'))
    .join('/');
}
