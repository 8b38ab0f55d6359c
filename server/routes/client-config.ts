import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { DEFAULT_MOST_FREQUENT } from '../../src/api/contract/block';
import { DEFAULT_SESSION_IDLE_MINUTES } from '../../src/api/contract/session';
import { contract } from './contract';

/**
 * `GET /api/config`: what a client needs to sign in against this deployment, so one build of the
 * task pane and of the extension works against any server.
 *
 * `apiBase` is `/api`, a path the client resolves against the config's own URL, unless
 * CANNERY_API_BASE names another: behind a CDN or a proxy, an address built from the request
 * would send clients around it. The pool's and the stand-in's endpoints are made absolute against
 * the address the client reached (Amplify needs an absolute endpoint).
 */
export function clientConfigRoutes() {
  const config = contract({ summary: 'What a client needs to sign in against this deployment', plain: true, listed: false });
  return new Hono<AppEnv>().get('/', config, (c) => {
    const { userPool, sso, apiBase } = c.var.services.clientConfig;
    const origin = new URL(c.req.url).origin;
    c.header('Cache-Control', 'no-cache');
    return c.json({
      apiBase: apiBase ?? '/api',
      userPool: {
        poolId: userPool.poolId,
        clientId: userPool.clientId,
        // AWS Cognito has no endpoint override: Amplify derives it from the pool id's region.
        ...(userPool.endpoint === null ? {} : { endpoint: new URL(userPool.endpoint, origin).href }),
      },
      numMostFreqAutoResponses: c.var.services.clientConfig.numMostFreqAutoResponses ?? DEFAULT_MOST_FREQUENT,
      sessionIdleMinutes: c.var.services.clientConfig.sessionIdleMinutes ?? DEFAULT_SESSION_IDLE_MINUTES,
      ...(c.var.services.clientConfig.signInLockoutMinutes === undefined ? {} : { signInLockoutMinutes: c.var.services.clientConfig.signInLockoutMinutes }),
      mail: c.var.services.clientConfig.mail ?? 'sent',
      sso: sso && {
        ...sso,
        ...(sso.authorizationEndpoint ? { authorizationEndpoint: new URL(sso.authorizationEndpoint, origin).href } : {}),
        ...(sso.endSessionEndpoint ? { endSessionEndpoint: new URL(sso.endSessionEndpoint, origin).href } : {}),
      },
    });
  });
}
