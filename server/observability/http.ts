import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { MESSAGES } from '../identity/errors';
import { noTelemetry, type Telemetry } from './telemetry';

/**
 * Times and counts each API request under its route's pattern (never the concrete path, which
 * holds ids), and traces it as a server span. The span is not made the active context, so the
 * request's query spans are not its children.
 */
export const observeRequests: MiddlewareHandler<AppEnv> = async (c, next) => {
  const telemetry = c.var.services.telemetry ?? noTelemetry;
  const started = performance.now();
  const span = telemetry.tracer.startSpan(`${c.req.method} /api`, { kind: SpanKind.SERVER, attributes: { 'http.request.method': c.req.method } });
  try {
    await next();
  } finally {
    const route = c.req.routePath;
    const status = c.res.status;
    span.updateName(`${c.req.method} ${route}`);
    span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
    if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
    telemetry.request({ method: c.req.method, route, status }, (performance.now() - started) / 1000);
  }
};

/** The user pool operations that end a password sign-in, with tokens or with a refusal. */
const SIGN_IN_OPERATIONS = new Set(['InitiateAuth', 'RespondToAuthChallenge']);
const TARGET = /^AWSCognitoIdentityProviderService\.(\w+)$/;

/**
 * Counts password sign-ins at the user pool's door: an answer with tokens is a sign-in, a refusal
 * a failure under the pool's error type (`locked_out` when the account is locked); an answer with
 * a further challenge (a second factor, a new password) is neither yet. Refresh-token renewals
 * are not sign-ins.
 */
export function observeSignIns(telemetry: Telemetry): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const operation = TARGET.exec(c.req.header('x-amz-target') ?? '')?.[1];
    if (c.req.method !== 'POST' || !operation || !SIGN_IN_OPERATIONS.has(operation)) return;
    if (c.res.status === 200) {
      const answer = (await c.res.clone().json().catch(() => null)) as { AuthenticationResult?: { RefreshToken?: string } } | null;
      // A refresh (InitiateAuth with REFRESH_TOKEN_AUTH) answers without a new refresh token.
      if (answer?.AuthenticationResult?.RefreshToken) telemetry.signIn('password', { ok: true });
      return;
    }
    const type = c.res.headers.get('x-amzn-errortype')?.split(':')[0] ?? `http_${c.res.status}`;
    const refusal = (await c.res.clone().json().catch(() => null)) as { message?: unknown } | null;
    const lockedOut = typeof refusal?.message === 'string' && refusal.message === MESSAGES.lockedOut;
    telemetry.signIn('password', { ok: false, reason: lockedOut ? 'locked_out' : type });
  };
}

/** Counts work-account sign-ins: the code exchange that ends one (`POST /api/complete-pkce`). */
export const observeWorkAccountSignIns: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const telemetry = c.var.services.telemetry ?? noTelemetry;
  if (c.res.status === 200) telemetry.signIn('work_account', { ok: true });
  else telemetry.signIn('work_account', { ok: false, reason: `http_${c.res.status}` });
};
