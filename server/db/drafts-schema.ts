import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, blocks, createdAt, id, teams } from './schema';

export const DRAFT_STATES = ['awaiting_approval', 'scheduled', 'published', 'rejected', 'withdrawn'] as const;
export type DraftState = (typeof DRAFT_STATES)[number];

/**
 * A change to a block that staff do not see yet (server/library/drafts.ts): an editor's, waiting
 * for a team admin's approval, or one scheduled to be published at `publish_at`. `content` is the
 * whole block as it will read (the admin API's block input); `block_id` is null for a new block.
 * `base_version` is the version the change was made from, for the diff an approver reads.
 */
export const blockDrafts = pgTable(
  'block_drafts',
  {
    id: id().primaryKey(),
    accountId: id('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    teamId: id('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    blockId: id('block_id').references(() => blocks.id, { onDelete: 'cascade' }),
    baseVersion: integer('base_version'),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    authorUserId: id('author_user_id').notNull(),
    state: text('state').$type<DraftState>().notNull(),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    decidedByUserId: id('decided_by_user_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The version publishing made (or the new block's id is `block_id`). */
    publishedVersion: integer('published_version'),
    createdAt: createdAt(),
  },
  (t) => [
    index('block_drafts_team_state_idx').on(t.accountId, t.teamId, t.state),
    index('block_drafts_due_idx').on(t.publishAt).where(sql`${t.state} = 'scheduled'`),
    check('block_drafts_state_check', sql`${t.state} in ('awaiting_approval', 'scheduled', 'published', 'rejected', 'withdrawn')`),
    check('block_drafts_scheduled_check', sql`${t.state} <> 'scheduled' or ${t.publishAt} is not null`),
  ],
);
