/**
 * Runs the Cannery API on AWS Lambda behind an API gateway (the spec's production deployment).
 * The web app is served from static hosting there, so only the API is mounted. The database is
 * PostgreSQL (`CANNERY_DATABASE_URL`); each instance migrates when it starts, under the database's setup
 * lock (a deploy also migrates once, `server/entry/lambda-migrate.ts`). The user pool is AWS Cognito
 * itself (its issuer goes in CANNERY_TRUSTED_ISSUERS), or with CANNERY_USER_POOL=built-in the
 * built-in pool, mounted at /identity (its mail goes out through `server/entry/lambda-mail.ts`).
 * Work-account sign-in uses a real provider (CANNERY_SSO_AUTHORITY); the local stand-in is not available
 * here. `npm run build:lambda` bundles this file.
 */
import { handle } from 'hono/aws-lambda';
import { createApp } from '../app';
import { BodyCache } from '../http/body-cache';
import { loadConfig } from '../config';
import { applyLambdaSecrets } from './lambda-secrets';
import { openDatabase } from '../db/database';
import { createLogger } from '../logger';
import { createTokenVerifier } from '../auth/verifier';
import { createIdentityProvisioner, loadIdentityConfig, loadProvisioningConfig } from '../identity';
import { openUserPool } from '../pool-setup';
import { txtResolver } from '../people/domains';
import { refuseUnsafeProduction } from '../production';
import { loadMailConfig } from '../mail/config';
import { loadSsoConfig } from '../sso/config';
import { openSso } from '../sso/setup';
import { loadSettings, readSetting, warnRenamedSettings } from '../settings/load';
import { flushAfter, lambdaTelemetry } from '../observability/cloudwatch';

/** Which user pool answers sign-in: AWS Cognito (the default on Lambda) or the built-in one. */
export function lambdaUserPool(env: NodeJS.ProcessEnv): 'cognito' | 'built-in' {
  return readSetting(env, 'CANNERY_USER_POOL');
}

// Secrets (the database's, the pool's data key, the SSO client secret) come from Secrets Manager.
await applyLambdaSecrets(process.env);
// Every setting is checked before anything runs; old names are read, with a warning each.
loadSettings();
const config = loadConfig();
if (!config.databaseUrl) throw new Error('CANNERY_DATABASE_URL is required on Lambda: PGlite keeps data on local disk.');
const userPoolKind = lambdaUserPool(process.env);
const ssoConfig = loadSsoConfig(config);
if (ssoConfig.mode === 'stand-in') throw new Error('CANNERY_SSO_STAND_IN is for local use: set CANNERY_SSO_AUTHORITY on Lambda.');
const identity = loadIdentityConfig();
// In production mode: TLS is the API gateway's; the built-in pool's own settings are checked when it runs here.
refuseUnsafeProduction({ config, sso: ssoConfig, ...(userPoolKind === 'built-in' ? { identity } : {}), servesHttps: false });
const logger = createLogger(config.logLevel);
warnRenamedSettings(logger);
// Metrics go to CloudWatch through the function's log (server/observability/cloudwatch.ts).
const { telemetry, flush } = lambdaTelemetry(config.serviceName);
const database = await openDatabase({ url: config.databaseUrl, poolSize: 2, observeQuery: (run) => telemetry.query(run) });
// Under the setup lock (server/db/database.ts): a burst of cold starts migrates one at a time.
await database.migrate();
const sso = await openSso(ssoConfig, database.db, logger);
// The built-in pool queues its mail (reset codes); the scheduled mail handler sends it.
// The mail function sends the queue (lambda-mail.ts); CANNERY_MAIL=off, set by the stack when no
// SMTP secret is given, says nothing is mailed.
const mailOff = loadMailConfig().off;
const pool = userPoolKind === 'built-in' ? openUserPool(database.db, config, logger, mailOff ? 'off' : undefined, () => telemetry.lockout()) : undefined;
// Callers are matched by issuer and sub (server/auth/middleware.ts): links to this pool's users carry its issuer.
if (pool) await pool.recordIssuerOfLinkedUsers();
// People are added to the pool users sign in with: the built-in one here, or the Cognito pool named
// by CANNERY_COGNITO_USER_POOL_ID.
const provisioner = await createIdentityProvisioner(loadProvisioningConfig(process.env, pool !== undefined), pool?.provisioner);
if (!provisioner) logger.warn('CANNERY_COGNITO_USER_POOL_ID is not set: the admin app cannot add, disable or remove sign-in identities');

const api = handle(
  createApp({
    services: {
      database,
      logger,
      verifyIdToken: createTokenVerifier([...(pool ? [pool.trustedIssuer] : []), ...config.trustedIssuers, ...sso.trustedIssuers]),
      allowedOrigins: config.allowedOrigins,
      bodyCache: new BodyCache(config.bodyCacheBytes),
      clientConfig: {
        ...(config.apiBase ? { apiBase: config.apiBase } : {}),
        // With Cognito, clients talk to it directly (no endpoint override).
        userPool: pool
          ? // Behind the CDN the request's own host is the API gateway's: clients reach the pool at the public origin.
            { poolId: pool.poolId, clientId: pool.clientId, endpoint: `${config.publicOrigin}/identity` }
          : { poolId: identity.poolId, clientId: identity.clientId, endpoint: null },
        sso: sso.clientConfig,
        numMostFreqAutoResponses: config.numMostFreqAutoResponses,
        sessionIdleMinutes: config.sessionIdleMinutes,
        ...(pool ? { signInLockoutMinutes: Math.ceil(pool.limits.lockoutSeconds / 60) } : {}),
        mail: mailOff ? 'off' : 'sent',
      },
      ssoBroker: sso.broker,
      provisioner,
      mailDelivery: mailOff ? 'off' : 'sent',
      // Invitations wait in the mail queue for the scheduled mail handler (lambda-mail.ts).
      publicOrigin: config.publicOrigin,
      learningRetentionDays: config.learningRetentionDays,
      resolveTxt: txtResolver(config.dnsServers),
      invitationsPerDay: config.invitationsPerDay,
      operator: config.operator,
      telemetry,
    },
    ...(pool ? { identity: pool.routes } : {}),
    // API Gateway's source IP is the peer; a CDN in front of it is named in CANNERY_TRUSTED_PROXIES.
    trustedProxies: config.trustedProxies,
    originSecret: config.originSecret,
  }),
);
export const handler = flushAfter(api, flush);
