import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const MAIL_STATUSES = ['pending', 'sent', 'dead', 'expired'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * Mail waiting to be sent, and what became of it (server/mail). A message is written in the same
 * transaction as its cause (a reset code), so it exists exactly when its cause does; a worker on
 * any instance claims due messages (`FOR UPDATE SKIP LOCKED`, then a lease in `next_attempt_at`),
 * sends them, and marks them `sent`, or schedules a retry with backoff, or after
 * `CANNERY_MAIL_MAX_ATTEMPTS` tries (or a refusal that retrying cannot fix) marks them `dead`.
 * A message whose content is useless past a time (a code that expires) is `expired` then instead
 * of being sent late.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: text('id').primaryKey(),
    /** What the message is, for operators and logs (`reset_code`); never its content. */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<MailStatus>().notNull().default('pending'),
    /** Tries so far (a claim counts one). */
    attempts: integer('attempts').notNull().default(0),
    /** When the message is next due; while a worker holds it, the end of its lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** Not sent after this (the code in it has expired); null: no such limit. */
    discardAfter: timestamp('discard_after', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The last failure's reason as the SMTP server gave it (it may quote the address: never logged). */
    lastError: text('last_error'),
  },
  (t) => [
    check('mail_queue_status_check', sql`${t.status} in ('pending', 'sent', 'dead', 'expired')`),
    index('mail_queue_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('mail_queue_created_idx').on(t.createdAt),
  ],
);
