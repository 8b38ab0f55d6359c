import { randomUUID } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { clientAddress } from '../http/client-address';
import { fromThisMachine, isLoopbackAddress } from '../http/loopback';
import { CognitoError, summarizeFailure } from './errors';
import { isAdminOperation, type IdentityEndpoint, type OutboxMessage } from './types';
import { escapeHtml } from '../../src/domain/escape-html';

export type { IdentityEndpoint } from './types';

/** Cognito's requests are small; this bounds what an anonymous caller can make the server parse. */
const MAX_REQUEST_BYTES = 64 * 1024;
const TARGET = /^AWSCognitoIdentityProviderService\.([A-Za-z]+)$/;
const AMZ_JSON = 'application/x-amz-json-1.1';

function reply(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': AMZ_JSON, 'x-amzn-requestid': randomUUID(), 'Cache-Control': 'no-store', ...headers },
  });
}

function errorReply(error: CognitoError): Response {
  return reply(error.status, { __type: error.type, message: error.message }, { 'x-amzn-errortype': error.type });
}

/** What became of a queued message, in the outbox page's words. */
function outboxState(message: OutboxMessage): string {
  if (message.sentAt) return `sent ${message.sentAt.toISOString()}`;
  if (message.status === 'pending') return message.attempts === 0 ? 'queued, not sent (no CANNERY_SMTP_URL, or not yet)' : `queued, ${message.attempts} failed tries`;
  return `${message.status} after ${message.attempts} tries`;
}

/** The outbox page: its own inline style and nothing else; never framed. */
const OUTBOX_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Whether a request is a top-level navigation the user made. Browsers send Fetch Metadata
 * (`Sec-Fetch-Site` with every request in Chromium, Firefox and Safari 16.4+): then it must be a
 * navigation (`Sec-Fetch-Mode: navigate`) to a document, typed or bookmarked (`Sec-Fetch-Site:
 * none`) or from a page of this server (`same-origin`): never a script's fetch, a frame, or a link
 * from another site. A request without `Sec-Fetch-Site` comes from a client that is not a browser
 * (curl; Node's fetch sends only `Sec-Fetch-Mode: cors`), which no web page can make: it is
 * allowed, behind the loopback check. An older browser without Fetch Metadata still cannot let a
 * script read the page: the outbox sends no CORS headers.
 */
function topLevelNavigation(c: Context): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site === undefined) return true;
  const mode = c.req.header('sec-fetch-mode');
  const dest = c.req.header('sec-fetch-dest');
  return (site === 'none' || site === 'same-origin') && mode === 'navigate' && (dest === undefined || dest === 'document');
}

/**
 * The pool's HTTP face, mounted at `/identity`:
 * - `POST /` — the Cognito JSON protocol (`X-Amz-Target: AWSCognitoIdentityProviderService.<Operation>`);
 *   Admin* operations (admin-protocol.ts) only when signed with the configured credentials
 *   (sigv4.ts), and never with an Origin header (no browser page may call them);
 * - `GET /<poolId>/.well-known/jwks.json` and `.../openid-configuration`;
 * - `GET /dev/outbox` — the latest mail, codes included, only when the pool has `devOutbox`, and
 *   only to loopback callers (404 to anyone else); outside CORS, never answering a script (see
 *   `topLevelNavigation`), never framed.
 * CORS allows Cannery's own origins only (`pool.corsOrigins`: the extension, the public origin,
 * configured ones), never `*`: a page elsewhere must not drive the pool with a visitor's browser
 * and read the answers. Pages of this server call it same-origin and need no CORS.
 */
export function identityRoutes(pool: IdentityEndpoint): Hono {
  const app = new Hono();
  const callerAddress = (c: Context) => (pool.clientIp ? pool.clientIp(c) : clientAddress(c));
  const callerIsThisMachine = (c: Context) => (pool.clientIp ? isLoopbackAddress(pool.clientIp(c)) : fromThisMachine(c));
  const allowed = new Set(pool.corsOrigins);
  const corsHeaders = cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    exposeHeaders: ['x-amzn-errortype', 'x-amzn-requestid', 'x-amzn-errormessage'],
    maxAge: 600,
  });
  const corsExceptOutbox: MiddlewareHandler = async (c, next) => (c.req.path.endsWith('/dev/outbox') ? next() : corsHeaders(c, next));
  app.use('*', corsExceptOutbox);

  // At the mount point (`/identity`, as Amplify calls it) and with a trailing slash (`/identity/`,
  // where the AWS SDK sends an endpoint's requests): the second pattern's empty parameter is the slash.
  app.on(
    'POST',
    ['/', '/:root{/?}'],
    bodyLimit({
      maxSize: MAX_REQUEST_BYTES,
      onError: () => errorReply(new CognitoError('InvalidParameterException', `Request bodies are limited to ${MAX_REQUEST_BYTES / 1024} KB.`)),
    }),
    async (c) => {
      const operation = TARGET.exec(c.req.header('x-amz-target') ?? '')?.[1];
      try {
        if (!operation) {
          throw new CognitoError('UnknownOperationException', 'The X-Amz-Target header must name an operation: AWSCognitoIdentityProviderService.<Operation>.');
        }
        const text = await c.req.text();
        let signedBy: string | undefined;
        if (isAdminOperation(operation)) {
          // No browser page may drive an administrator's operation, whoever's credentials it had.
          if (c.req.header('origin') !== undefined) throw new CognitoError('AccessDeniedException', 'Admin operations are not served to browsers.', 403);
          signedBy = await pool.verifyAdminRequest({ method: c.req.method, url: c.req.url, headers: c.req.raw.headers, body: text });
        }
        let input: unknown;
        try {
          input = text ? JSON.parse(text) : {};
        } catch {
          throw new CognitoError('InvalidParameterException', 'The request body is not valid JSON.');
        }
        if (typeof input !== 'object' || input === null || Array.isArray(input)) {
          throw new CognitoError('InvalidParameterException', 'The request body must be a JSON object.');
        }
        const output = await pool.handle(operation, input as Record<string, unknown>, { ip: callerAddress(c), ...(signedBy ? { signedBy } : {}) });
        // Administrators' changes are logged by the operation itself (the user's sub, never the email).
        pool.logger.debug({ operation }, 'identity request');
        return reply(200, output);
      } catch (error) {
        if (error instanceof CognitoError) {
          if (error.type === 'TooManyRequestsException' || error.message === 'Password attempts exceeded' || (operation && isAdminOperation(operation) && error.status === 403)) {
            pool.logger.warn({ operation, type: error.type }, 'identity request refused');
          }
          return errorReply(error);
        }
        // The error's kind and code only: its message may quote a query's parameters (a username, a code).
        pool.logger.error({ failure: summarizeFailure(error), operation }, 'identity request failed');
        return errorReply(new CognitoError('InternalErrorException', 'The user pool could not complete this request.', 500));
      }
    },
  );

  const wellKnown = new Hono();
  wellKnown.get('/jwks.json', async (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(await pool.jwks());
  });
  wellKnown.get('/openid-configuration', (c) =>
    c.json({
      issuer: pool.issuer,
      jwks_uri: `${pool.issuer}/.well-known/jwks.json`,
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      claims_supported: ['sub', 'aud', 'iss', 'exp', 'iat', 'auth_time', 'token_use', 'email', 'email_verified', 'cognito:username'],
      scopes_supported: ['openid', 'email', 'aws.cognito.signin.user.admin'],
    }),
  );
  app.use('/:poolId/.well-known/*', async (c, next) => {
    if (c.req.param('poolId') !== pool.poolId) return c.json({ message: `No user pool ${c.req.param('poolId')} here.` }, 404);
    await next();
  });
  app.route(`/${pool.poolId}/.well-known`, wellKnown);

  if (pool.devOutbox) {
    app.all('/dev/outbox', async (c) => {
      // Codes in a page: only for someone at the machine itself, never over the network.
      if (!callerIsThisMachine(c)) return c.notFound();
      c.header('Cache-Control', 'no-store');
      c.header('Content-Security-Policy', OUTBOX_POLICY);
      c.header('X-Frame-Options', 'DENY');
      c.header('Referrer-Policy', 'no-referrer');
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return c.text('The outbox is a page: open it in the browser.', 405, { Allow: 'GET, HEAD' });
      if (!topLevelNavigation(c)) {
        return c.text('The outbox opens only as a page of its own: type its address into the browser.', 403);
      }
      const messages = await pool.latestOutbox(50);
      const rows = messages
        .map(
          (message) => `<article>
  <h2>${escapeHtml(message.subject)}</h2>
  <p>To <strong>${escapeHtml(message.toAddress)}</strong> · ${escapeHtml(message.createdAt.toISOString())} · ${escapeHtml(outboxState(message))}</p>
  <pre>${escapeHtml(message.body)}</pre>
</article>`,
        )
        .join('\n');
      return c.html(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Cannery identity outbox</title><link rel="icon" type="image/png" href="/assets/icon-32.png">
<style>body{font:15px system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}article{border-top:1px solid #ccc;padding:.5rem 0}pre{white-space:pre-wrap;background:#f5f5f5;padding:.75rem}</style>
</head>
<body>
<h1>Identity outbox</h1>
${messages.length === 0 ? '<p>No messages yet.</p>' : `<p>${messages.length === 1 ? 'The latest message' : `The latest ${messages.length} messages`} of the mail queue, sent or not (development only: CANNERY_DEV_OUTBOX=1).</p>\n${rows}`}
</body>
</html>`);
    });
  }
  return app;
}
