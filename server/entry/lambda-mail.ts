/**
 * Sends the mail queue on AWS Lambda: a second handler, called on a schedule (an EventBridge rule,
 * every minute), beside the API's (`server/entry/lambda.ts`). It sends what is due, for at most the
 * time the invocation has left (less a margin), and returns what it did. The API's invocations do
 * not send mail themselves: a Lambda instance may be frozen the moment it has answered, so mail
 * sent "after the answer" could wait indefinitely, and sending before answering would make every
 * request wait for SMTP. With AWS Cognito as the user pool, Cognito mails its own reset codes;
 * the queue carries Cannery's own mail.
 */
import { loadConfig } from '../config';
import { applyLambdaSecrets } from './lambda-secrets';
import { openDatabase } from '../db/database';
import { createLogger } from '../logger';
import { loadMailConfig } from '../mail/config';
import { createMailTransport } from '../mail/transport';
import { MailWorker } from '../mail/worker';
import { keepAuditRetention } from '../jobs/audit-retention';
import { publishDueChanges } from '../library/drafts';
import { sendReviewMails } from '../jobs/review-mail';
import { applyRetention } from '../jobs/retention';
import { mailQueueStatus } from '../mail/queue';
import { flushAfter, lambdaTelemetry } from '../observability/cloudwatch';

// Secrets (the database's, the pool's data key, the SSO client secret) come from Secrets Manager.
await applyLambdaSecrets(process.env);
const config = loadConfig();
if (!config.databaseUrl) throw new Error('DATABASE_URL is required on Lambda: PGlite keeps data on local disk.');
const mail = loadMailConfig();
if (!mail.smtpUrl) throw new Error('SMTP_URL is required by the mail handler: it is where the queue is sent.');
const logger = createLogger(config.logLevel);
const { telemetry, flush } = lambdaTelemetry(config.serviceName);
const database = await openDatabase({ url: config.databaseUrl, poolSize: 2 });
// The queue as each run leaves it: the same numbers the Node servers' scrape endpoint gives.
telemetry.observeMailQueue(async () => {
  const status = await mailQueueStatus(database.db, 0);
  return { pending: status.counts.pending, oldestPendingSeconds: status.oldestPendingAt ? Math.max(0, (Date.now() - status.oldestPendingAt.getTime()) / 1000) : 0 };
});
await database.migrate();
const worker = new MailWorker({
  db: database.db,
  transport: createMailTransport({ smtpUrl: mail.smtpUrl, from: mail.from }),
  logger,
  maxAttempts: mail.maxAttempts,
  retrySeconds: mail.retrySeconds,
  retentionDays: mail.retentionDays,
  onDelivery: (outcome) => telemetry.mailDelivery(outcome),
});

/** Margin left for the last SMTP conversation and the database's updates. */
const MARGIN_MS = 25_000;

async function run(_event: unknown, context?: { getRemainingTimeInMillis?: () => number }) {
  const remaining = context?.getRemainingTimeInMillis?.() ?? 60_000;
  // What the Node server's jobs do on their timers: scheduled changes, and the week's review mail
  // (claimed once a week per person, so most invocations find nothing), queued before the drain.
  const published = await publishDueChanges(database.db, new Date());
  const reviewMails = await sendReviewMails(database.db, { now: new Date(), origin: config.publicOrigin });
  const pass = await worker.drain(Date.now() + Math.max(1_000, remaining - MARGIN_MS));
  // Each account's retention, once an hour across every instance (server/jobs/retention.ts).
  const retention = await applyRetention(database.db, new Date());
  return { ...pass, published, reviewMails, auditPurged: await keepAuditRetention(database.db, config.auditRetentionDays), retention };
}

export const handler = flushAfter(run, flush);
