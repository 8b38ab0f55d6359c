/**
 * Runs the Cannery API on AWS Lambda behind an API gateway (the spec's production deployment).
 * The web app is served from static hosting there, so only the API is mounted. The database is
 * PostgreSQL (`DATABASE_URL`); migrations run on the first invocation of each instance.
 */
import { handle } from 'hono/aws-lambda';
import { createApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { createLogger } from './logger';
import { createTokenVerifier } from './auth/verifier';
import { loadIdentityConfig } from './identity';

const config = loadConfig();
if (!config.databaseUrl) throw new Error('DATABASE_URL is required on Lambda: PGlite keeps data on local disk.');
const logger = createLogger(config.logLevel);
const identity = loadIdentityConfig();
const database = await openDatabase({ url: config.databaseUrl, poolSize: 2 });
await database.migrate();

export const handler = handle(createApp({ services: {
    database,
    logger,
    verifyIdToken: createTokenVerifier(config.trustedIssuers),
    allowedOrigins: config.allowedOrigins,
    // On AWS the user pool is Cognito itself: clients talk to it directly (no endpoint override).
    clientConfig: { userPool: { poolId: identity.poolId, clientId: identity.clientId, endpoint: null }, sso: null },
  } }));
