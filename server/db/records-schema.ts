/**
 * What the product records as people work: each use of a block, suggested blocks, sessions, the
 * classifier's outcomes, and each user's favourites; and how long each account keeps them. The
 * accounts, teams, users and blocks they belong to are in `schema.ts`.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { RETENTION_DEFAULTS } from '../../src/api/contract/retention';
import { id, createdAt, textList, users, blocks, accounts, type Attachment } from './schema';

export const sentAutoResponses = pgTable(
  'sent_auto_responses',
  {
    id: id().primaryKey(),
    accountId: id('account_id').notNull(),
    teamId: id('team_id').notNull(),
    userId: id('user_id').notNull(),
    userEmail: text('user_email').notNull(),
    autoResponseId: id('auto_response_id').notNull(),
    autoResponseName: text('auto_response_name').notNull(),
    autoResponseContent: text('auto_response_content').notNull(),
    timeSent: timestamp('time_sent', { withTimezone: true }).notNull(),
    supportedContexts: textList('supported_contexts'),
    contextUsed: text('context_used').notNull(),
    uiSource: text('ui_source').notNull(),
    cognitoSub: text('cognito_sub'),
    microsoftSub: text('microsoft_sub'),
    categories: text('categories').array(),
    cc: text('cc').array(),
    subjectLine: text('subject_line'),
    attachments: jsonb('attachments').$type<Attachment[]>(),
    /** The shared mailbox, delegated account or alias the block was used in (its address only); null: the user's own. */
    mailbox: text('mailbox'),
    /** The language of the text inserted (src/domain/languages.ts): the block's variant, or 'en' for its own text. */
    language: text('language').notNull().default('en'),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sent_auto_responses_usage_idx').on(t.accountId, t.teamId, t.autoResponseId),
    /** The admin API's usage report and export read a team's uses by time. */
    index('sent_auto_responses_team_time_idx').on(t.accountId, t.teamId, t.timeSent),
    uniqueIndex('sent_auto_responses_idempotency_idx').on(t.userId, t.idempotencyKey),
  ],
);

export const suggestedAutoResponses = pgTable(
  'suggested_auto_responses',
  {
    id: id().primaryKey(),
    accountId: id('account_id').notNull(),
    teamId: id('team_id').notNull(),
    userId: id('user_id').notNull(),
    userEmail: text('user_email').notNull(),
    name: text('name').notNull(),
    body: text('body').notNull(),
    supportedContexts: textList('supported_contexts'),
    cognitoSub: text('cognito_sub'),
    microsoftSub: text('microsoft_sub'),
    createdAt: createdAt(),
    /** Open until a team admin approves it (a block is created) or rejects it (with an optional note). */
    status: text('status').$type<SuggestionStatus>().notNull().default('open'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The admin who decided; no foreign key, so the record outlives a removed user. */
    decidedBy: id('decided_by'),
    /** The admin's note to the suggester when rejecting. */
    note: text('note'),
    /** The block an approval created. */
    blockId: id('block_id'),
    /** The language it is written in, among the account's (src/domain/detect-language.ts). */
    language: text('language').notNull().default('en'),
  },
  (t) => [
    index('suggested_auto_responses_account_team_idx').on(t.accountId, t.teamId),
    index('suggested_auto_responses_inbox_idx').on(t.accountId, t.teamId, t.status, t.createdAt, t.id),
    check('suggested_auto_responses_status_check', sql`${t.status} in ('open', 'approved', 'rejected')`),
  ],
);

export const SUGGESTION_STATUSES = ['open', 'approved', 'rejected'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

export const sessions = pgTable(
  'sessions',
  {
    id: id().primaryKey(),
    accountId: id('account_id').notNull(),
    userId: id('user_id').notNull(),
    userSub: text('user_sub').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    context: text('context').notNull(),
    teams: textList('teams'),
    userEmail: text('user_email').notNull(),
    updateInterval: integer('update_interval').notNull(),
    cognitoSub: text('cognito_sub'),
    microsoftSub: text('microsoft_sub'),
    /** The shared mailbox, delegated account or alias the session was spent in (its address only); null: the user's own. */
    mailbox: text('mailbox'),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sessions_account_user_idx').on(t.accountId, t.userId),
    uniqueIndex('sessions_idempotency_idx').on(t.userId, t.idempotencyKey),
  ],
);

export const classificationOutcomes = pgTable(
  'classification_outcomes',
  {
    id: id().primaryKey(),
    accountId: id('account_id').notNull(),
    userId: id('user_id').notNull(),
    emailBody: text('email_body').notNull(),
    userEmail: text('user_email').notNull(),
    classificationFromModel: text('classification_from_model').notNull(),
    /** The label the user gave: the model's (Yes), the other one (No), or null when they said Neither. */
    actualClassification: text('actual_classification'),
    /** What the user answered, exactly: yes, no or neither (null for records made before it was kept). */
    userAnswer: text('user_answer'),
    cognitoSub: text('cognito_sub'),
    microsoftSub: text('microsoft_sub'),
    createdAt: createdAt(),
  },
  (t) => [index('classification_outcomes_account_idx').on(t.accountId)],
);

/**
 * The blocks each user starred (Home's Favourites group): one row per user and block, with the
 * time it was added. Listed only while the block is still one the user can see (not deleted, of a
 * team the user is still in), so a deleted block or a team left hides the row without deleting it;
 * a block removed for good, or the user, takes its rows along.
 */
export const favourites = pgTable(
  'favourites',
  {
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockId: id('block_id')
      .notNull()
      .references(() => blocks.id, { onDelete: 'cascade' }),
    accountId: id('account_id').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.blockId] }), index('favourites_block_idx').on(t.blockId)],
);

const keptDays = (name: string, fallback: number | null) => (fallback === null ? integer(name) : integer(name).default(fallback));

/**
 * Each account's retention (server/jobs/retention.ts): the days each kind of record is kept, null
 * to keep it forever. The pass writes a row with the defaults for an account that has none before
 * it reads them. `swept_at` is the pass's lease: the instance whose conditional update moves it into
 * the current hour deletes the account's expired rows in that transaction; every other instance
 * skips the account until the next hour.
 */
export const accountRetention = pgTable(
  'account_retention',
  {
    accountId: id('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    usageDays: keptDays('usage_days', RETENTION_DEFAULTS.usageRecords),
    sessionDays: keptDays('session_days', RETENTION_DEFAULTS.sessions),
    classificationDays: keptDays('classification_days', RETENTION_DEFAULTS.classificationOutcomes),
    learningDays: keptDays('learning_days', RETENTION_DEFAULTS.learnedEvidence),
    mailDays: keptDays('mail_days', RETENTION_DEFAULTS.mail),
    /** When an account admin last changed it; null while it holds the defaults it was written with. */
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    sweptAt: timestamp('swept_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'account_retention_days_check',
      sql`coalesce(${t.usageDays}, 1) between 1 and 3650 and coalesce(${t.sessionDays}, 1) between 1 and 3650 and coalesce(${t.classificationDays}, 1) between 1 and 3650 and coalesce(${t.learningDays}, 1) between 1 and 3650 and coalesce(${t.mailDays}, 1) between 1 and 3650`,
    ),
  ],
);
