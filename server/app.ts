import { Hono, type MiddlewareHandler } from 'hono';
import { ACCOUNTS_MOUNT } from '../src/api/contract/paths';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv, Services } from './app-env';
import { authenticate, loadCaller, xsrf } from './auth/middleware';
import { createClassifier } from './classifier/service';
import { BLOCK_TRANSFER_LIMITS } from '../src/api/contract/admin-transfer';
import { ApiProblem } from './errors';
import { BodyCache } from './http/body-cache';
import { requireKnownHost } from './http/host-check';
import { loopbackOnly } from './http/loopback';
import { originOf, securityHeaders } from './http/security-headers';
import { requireOriginSecret } from './http/origin-check';
import { rateLimitBy, rateLimitPerCaller, type RateLimit } from './http/rate-limit';
import { clientAddress, limitKeyOf, NO_TRUSTED_PROXIES, resolveClientAddress, type TrustedProxies } from './http/client-address';
import { openApiDocument } from './openapi';
import { observeRequests, observeSignIns, observeWorkAccountSignIns } from './observability/http';
import { noTelemetry } from './observability/telemetry';
import { policyPageRoutes } from './privacy/pages';
import { accountRoutes } from './routes/accounts';
import { adminRoutes } from './routes/admin';
import { blockRoutes } from './routes/blocks';
import { classificationRoutes } from './routes/classification';
import { clientConfigRoutes } from './routes/client-config';
import { contract, declaredRoutes } from './routes/contract';
import { favouriteRoutes } from './routes/favourites';
import { mailboxRoutes } from './routes/mailboxes';
import { insertionFailureRoutes } from './routes/insertion-failures';
import { healthRoutes } from './routes/health';
import { meaningRoutes } from './routes/meaning';
import { learningRoutes } from './routes/learning';
import { checklistRoutes } from './routes/checklists';
import { recordedChecklistRoutes } from './routes/recorded-checklists';
import { blockUseRoutes } from './routes/block-uses';
import { sessionRoutes } from './routes/sessions';
import { ssoRoutes } from './routes/sso';
import { suggestionRoutes } from './routes/suggestions';
import { userInfoRoutes } from './routes/user-info';

/** The largest request body the API takes (a block body or an email sent for classification). */
export const MAX_BODY_BYTES = 256 * 1024;

/** `POST /api/admin/accounts/{accountId}/teams/{teamId}/blocks/import` takes a file of up to `BLOCK_TRANSFER_LIMITS.fileBytes`. */
const BLOCK_IMPORT_PATH = /^\/api\/admin\/accounts\/[^/]+\/teams\/[^/]+\/blocks\/import\/?$/;

export interface AppOptions {
  services: Services;
  /** Requests per signed-in caller per minute (default 1,200: a busy task pane makes about 30). */
  rateLimit?: RateLimit;
  /** Per-address cap on the work-account token exchanges (default 120 a minute). */
  ssoRateLimit?: RateLimit;
  /** Serves the built web app and the manifest; the Node entry passes one, Lambda serves the API only. */
  web?: Hono<AppEnv>;
  /** The built-in user pool's protocol endpoint (server/identity), mounted at /identity. */
  identity?: Hono;
  /** The local work-account provider (server/sso/stand-in.ts), mounted at /sso-stand-in when SSO_STAND_IN=1. */
  ssoStandIn?: Hono;
  /**
   * The `Host` values the server answers (server/http/host-check.ts; ServerConfig.allowedHosts). The
   * Node entry and the test factory pass them; left out (Lambda), the API gateway decides.
   */
  allowedHosts?: readonly string[];
  /** Origins besides Outlook's that may frame the task pane (CANNERY_FRAME_ANCESTORS). */
  taskPaneFrameAncestors?: readonly string[];
  /**
   * The proxies whose `X-Forwarded-For` (or `Forwarded`) names the client (CANNERY_TRUSTED_PROXIES;
   * server/http/client-address.ts). Left out, nothing is trusted and the socket's peer is the client.
   */
  trustedProxies?: TrustedProxies;
  /**
   * The secret the deployment's CDN adds to every request it forwards (CANNERY_ORIGIN_SECRET;
   * server/http/origin-check.ts): set, a request without it is refused. Left out, none is asked for.
   */
  originSecret?: string | undefined;
}

/**
 * One log line per API request: method, the route's pattern (never the concrete path, which holds
 * ids), status and duration. No bodies, tokens or addresses.
 */
const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = performance.now();
  await next();
  c.var.services.logger.info(
    { method: c.req.method, route: c.req.routePath, status: c.res.status, ms: Math.round(performance.now() - started) },
    'request',
  );
};

/**
 * A refusal that comes before the body is read (413, 401, 429, a bad header) leaves that body on
 * the socket. The answer then carries `Connection: close`, so the client opens a fresh connection
 * for its next request instead of writing it behind bytes the server will never parse.
 */
const closeWhenBodyUnread: MiddlewareHandler = async (c, next) => {
  await next();
  const incoming = (c.env as { incoming?: { readableEnded?: boolean; method?: string } } | undefined)?.incoming;
  if (incoming && incoming.readableEnded === false && incoming.method !== 'GET' && incoming.method !== 'HEAD') {
    c.res.headers.set('Connection', 'close');
  }
};

/** The whole Cannery server as one Hono app: the API under `/api`, the web app beside it. */
export function createApp(options: AppOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Every entry (Node, Lambda, tests) gets the built-in classifier unless it brings or refuses one.
  const services: Services = {
    ...options.services,
    classifier: options.services.classifier === undefined ? createClassifier(options.services.database) : options.services.classifier,
    bodyCache: options.services.bodyCache ?? new BodyCache(),
  };
  const provideServices: MiddlewareHandler<AppEnv> = async (c, next) => {
    c.set('services', services);
    await next();
  };
  // Before anything: a request that went around the CDN is refused outright.
  if (options.originSecret) app.use('*', requireOriginSecret(options.originSecret));
  // First: every per-address limit, the user pool and the loopback-only pages read it.
  app.use('*', resolveClientAddress(options.trustedProxies ?? NO_TRUSTED_PROXIES));
  if (options.allowedHosts) app.use('*', requireKnownHost(options.allowedHosts));
  app.use('*', closeWhenBodyUnread);
  app.use('*', provideServices);
  app.use('/api/*', requestLog);
  app.use('/api/*', observeRequests);
  app.use(
    '*',
    secureHeaders({
      // Set per page by securityHeaders: the task pane is framed by Outlook, nothing else by anyone.
      xFrameOptions: false,
      crossOriginResourcePolicy: false,
      crossOriginOpenerPolicy: false,
    }),
  );
  const { clientConfig } = services;
  app.use(
    '*',
    securityHeaders({
      // The pages call this server (same origin), the work-account provider (its discovery
      // document) and the user pool where it is not this server.
      connectOrigins: [originOf(clientConfig.sso?.authority), originOf(clientConfig.userPool.endpoint)].filter((origin): origin is string => origin !== null),
      taskPaneFrameAncestors: [...(options.taskPaneFrameAncestors ?? [])],
    }),
  );

  const api = new Hono<AppEnv>();
  const ssoLimit = rateLimitBy(options.ssoRateLimit ?? { limit: 120, windowMs: 60_000 }, (c) => limitKeyOf(clientAddress(c)));
  api.use(
    '*',
    cors({
      origin: (origin) => (services.allowedOrigins.includes(origin) ? origin : null),
      allowHeaders: ['Authorization', 'Content-Type', 'X-XSRF-TOKEN', 'Idempotency-Key', 'If-None-Match', 'If-Match'],
      exposeHeaders: ['ETag', 'Location', 'Content-Disposition', 'X-Usage-Truncated'],
      maxAge: 600,
    }),
  );
  api.use('*', compress());
  const anyBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new ApiProblem(413, 'payload_too_large', `Request bodies are limited to ${MAX_BODY_BYTES / 1024} KB.`);
    },
  });
  // A team's blocks in one file are larger than any one request of the app.
  const importFile = bodyLimit({
    maxSize: BLOCK_TRANSFER_LIMITS.fileBytes,
    onError: () => {
      throw new ApiProblem(413, 'payload_too_large', `Import files are limited to ${BLOCK_TRANSFER_LIMITS.fileBytes / 1024 / 1024} MB. Split the file into smaller ones.`);
    },
  });
  const limitBody: MiddlewareHandler = (c, next) => (c.req.method === 'POST' && BLOCK_IMPORT_PATH.test(c.req.path) ? importFile(c, next) : anyBody(c, next));
  api.use('*', limitBody);
  api.use('*', xsrf);
  api.route('/health', healthRoutes());
  api.route('/config', clientConfigRoutes());
  // Generated from the routes' contracts, once every route is mounted, when first asked for.
  let openApi: ReturnType<typeof openApiDocument> | undefined;
  api.get('/openapi.json', contract({ summary: 'This document', plain: true, listed: false }), (c) => c.json((openApi ??= openApiDocument(app.routes))));
  // Work-account SSO token exchanges: before the signed-in group, because they run before any
  // sign-in exists and carry no bearer token (rules §7).
  // The token exchanges run before sign-in, so they are capped per address instead of per caller.
  api.use('/complete-pkce', ssoLimit, observeWorkAccountSignIns);
  api.use('/refresh-tokens', ssoLimit);
  api.route('/', ssoRoutes());

  const signedIn = new Hono<AppEnv>();
  signedIn.use('*', authenticate, loadCaller, rateLimitPerCaller(options.rateLimit ?? { limit: 1200, windowMs: 60_000 }));
  signedIn.route('/user-info', userInfoRoutes());
  signedIn.route(`/${ACCOUNTS_MOUNT}`, accountRoutes());
  for (const routes of [
    blockRoutes(),
    suggestionRoutes(),
    blockUseRoutes(),
    checklistRoutes(),
    recordedChecklistRoutes(),
    sessionRoutes(),
    meaningRoutes(),
    learningRoutes(),
    favouriteRoutes(),
    mailboxRoutes(),
    insertionFailureRoutes(),
  ]) {
    signedIn.route(`/${ACCOUNTS_MOUNT}`, routes);
  }
  signedIn.route('/', classificationRoutes());
  signedIn.route('/admin', adminRoutes());
  api.route('/', signedIn);
  app.route('/api', api);
  // An API route without its contract stops the server here, at start.
  declaredRoutes(app.routes);
  // Before the web app, whose catch-all would answer for /identity while the app is not built.
  if (options.identity) {
    app.use('/identity', observeSignIns(services.telemetry ?? noTelemetry));
    app.use('/identity/', observeSignIns(services.telemetry ?? noTelemetry));
    app.route('/identity', options.identity);
  }
  // Same reason: the web app's catch-all must not answer for the SSO stand-in's pages.
  if (options.ssoStandIn) {
    app.use('/sso-stand-in/*', loopbackOnly);
    app.route('/sso-stand-in', options.ssoStandIn);
  }
  // The privacy, terms and support pages, on every deployment (the stores link to them).
  app.route('/', policyPageRoutes());
  if (options.web) app.route('/', options.web);

  app.notFound((c) =>
    c.req.path.startsWith('/api/')
      ? c.json({ error: { code: 'not_found', message: `No API route ${c.req.method} ${c.req.path}` } }, 404)
      : c.text('Not found', 404),
  );
  app.onError((error, c) => {
    if (error instanceof ApiProblem) return c.json({ error: { code: error.code, message: error.message } }, error.status, { ...error.headers });
    c.var.services.logger.error({ err: error, method: c.req.method, route: c.req.routePath }, 'request failed');
    return c.json({ error: { code: 'internal', message: 'The server could not complete this request.' } }, 500);
  });
  return app;
}
