/**
 * What the server and a CDN in front of it agree on, as plain data with no imports, so the AWS
 * stack (infra/) uses these very values:
 * - the paths where a caller signs in, answers a sign-in challenge, asks for or checks a reset
 *   code, or exchanges work-account tokens, which the web ACL rate-limits
 *   (tests/server/edge.test.ts checks them against the routes the server mounts);
 * - the header the CDN proves its requests with (server/http/origin-check.ts).
 */
export const SIGN_IN_PATHS = ['/identity', '/api/complete-pkce', '/api/refresh-tokens'] as const;

export const ORIGIN_HEADER = 'X-Cannery-Origin';
