/**
 * Mail that is never lost (see worker.ts and queue.ts): what the server runs. Messages are queued
 * with their cause; with `CANNERY_SMTP_URL`, a worker in this process sends them (at once when this
 * process queued them, else at its next poll) and, when the server stops, sends what is due before
 * it exits. Without `CANNERY_SMTP_URL` no worker runs: mail waits in the queue, where the development
 * outbox shows it.
 */
import type { Db } from '../db/database';
import type { Logger } from '../logger';
import type { MailConfig } from './config';
import { createMailTransport } from './transport';
import { MailWorker } from './worker';

export { loadMailConfig, mailDeliveryOf, type MailConfig, type MailDelivery } from './config';
export { MailWorker } from './worker';

export interface ServerMail {
  /** Tells the worker a message was queued (the user pool calls it). */
  queued(): void;
  start(): void;
  /** Stops polling and sends due mail for up to `CANNERY_MAIL_DRAIN_SECONDS`. */
  stop(): Promise<void>;
}

export function openMail(db: Db, config: MailConfig, logger: Logger, onDelivery?: (outcome: 'sent' | 'retried' | 'dead') => void): ServerMail {
  if (!config.smtpUrl) {
    return {
      queued: () => logger.info('mail queued; it stays in the queue (no CANNERY_SMTP_URL): see /identity/dev/outbox in development'),
      start: () => undefined,
      stop: () => Promise.resolve(),
    };
  }
  const worker = new MailWorker({
    db,
    transport: createMailTransport({ smtpUrl: config.smtpUrl, from: config.from }),
    logger,
    maxAttempts: config.maxAttempts,
    retrySeconds: config.retrySeconds,
    pollSeconds: config.pollSeconds,
    retentionDays: config.retentionDays,
    ...(onDelivery ? { onDelivery } : {}),
  });
  return {
    queued: () => worker.wake(),
    start: () => worker.start(),
    stop: () => worker.stop(Date.now() + config.drainSeconds * 1000),
  };
}
