/**
 * Runs the Cannery API on AWS Lambda behind an API gateway (the spec's production deployment).
 * The web app is served from static hosting there, so only the API is mounted. The database is
 * PostgreSQL (`DATABASE_URL`); each instance migrates when it starts, under the database's setup
 * lock. The user pool is AWS Cognito itself (its issuer goes in CANNERY_TRUSTED_ISSUERS) and
 * work-account sign-in uses a real provider (SSO_AUTHORITY); the local stand-in is not available
 * here.
 */
import { handle } from 'hono/aws-lambda';
import { createApp } from './app';
import { BodyCache } from './body-cache';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { createLogger } from './logger';
import { createTokenVerifier } from './auth/verifier';
import { createIdentityProvisioner, loadIdentityConfig, loadProvisioningConfig } from './identity';
import { refuseUnsafeProduction } from './production';
import { loadSsoConfig } from './sso/config';
import { openSso } from './sso/setup';

const config = loadConfig();
if (!config.databaseUrl) throw new Error('DATABASE_URL is required on Lambda: PGlite keeps data on local disk.');
const ssoConfig = loadSsoConfig(config);
if (ssoConfig.mode === 'stand-in') throw new Error('SSO_STAND_IN is for local use: set SSO_AUTHORITY on Lambda.');
// In production mode: the pool is Cognito and TLS is the API gateway's, the other checks apply.
refuseUnsafeProduction({ config, sso: ssoConfig, servesHttps: false });
const logger = createLogger(config.logLevel);
const identity = loadIdentityConfig();
// People are added to the Cognito pool named by CANNERY_COGNITO_USER_POOL_ID (its users sign in there).
const provisioner = await createIdentityProvisioner(loadProvisioningConfig(process.env, false));
if (!provisioner) logger.warn('CANNERY_COGNITO_USER_POOL_ID is not set: the admin app cannot add, disable or remove sign-in identities');
const database = await openDatabase({ url: config.databaseUrl, poolSize: 2 });
// Under the setup lock (server/db/database.ts): a burst of cold starts migrates one at a time.
await database.migrate();
const sso = await openSso(ssoConfig, database.db, logger);

export const handler = handle(
  createApp({
    services: {
      database,
      logger,
      verifyIdToken: createTokenVerifier([...config.trustedIssuers, ...sso.trustedIssuers]),
      allowedOrigins: config.allowedOrigins,
      // Clients talk to Cognito directly (no endpoint override).
      bodyCache: new BodyCache(config.bodyCacheBytes),
      clientConfig: {
        ...(config.apiBase ? { apiBase: config.apiBase } : {}),
        userPool: { poolId: identity.poolId, clientId: identity.clientId, endpoint: null },
        sso: sso.clientConfig,
        numMostFreqAutoResponses: config.numMostFreqAutoResponses,
        sessionIdleMinutes: config.sessionIdleMinutes,
      },
      ssoBroker: sso.broker,
      provisioner,
    },
    // API Gateway's source IP is the peer; a CDN in front of it is named in CANNERY_TRUSTED_PROXIES.
    trustedProxies: config.trustedProxies,
  }),
);
