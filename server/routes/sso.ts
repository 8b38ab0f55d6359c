import { Hono } from 'hono';
import { completePkceBody, refreshTokensBody, ssoTokens } from '../../src/api/contract/sso';
import type { AppEnv } from '../app-env';
import { ApiProblem } from '../errors';
import { SsoGrantError, SsoUnavailableError, type SsoBroker } from '../sso/broker';
import { contract } from './contract';

/**
 * `POST /api/complete-pkce` and `POST /api/refresh-tokens` (rules §7): the work-account token
 * exchanges. They run before any sign-in exists, so they take no bearer token; the code verifier
 * (or the refresh token) is what proves the caller's right to the tokens.
 */

const FAILED_MESSAGE = 'The work-account sign-in could not be completed. Please try again.';

function brokerOf(services: { ssoBroker?: SsoBroker | undefined }): SsoBroker {
  if (!services.ssoBroker) throw new ApiProblem(404, 'sso_not_configured', 'Work-account sign-in is not set up on this server.');
  return services.ssoBroker;
}

/**
 * Only configured redirect URIs pass: the provider would refuse others anyway, but checking here
 * keeps this endpoint from probing or completing flows meant for someone else's page.
 */
function assertRedirectUri(broker: SsoBroker, uri: string): void {
  if (!broker.isAllowedRedirectUri(uri)) {
    throw new ApiProblem(400, 'invalid_redirect_uri', 'This redirect URI is not registered for work-account sign-in.');
  }
}

export function ssoRoutes() {
  const complete = contract({
    summary: 'Exchange a work-account authorization code (PKCE) for tokens; no bearer token needed',
    anonymous: true,
    body: completePkceBody,
    response: ssoTokens,
  });
  const refresh = contract({
    summary: 'Refresh work-account tokens; 401 when the provider refuses (the client logs out)',
    anonymous: true,
    body: refreshTokensBody,
    response: ssoTokens,
  });
  return new Hono<AppEnv>()
    .post('/complete-pkce', complete, async (c) => {
      const broker = brokerOf(c.var.services);
      const body = await complete.body(c);
      assertRedirectUri(broker, body.redirectUri);
      try {
        const tokens = await broker.completePkce(body);
        c.header('Cache-Control', 'no-store');
        return c.json(tokens);
      } catch (error) {
        if (error instanceof SsoGrantError) throw new ApiProblem(400, 'sso_failed', FAILED_MESSAGE);
        if (error instanceof SsoUnavailableError) throw new ApiProblem(502, 'sso_unavailable', 'The work-account provider could not be reached. Please try again.');
        throw error;
      }
    })
    .post('/refresh-tokens', refresh, async (c) => {
      const broker = brokerOf(c.var.services);
      const body = await refresh.body(c);
      assertRedirectUri(broker, body.redirectUri);
      try {
        const tokens = await broker.refresh({ refreshToken: body.refreshToken });
        c.header('Cache-Control', 'no-store');
        return c.json(tokens);
      } catch (error) {
        // A refused refresh means the sign-in is over: 401 tells the client to log out (rules §8).
        if (error instanceof SsoGrantError) throw new ApiProblem(401, 'sso_refresh_failed', 'The work-account sign-in has expired. Please sign in again.');
        if (error instanceof SsoUnavailableError) throw new ApiProblem(502, 'sso_unavailable', 'The work-account provider could not be reached. Please try again.');
        throw error;
      }
    });
}
