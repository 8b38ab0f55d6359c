import { pino } from 'pino';
import type { Hono } from 'hono';
import { createApp } from '../../../server/app';
import type { RateLimit } from '../../../server/rate-limit';
import type { AppEnv, ClientIdentityConfig, Services } from '../../../server/app-env';
import { createTokenVerifier, type TrustedIssuer } from '../../../server/auth/verifier';
import type { Database } from '../../../server/db/database';

export const TEST_ORIGIN = 'https://taskpane.test';

/** The server app over the test database, without web assets; call it with `app.request()`. */
export function makeTestApp(
  database: Database,
  options: {
    web?: Hono<AppEnv>;
    issuers?: TrustedIssuer[];
    rateLimit?: RateLimit;
    ssoRateLimit?: RateLimit;
    clientConfig?: ClientIdentityConfig;
    /** Left out: the built-in classifier; `null`: none (503). */
    classifier?: Services['classifier'];
  } = {},
) {
  return createApp({
    services: {
      database,
      logger: pino({ level: 'silent' }),
      verifyIdToken: createTokenVerifier(options.issuers ?? []),
      allowedOrigins: [TEST_ORIGIN],
      clientConfig: options.clientConfig ?? { userPool: { poolId: 'local_test', clientId: 'test-client', endpoint: '/identity' }, sso: null },
      ...(options.classifier !== undefined ? { classifier: options.classifier } : {}),
    },
    ...(options.web ? { web: options.web } : {}),
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    ...(options.ssoRateLimit ? { ssoRateLimit: options.ssoRateLimit } : {}),
  });
}
