/**
 * Sends the mail queue. Any number of workers (one per server instance, the mail CLI, a scheduled
 * Lambda call) share one queue: a worker claims due messages in one statement (`FOR UPDATE SKIP
 * LOCKED`, so workers never wait on each other) that counts the try and leases the message by
 * moving its `next_attempt_at` past the longest SMTP conversation; no other worker takes it while
 * the lease runs. Then it sends, and marks the message `sent`; or, when sending failed, `dead`
 * after `maxAttempts` tries (or at once when the server refused the recipient or message for
 * good), else due again after a backoff that doubles with each try (`retrySeconds`, 2×, 4×, …, at
 * most an hour). A worker that dies mid-send leaves its message leased: it is tried again when the
 * lease ends, so mail is sent at least once, and twice only if a worker died between the SMTP
 * server's acceptance and the database's update.
 *
 * The log names messages by id and kind, never by address or content; the SMTP server's reason
 * (which may quote the address) goes to the row's `last_error`.
 */
import { and, asc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { mailQueue } from './schema';
import { failureOf, type Logger } from '../logger';
import { MailDeliveryError, type MailTransport } from './transport';

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  logger: Logger;
  now?: () => Date;
  /** Tries before a message is dead (CANNERY_MAIL_MAX_ATTEMPTS, default 8). */
  maxAttempts?: number;
  /** The first retry's delay; each further one doubles it, up to an hour (CANNERY_MAIL_RETRY_SECONDS, default 30). */
  retrySeconds?: number;
  /** How often an idle worker looks for due mail (CANNERY_MAIL_POLL_SECONDS, default 10). */
  pollSeconds?: number;
  /** How long a claimed message is the claiming worker's; longer than an SMTP conversation can take. */
  leaseSeconds?: number;
  /** Messages claimed at a time. */
  batchSize?: number;
  /** Days a message's row is kept after it was queued, whatever became of it (CANNERY_MAIL_RETENTION_DAYS, default 30). */
  retentionDays?: number;
  /** Told each delivery attempt's outcome (server/observability counts them). */
  onDelivery?: (outcome: 'sent' | 'retried' | 'dead') => void;
}

export interface MailPass {
  sent: number;
  retried: number;
  dead: number;
  expired: number;
  /** Rows older than the retention, deleted. */
  purged: number;
}

export const MAIL_DEFAULTS = { maxAttempts: 8, retrySeconds: 30, pollSeconds: 10, leaseSeconds: 120, batchSize: 10, retentionDays: 30 };

/**
 * What a message keeps once it is done with (sent, dead or expired): recipient, kind, status and
 * times, never its body, which may hold a temporary password or a code.
 */
const DONE_WITH = { body: '' } as const;
const MAX_RETRY_SECONDS = 60 * 60;

export class MailWorker {
  private readonly db: Db;
  private readonly transport: MailTransport;
  private readonly logger: Logger;
  private readonly now: () => Date;
  private readonly onDelivery: (outcome: 'sent' | 'retried' | 'dead') => void;
  private readonly settings: typeof MAIL_DEFAULTS;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(options: MailWorkerOptions) {
    this.db = options.db;
    this.transport = options.transport;
    this.logger = options.logger;
    this.now = options.now ?? (() => new Date());
    this.onDelivery = options.onDelivery ?? (() => undefined);
    this.settings = {
      maxAttempts: options.maxAttempts ?? MAIL_DEFAULTS.maxAttempts,
      retrySeconds: options.retrySeconds ?? MAIL_DEFAULTS.retrySeconds,
      pollSeconds: options.pollSeconds ?? MAIL_DEFAULTS.pollSeconds,
      leaseSeconds: options.leaseSeconds ?? MAIL_DEFAULTS.leaseSeconds,
      batchSize: options.batchSize ?? MAIL_DEFAULTS.batchSize,
      retentionDays: options.retentionDays ?? MAIL_DEFAULTS.retentionDays,
    };
  }

  /** Claims one batch of due messages and tries each once. */
  async runOnce(): Promise<MailPass> {
    const at = this.now();
    const pass: MailPass = { sent: 0, retried: 0, dead: 0, expired: 0, purged: 0 };
    const purged = await this.db
      .delete(mailQueue)
      .where(lt(mailQueue.createdAt, new Date(at.getTime() - this.settings.retentionDays * 86_400_000)))
      .returning({ id: mailQueue.id });
    pass.purged = purged.length;
    const expired = await this.db
      .update(mailQueue)
      .set({ status: 'expired', ...DONE_WITH })
      .where(and(eq(mailQueue.status, 'pending'), lte(mailQueue.discardAfter, at)))
      .returning({ id: mailQueue.id, kind: mailQueue.kind });
    for (const message of expired) this.logger.warn({ mailId: message.id, kind: message.kind }, 'mail expired before it could be sent');
    pass.expired = expired.length;

    const due = this.db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(and(eq(mailQueue.status, 'pending'), lte(mailQueue.nextAttemptAt, at), or(isNull(mailQueue.discardAfter), gt(mailQueue.discardAfter, at))))
      .orderBy(asc(mailQueue.nextAttemptAt), asc(mailQueue.createdAt))
      .limit(this.settings.batchSize)
      .for('update', { skipLocked: true });
    const claimed = await this.db
      .update(mailQueue)
      .set({ attempts: sql`${mailQueue.attempts} + 1`, nextAttemptAt: new Date(at.getTime() + this.settings.leaseSeconds * 1000) })
      .where(inArray(mailQueue.id, due))
      .returning();

    for (const message of claimed) {
      const outcome = await this.deliver(message);
      this.onDelivery(outcome);
      pass[outcome] += 1;
    }
    return pass;
  }

  /** Sends due mail, batch after batch, until none is due or `deadline` (ms since the epoch) passes. */
  async drain(deadline = Number.POSITIVE_INFINITY): Promise<MailPass> {
    const total: MailPass = { sent: 0, retried: 0, dead: 0, expired: 0, purged: 0 };
    while (Date.now() < deadline) {
      const pass = await this.runOnce();
      for (const key of Object.keys(total) as Array<keyof MailPass>) total[key] += pass[key];
      if (pass.sent + pass.retried + pass.dead === 0) break;
    }
    return total;
  }

  /** Looks for due mail every `pollSeconds`, and at once after `wake()`. */
  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** A message was just queued: send it now rather than at the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /**
   * Stops polling, waits for the pass in progress, then sends what is due until `deadline`
   * (ms since the epoch): what a server does on SIGTERM, so mail queued just before is not left
   * to another instance's next poll.
   */
  async stop(deadline: number): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    try {
      const pass = await this.drain(deadline);
      const left = await this.db.$count(mailQueue, and(eq(mailQueue.status, 'pending'), lte(mailQueue.nextAttemptAt, this.now())));
      this.logger.info({ ...pass, due: left }, 'mail queue drained at shutdown');
    } catch (error) {
      this.logger.error({ failure: failureOf(error) }, 'draining the mail queue at shutdown failed; the mail stays queued for the next worker');
    } finally {
      this.transport.close();
    }
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.pass().finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        const again = this.again;
        this.again = false;
        this.schedule(again ? 0 : this.settings.pollSeconds * 1000);
      });
    }, delayMs);
    this.timer.unref();
  }

  private async pass(): Promise<void> {
    try {
      await this.drain(Date.now() + this.settings.pollSeconds * 1000);
    } catch (error) {
      this.logger.error({ failure: failureOf(error) }, 'reading the mail queue failed; the worker tries again at its next poll');
    }
  }

  private async deliver(message: typeof mailQueue.$inferSelect): Promise<'sent' | 'retried' | 'dead'> {
    const held = and(eq(mailQueue.id, message.id), eq(mailQueue.attempts, message.attempts), eq(mailQueue.status, 'pending'));
    const log = { mailId: message.id, kind: message.kind, attempt: message.attempts };
    try {
      await this.transport.send({ kind: message.kind, to: message.toAddress, subject: message.subject, body: message.body });
    } catch (error) {
      const failure = error instanceof MailDeliveryError ? error : new MailDeliveryError(error instanceof Error ? error.message : String(error), false, 'unknown');
      const lastError = failure.message.slice(0, 500);
      if (failure.permanent || message.attempts >= this.settings.maxAttempts) {
        await this.db.update(mailQueue).set({ status: 'dead', lastError, ...DONE_WITH }).where(held);
        this.logger.error({ ...log, code: failure.code, permanent: failure.permanent }, 'mail is dead: it will not be tried again (npm run cannery -- mail status)');
        return 'dead';
      }
      const delaySeconds = Math.min(this.settings.retrySeconds * 2 ** (message.attempts - 1), MAX_RETRY_SECONDS);
      await this.db
        .update(mailQueue)
        .set({ nextAttemptAt: new Date(this.now().getTime() + delaySeconds * 1000), lastError })
        .where(held);
      this.logger.warn({ ...log, code: failure.code, retryInSeconds: delaySeconds }, 'sending mail failed; it will be tried again');
      return 'retried';
    }
    await this.db.update(mailQueue).set({ status: 'sent', sentAt: this.now(), lastError: null, ...DONE_WITH }).where(held);
    this.logger.info(log, 'mail sent');
    return 'sent';
  }
}
