import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import type { Hono } from 'hono';
import type { ClientIdentityConfig } from '../app-env';
import type { TrustedIssuer } from '../auth/verifier';
import type { Db } from '../db/database';
import type { Logger } from '../logger';
import { createSsoBroker, type SsoBroker } from './broker';
import type { SsoConfig } from './config';
import { createSsoStandIn, STAND_IN_MOUNT, STAND_IN_PATHS } from './stand-in';

/** Everything the server wires in for work-account sign-in; all empty when it is off. */
export interface SsoSetup {
  broker: SsoBroker | undefined;
  /** The provider as a `microsoft` issuer, so its ID tokens authenticate API calls. */
  trustedIssuers: TrustedIssuer[];
  /** `sso` of `GET /api/config`. */
  clientConfig: ClientIdentityConfig['sso'];
  /** The stand-in's routes, for `createApp({ ssoStandIn })`. */
  standInRoutes: Hono | undefined;
}

/**
 * The provider's signing keys, found through its discovery document on first use: the server
 * starts even while the provider is unreachable, and a failed lookup is retried on the next call.
 */
function discoveredKeys(issuer: string): JWTVerifyGetKey {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const load = async () => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`SSO discovery answered ${response.status}`);
    const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri?: unknown };
    if (typeof jwksUri !== 'string') throw new Error('SSO discovery names no jwks_uri');
    return createRemoteJWKSet(new URL(jwksUri), { cacheMaxAge: 10 * 60_000 });
  };
  return async (header, token) => {
    keys ??= load().catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return (await keys)(header, token);
  };
}

export async function openSso(config: SsoConfig, db: Db, logger: Logger): Promise<SsoSetup> {
  if (config.mode === 'off') return { broker: undefined, trustedIssuers: [], clientConfig: null, standInRoutes: undefined };

  if (config.mode === 'provider') {
    return {
      broker: createSsoBroker({
        issuer: config.authority,
        clientId: config.clientId,
        clientSecret: config.clientSecret,
        redirectUris: config.redirectUris,
        logger,
      }),
      trustedIssuers: [{ kind: 'microsoft', issuer: config.authority, audience: [config.clientId], jwks: discoveredKeys(config.authority) }],
      clientConfig: { authority: config.authority, clientId: config.clientId },
      standInRoutes: undefined,
    };
  }

  const standIn = await createSsoStandIn({ db, issuer: config.authority, redirectUris: config.redirectUris, tokenSeconds: config.tokenSeconds, logger });
  return {
    broker: createSsoBroker({
      issuer: standIn.issuer,
      clientId: standIn.clientId,
      redirectUris: config.redirectUris,
      // No discovery: the public issuer may be HTTPS with a certificate Node does not trust.
      server: { issuer: standIn.issuer, token_endpoint: `${config.loopbackOrigin}${STAND_IN_MOUNT}${STAND_IN_PATHS.token}` },
      allowHttp: true,
      logger,
    }),
    // The keys are at hand, so trusting them needs no HTTP call to ourselves.
    trustedIssuers: [{ kind: 'microsoft', issuer: standIn.issuer, audience: [standIn.clientId], jwks: standIn.jwks }],
    // Paths, resolved against the origin each page asked on: a playground on plain HTTP reaches the
    // stand-in there even when its issuer is the HTTPS origin Outlook needs (whose certificate the
    // browser may not trust). The issuer in the tokens is the same either way.
    clientConfig: {
      authority: standIn.issuer,
      clientId: standIn.clientId,
      authorizationEndpoint: `${STAND_IN_MOUNT}${STAND_IN_PATHS.authorize}`,
      endSessionEndpoint: `${STAND_IN_MOUNT}${STAND_IN_PATHS.logout}`,
    },
    standInRoutes: standIn.routes,
  };
}
