/**
 * Starts the Cannery server on Node, as the environment configures it (docs/configuration.md).
 * `server/entry/node.ts` (`npm run server`, `npm start`) calls it; so does the end-to-end suite's
 * launcher (`tests/e2e/support/server.ts`), which seeds its own users through `afterSeed`.
 */
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { createServer as createHttpsServer } from 'node:https';
import { createApp } from '../app';
import { BodyCache } from '../http/body-cache';
import { loadConfig, type ServerConfig } from '../config';
import { openDatabase, type Db } from '../db/database';
import { createLogger, type Logger } from '../logger';
import { createTokenVerifier } from '../auth/verifier';
import type { UserPool } from '../identity';
import { createIdentityProvisioner, loadIdentityConfig, loadProvisioningConfig } from '../identity';
import { startAuditRetention } from '../jobs/audit-retention';
import { startReviewMail } from '../jobs/review-mail';
import { startRetention } from '../jobs/retention';
import { startScheduledPublishing } from '../jobs/publish-scheduled';
import { loadMailConfig, mailDeliveryOf, openMail } from '../mail';
import { openUserPool } from '../pool-setup';
import { txtResolver } from '../people/domains';
import { readSettings, refuseUnsafeProduction, StartupRefusal } from '../production';
import { loadSettings, rawSetting, warnRenamedSettings } from '../settings/load';
import { seedDemoStep } from '../seed';
import { loadOrCreateCertificate } from '../http/tls';
import { webRoutes } from '../http/web';
import { openNodeTelemetry } from '../observability/node';
import { mailQueueStatus } from '../mail/queue';
// Work-account single sign-on (server/sso/README.md).
import { loadSsoConfig } from '../sso/config';
import { openSso } from '../sso/setup';

/** What `afterSeed` can use to add data before the server listens. */
export interface SeedContext {
  config: ServerConfig;
  db: Db;
  pool: UserPool;
  logger: Logger;
  /** Whether the demo account was seeded just now (into an empty database). */
  demoSeeded: boolean;
}

export interface StartServerOptions {
  /** Runs after the demo seeding (whether or not it seeded anything), before the server listens. */
  afterSeed?: (context: SeedContext) => Promise<void>;
}

export interface RunningServer {
  config: ServerConfig;
  logger: Logger;
  /** Closes the listeners, sends due mail (up to CANNERY_MAIL_DRAIN_SECONDS), then closes the database. */
  close(): Promise<void>;
  /**
   * Stops as a signal asks: readiness answers 503 at once, the listeners close
   * CANNERY_SHUTDOWN_GRACE_SECONDS later (load balancers have stopped sending by then), then `close`.
   */
  shutdown(): Promise<void>;
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  // Every setting is checked before anything opens; old names are read, with a warning each below.
  readSettings(() => loadSettings());
  const config = readSettings(() => loadConfig());
  const mailConfig = readSettings(() => loadMailConfig());
  // Before anything is opened: in production, development settings stop the start, all named at once.
  refuseUnsafeProduction({ config, sso: readSettings(() => loadSsoConfig(config)), identity: readSettings(() => loadIdentityConfig()), mail: mailConfig, servesHttps: true });
  // People are added to this server's own pool; a Cognito pool named besides is refused here.
  const provisioning = readSettings(() => loadProvisioningConfig(process.env, true));
  const logger = createLogger(config.logLevel);
  warnRenamedSettings(logger);
  const observability = openNodeTelemetry(config, logger);
  const { telemetry } = observability;
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, observeQuery: (run) => telemetry.query(run) });
  await database.migrate();

  // The mail worker starts once the server listens, and drains when it closes.
  const mail = openMail(database.db, mailConfig, logger, (outcome) => telemetry.mailDelivery(outcome));
  const pool = openUserPool(database.db, config, logger, mailConfig.off ? 'off' : () => mail.queued(), () => telemetry.lockout());
  telemetry.observeMailQueue(async () => {
    const status = await mailQueueStatus(database.db, 0);
    return { pending: status.counts.pending, oldestPendingSeconds: status.oldestPendingAt ? Math.max(0, (Date.now() - status.oldestPendingAt.getTime()) / 1000) : 0 };
  });
  if (database.poolStats() !== null) telemetry.observePool(() => database.poolStats() ?? { total: 0, idle: 0, waiting: 0 });
  let draining = false;

  let demoSeeded = false;
  if (config.seed === 'demo' && (await seedDemoStep(database, pool))) {
    demoSeeded = true;
    logger.info('seeded the demo account into an empty database');
  }
  await options.afterSeed?.({ config, db: database.db, pool, logger, demoSeeded });
  // Callers are matched by issuer and sub (server/auth/middleware.ts): links to this pool's users carry its issuer.
  await pool.recordIssuerOfLinkedUsers();

  const provisioner = await createIdentityProvisioner(provisioning, pool.provisioner);

  // Work-account SSO: off, a real provider (CANNERY_SSO_AUTHORITY) or the local stand-in (CANNERY_SSO_STAND_IN=1).
  const sso = await openSso(loadSsoConfig(config), database.db, logger);
  if (sso.clientConfig) logger.info({ authority: sso.clientConfig.authority }, 'work-account sign-in enabled');

  const app = createApp({
    services: {
      database,
      logger,
      verifyIdToken: createTokenVerifier([pool.trustedIssuer, ...config.trustedIssuers, ...sso.trustedIssuers]),
      allowedOrigins: config.allowedOrigins,
      bodyCache: new BodyCache(config.bodyCacheBytes),
      clientConfig: {
        ...(config.apiBase ? { apiBase: config.apiBase } : {}),
        userPool: { poolId: pool.poolId, clientId: pool.clientId, endpoint: '/identity' },
        sso: sso.clientConfig,
        numMostFreqAutoResponses: config.numMostFreqAutoResponses,
        sessionIdleMinutes: config.sessionIdleMinutes,
        signInLockoutMinutes: Math.ceil(pool.limits.lockoutSeconds / 60),
        mail: mailDeliveryOf(mailConfig),
      },
      ssoBroker: sso.broker,
      provisioner,
      mailDelivery: mailDeliveryOf(mailConfig),
      mailQueued: () => mail.queued(),
      publicOrigin: config.publicOrigin,
      // Without CANNERY_PUBLIC_ORIGIN (development), invitations point at this server's HTTP port, which opens
      // in any browser; the default HTTPS origin is self-signed, or off (CANNERY_HTTPS_PORT=0).
      ...(config.publicOriginSource === 'default' ? { webOrigin: `http://localhost:${config.port}` } : {}),
      learningRetentionDays: config.learningRetentionDays,
      resolveTxt: txtResolver(config.dnsServers),
      invitationsPerDay: config.invitationsPerDay,
      operator: config.operator,
      telemetry,
      draining: () => draining,
    },
    identity: pool.routes,
    allowedHosts: config.allowedHosts,
    taskPaneFrameAncestors: config.taskPaneFrameAncestors,
    trustedProxies: config.trustedProxies,
    originSecret: config.originSecret,
    ...(sso.standInRoutes ? { ssoStandIn: sso.standInRoutes } : {}),
    web: webRoutes({
      webRoot: config.webRoot,
      manifestDir: fileURLToPath(new URL('../../manifest-office', import.meta.url)),
      publicOrigin: config.publicOrigin,
    }),
  });

  const servers = [
    serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
      logger.info({ host: config.host, port: info.port, database: database.kind }, `Cannery listening on http://${displayHost(config.host)}:${info.port}`);
    }),
  ];
  if (config.httpsPort > 0) {
    const tls = await loadOrCreateCertificate(config);
    servers.push(
      serve({ fetch: app.fetch, port: config.httpsPort, hostname: config.host, createServer: createHttpsServer, serverOptions: tls }, (info) => {
        logger.info({ host: config.host, port: info.port }, `Cannery listening on https://${displayHost(config.host)}:${info.port}`);
      }),
    );
  }

  const listening = await Promise.allSettled(
    servers.map((server, index) => listeningOrRefused(server, index === 0 ? { name: rawSetting(process.env, 'CANNERY_PORT').variable, port: config.port } : { name: rawSetting(process.env, 'CANNERY_HTTPS_PORT').variable, port: config.httpsPort }, config.host)),
  );
  // The metrics endpoint too: a port it cannot have stops the start like the app's own.
  listening.push(...(await Promise.allSettled([observability.listen()])));
  const refused = listening.find((result) => result.status === 'rejected');
  if (refused) {
    await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
    await observability.close();
    await database.close();
    throw refused.reason;
  }
  mail.start();
  const auditRetention = startAuditRetention(database.db, config.auditRetentionDays, logger);
  // Nothing is queued where nothing is mailed (CANNERY_MAIL=off).
  const reviewMail = mailConfig.off
    ? undefined
    : startReviewMail(database.db, config.publicOriginSource === 'default' ? `http://localhost:${config.port}` : config.publicOrigin, logger, () => mail.queued());
  const publishing = startScheduledPublishing(database.db, config.publishEverySeconds, logger);
  const retention = startRetention(database.db, logger);

  async function close() {
    await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
    // Requests are finished: send the mail they queued before the database closes.
    await reviewMail?.stop();
    await mail.stop();
    await auditRetention.stop();
    await publishing.stop();
    await retention.stop();
    await observability.close();
    await database.close();
  }
  return {
    config,
    logger,
    close,
    async shutdown() {
      draining = true;
      if (config.shutdownGraceSeconds > 0) {
        logger.info({ seconds: config.shutdownGraceSeconds }, 'not ready: waiting for load balancers to stop sending requests');
        await new Promise((done) => setTimeout(done, config.shutdownGraceSeconds * 1000));
      }
      await close();
    },
  };
}

/**
 * Resolves once `server` listens; a port it cannot have (taken by another program, or not allowed)
 * becomes a StartupRefusal naming the port and its setting.
 */
function listeningOrRefused(server: ServerType, { name, port }: { name: string; port: number }, host: string): Promise<void> {
  if (server.listening) return Promise.resolve();
  return new Promise((done, fail) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      fail(
        error.code === 'EADDRINUSE'
          ? new StartupRefusal(`Port ${port} (${name}) is taken: another program listens on it. Stop it, or set ${name} to a free port.`)
          : error.code === 'EACCES'
            ? new StartupRefusal(`Port ${port} (${name}) is not allowed for this user at ${host}. Set ${name} to a port above 1023.`)
            : error,
      );
    };
    const onListening = () => {
      server.off('error', onError);
      done();
    };
    server.once('error', onError);
    server.once('listening', onListening);
  });
}

/** The name to print for the bound interface: loopback reads as localhost (Outlook's manifest uses it). */
function displayHost(host: string): string {
  if (host === '127.0.0.1' || host === '::1') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/** Shuts the server down cleanly on SIGINT or SIGTERM, then exits. */
export function exitOnSignals(server: RunningServer): void {
  let stopping = false;
  async function stop(signal: string) {
    if (stopping) return;
    stopping = true;
    server.logger.info({ signal }, 'shutting down');
    await server.shutdown();
    process.exit(0);
  }
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
