import { char, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '../db/schema';

/**
 * What each account's classifier has learnt from feedback (`POST /classification-accuracy`): the
 * naive Bayes counts of server/classifier/naive-bayes.ts. The seed corpus and the account's blocks
 * are not stored: they are trained again from the repository and the blocks table. Writers only
 * add (`count = count + n`), so instances learning at the same time never lose an update;
 * `version` grows with every learnt example and tells each instance's in-memory model whether it
 * is current (docs/architecture.md: nothing in process memory that another instance would need).
 */
export const classifierStates = pgTable('classifier_states', {
  accountId: char('account_id', { length: 24 })
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(0),
  electionDocs: integer('election_docs').notNull().default(0),
  recorderDocs: integer('recorder_docs').notNull().default(0),
  electionWords: integer('election_words').notNull().default(0),
  recorderWords: integer('recorder_words').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Per account and word (a stem of server/classifier/words.ts): occurrences in feedback, per label. */
export const classifierWordCounts = pgTable(
  'classifier_word_counts',
  {
    accountId: char('account_id', { length: 24 })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    election: integer('election').notNull().default(0),
    recorder: integer('recorder').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.word] })],
);
