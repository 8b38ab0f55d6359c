/**
 * The mail queue (`mail_queue`, server/mail/schema.ts): writing a message in its cause's
 * transaction, and what operators and the development outbox read of it. Sending is worker.ts.
 */
import { randomUUID } from 'node:crypto';
import { asc, count, desc, eq, min } from 'drizzle-orm';
import type { Db } from '../db/database';
import { mailQueue, type MailStatus } from './schema';

export interface MailMessage {
  /** What the message is, for operators and logs (`reset_code`); never its content. */
  kind: string;
  to: string;
  subject: string;
  body: string;
  /** Not sent after this (a code in it expires); unset: no limit. */
  discardAfter?: Date;
}

/** One address, as a pool user's email is: no display name, no list, nothing that could add a header. */
const ADDRESS = /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+$/;
const MAX_ADDRESS = 320;
const MAX_SUBJECT = 998;
const MAX_BODY = 64 * 1024;

/** Refuses a message no SMTP server should be handed; the error names the field, never the value. */
export function assertSendable(message: MailMessage): void {
  if (message.to.length > MAX_ADDRESS || !ADDRESS.test(message.to)) throw new Error('The recipient of a message must be one plain email address');
  // eslint-disable-next-line no-control-regex -- a line break or control character would start another header
  if (message.subject.length > MAX_SUBJECT || /[\u0000-\u001f\u007f]/.test(message.subject)) throw new Error('The subject of a message must be one line of at most 998 characters');
  if (message.body.length > MAX_BODY) throw new Error('The body of a message is limited to 64 KB');
  if (!/^[a-z_]{1,40}$/.test(message.kind)) throw new Error('The kind of a message must be a short lower-case name');
}

/**
 * Writes a message to the queue, due at once; returns its id. Call it with the transaction that
 * writes the message's cause, so both exist or neither does.
 */
export async function enqueueMail(db: Db, message: MailMessage, now: Date): Promise<string> {
  assertSendable(message);
  const id = randomUUID();
  await db.insert(mailQueue).values({
    id,
    kind: message.kind,
    toAddress: message.to,
    subject: message.subject,
    body: message.body,
    nextAttemptAt: now,
    discardAfter: message.discardAfter ?? null,
    createdAt: now,
  });
  return id;
}

/** The newest messages, content included (the development outbox). */
export async function latestMail(db: Db, limit = 50) {
  return db.select().from(mailQueue).orderBy(desc(mailQueue.createdAt)).limit(limit);
}

export interface MailQueueStatus {
  counts: Record<MailStatus, number>;
  /** When the oldest message still waiting was written; null when none waits. */
  oldestPendingAt: Date | null;
  /** The newest dead messages, without their content. */
  dead: Array<{ id: string; kind: string; toAddress: string; attempts: number; createdAt: Date; lastError: string | null }>;
}

/** What an operator needs to see: how many messages are in each state, the oldest waiting, the dead ones. */
export async function mailQueueStatus(db: Db, deadLimit = 20): Promise<MailQueueStatus> {
  const rows = await db.select({ status: mailQueue.status, n: count() }).from(mailQueue).groupBy(mailQueue.status);
  const counts: Record<MailStatus, number> = { pending: 0, sent: 0, dead: 0, expired: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  const [oldest] = await db.select({ at: min(mailQueue.createdAt) }).from(mailQueue).where(eq(mailQueue.status, 'pending'));
  const dead = await db
    .select({
      id: mailQueue.id,
      kind: mailQueue.kind,
      toAddress: mailQueue.toAddress,
      attempts: mailQueue.attempts,
      createdAt: mailQueue.createdAt,
      lastError: mailQueue.lastError,
    })
    .from(mailQueue)
    .where(eq(mailQueue.status, 'dead'))
    .orderBy(desc(mailQueue.createdAt), asc(mailQueue.id))
    .limit(deadLimit);
  return { counts, oldestPendingAt: oldest?.at ? new Date(oldest.at) : null, dead };
}
