import { sql } from 'drizzle-orm';
import { char, check, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { teams } from '../db/schema';

/**
 * What a team has learned from its choices (server/learning): for each hashed term of the emails
 * staff answered (8 hex characters, never a word) and the block they used, a weight that decays
 * with a half-life and grows by 1 per use (`src/domain/learned-evidence.ts`). Written in the
 * transaction of the use's sent-auto-response record; rows not raised within the retention period
 * (`CANNERY_LEARNING_RETENTION_DAYS`) are deleted and never served. A deleted team takes its rows along.
 */
export const learnedAssociations = pgTable(
  'learned_associations',
  {
    teamId: char('team_id', { length: 24 })
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    accountId: char('account_id', { length: 24 }).notNull(),
    term: text('term').notNull(),
    blockId: char('block_id', { length: 24 }).notNull(),
    weight: doublePrecision('weight').notNull(),
    /** When the weight was last raised: the decay runs from here. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.term, t.blockId] }),
    index('learned_associations_team_time_idx').on(t.teamId, t.updatedAt),
    check('learned_associations_term_check', sql`${t.term} ~ '^[0-9a-f]{8}$'`),
  ],
);

/**
 * How much a team has learned, for the admin app ("Learned from 132 uses since 3 March") and as
 * the version behind the ETag of what is served: one row per team with learning, removed by a reset.
 */
export const teamLearning = pgTable('team_learning', {
  teamId: char('team_id', { length: 24 })
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  accountId: char('account_id', { length: 24 }).notNull(),
  /** Uses that brought an email signature since the team's learning started (or was last reset). */
  uses: integer('uses').notNull(),
  since: timestamp('since', { withTimezone: true }).notNull(),
  lastUseAt: timestamp('last_use_at', { withTimezone: true }).notNull(),
});
