import type { Hono } from 'hono';
import { createApp } from '../../../server/app';
import type { RateLimit } from '../../../server/http/rate-limit';
import type { TrustedProxies } from '../../../server/http/client-address';
import type { AppEnv, ClientIdentityConfig, Services } from '../../../server/app-env';
import { createTokenVerifier, type TrustedIssuer } from '../../../server/auth/verifier';
import type { Database } from '../../../server/db/database';
import { createLogger, type Logger } from '../../../server/logger';

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
    /** The server's own logger (silent unless a test captures what it writes). */
    logger?: Logger;
    /** The work-account token exchanges' provider (none: SSO is off, 404). */
    ssoBroker?: Services['ssoBroker'];
    /** Development pages mounted where the SSO stand-in goes (/sso-stand-in). */
    ssoStandIn?: Hono;
    /** The user pool's routes, mounted at /identity as the server mounts them. */
    identity?: Hono;
    /** `Host` values answered (any port); `app.request()` sends `localhost`, tests on a socket `127.0.0.1`. */
    allowedHosts?: readonly string[];
    /** Origins besides Outlook's that may frame the task pane. */
    taskPaneFrameAncestors?: readonly string[];
    /** The proxies whose forwarding header names the client (none: the socket's peer is the client). */
    trustedProxies?: TrustedProxies;
    /** The ETag body cache (left out: one of the default size per app). */
    bodyCache?: Services['bodyCache'];
    /** Password sign-ins for the people routes (left out: none, inviting a password user is 503). */
    provisioner?: Services['provisioner'];
    /** CANNERY_LEARNING_RETENTION_DAYS (left out: the default, 365). */
    learningRetentionDays?: number;
    /** Where domain proofs look up TXT records (left out: a resolver that finds none). */
    resolveTxt?: Services['resolveTxt'];
    /** CANNERY_INVITATIONS_PER_DAY (left out: the default). */
    invitationsPerDay?: number;
    /** CANNERY_ORIGIN_SECRET (left out: none asked for). */
    originSecret?: string;
    /** What becomes of queued mail (left out: it is queued, as with CANNERY_SMTP_URL). */
    mailDelivery?: Services['mailDelivery'];
    /** CANNERY_OPERATOR_NAME and CANNERY_OPERATOR_CONTACT (left out: the public origin's host, no contact). */
    operator?: Services['operator'];
    /** The clock of accounts' dates (left out: the system's). */
    now?: () => Date;
    /** What the server counts and traces (left out: nothing). */
    telemetry?: Services['telemetry'];
    /** Whether the instance is stopping (left out: never). */
    draining?: Services['draining'];
  } = {},
) {
  return createApp({
    services: {
      database,
      logger: options.logger ?? createLogger('silent'),
      verifyIdToken: createTokenVerifier(options.issuers ?? []),
      allowedOrigins: [TEST_ORIGIN],
      clientConfig: options.clientConfig ?? { userPool: { poolId: 'local_test', clientId: 'test-client', endpoint: '/identity' }, sso: null },
      ...(options.ssoBroker ? { ssoBroker: options.ssoBroker } : {}),
      ...(options.classifier !== undefined ? { classifier: options.classifier } : {}),
      ...(options.bodyCache ? { bodyCache: options.bodyCache } : {}),
      ...(options.provisioner ? { provisioner: options.provisioner, publicOrigin: 'https://cannery.test' } : {}),
      ...(options.learningRetentionDays !== undefined ? { learningRetentionDays: options.learningRetentionDays } : {}),
      // Tests never ask the machine's DNS: a proof finds no record unless a test serves one.
      resolveTxt: options.resolveTxt ?? (() => Promise.reject(Object.assign(new Error('no such name'), { code: 'ENOTFOUND' }))),
      ...(options.invitationsPerDay !== undefined ? { invitationsPerDay: options.invitationsPerDay } : {}),
      ...(options.mailDelivery ? { mailDelivery: options.mailDelivery } : {}),
      ...(options.operator ? { operator: options.operator } : {}),
      ...(options.now ? { now: options.now } : {}),
      ...(options.telemetry ? { telemetry: options.telemetry } : {}),
      ...(options.draining ? { draining: options.draining } : {}),
    },
    ...(options.web ? { web: options.web } : {}),
    ...(options.identity ? { identity: options.identity } : {}),
    ...(options.ssoStandIn ? { ssoStandIn: options.ssoStandIn } : {}),
    // The Host check is configured as the Node entry configures it (server/entry/start-node.ts).
    allowedHosts: options.allowedHosts ?? ['localhost', '127.0.0.1'],
    ...(options.taskPaneFrameAncestors ? { taskPaneFrameAncestors: options.taskPaneFrameAncestors } : {}),
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    ...(options.ssoRateLimit ? { ssoRateLimit: options.ssoRateLimit } : {}),
    ...(options.trustedProxies ? { trustedProxies: options.trustedProxies } : {}),
    ...(options.originSecret ? { originSecret: options.originSecret } : {}),
  });
}
