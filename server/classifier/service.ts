/**
 * The email classifier behind `POST /classify` and `POST /classification-accuracy`: one naive
 * Bayes model per account (naive-bayes.ts), the sum of three parts trained apart: the seed corpus's
 * training split (seed-corpus.ts, once per process, shared), the account's blocks in its
 * classification teams labelled by team name (labels.ts), and its users' feedback, stored as counts.
 *
 * Each instance caches the summed model per account (a bounded LRU). Every classification reads the
 * two versions it depends on (the feedback version, and a fingerprint of the classification teams
 * and their block-list versions) with the feature's settings (`readAccountClassification`), in the
 * same round trip; a part whose version changed is rebuilt (of the blocks, only those that changed),
 * the others are reused. So every change, on any instance, is seen on the next request. Feedback
 * taken here is added to the cached model in place (`learn`). Why: docs/decisions/email-classifier.md.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Classification } from '../../src/api/contract/classification';
import type { Database, Db } from '../db/database';
import { accounts, blocks, teams } from '../db/schema';
import { classifierStates, classifierWordCounts } from './schema';
import { labelForTeam } from './labels';
import { addModels, emptyModel, forget, labelIndex, learn, predict, train, type NaiveBayesModel, type Prediction } from './naive-bayes';
import { SEED_TRAINING } from './seed-corpus';
import { blockWords, classifierWords, cleanEmailText } from './words';

export interface EmailClassifier {
  /**
   * Labels `cleanText` (already through `cleanEmailText`) with the account's current model.
   * `versions`, when the caller has just read them (`readAccountClassification`), saves a query.
   */
  classify(accountId: string, cleanText: string, versions?: ModelVersions): Promise<Prediction>;
  /**
   * Learns that `cleanText` is `label` for the account: the counts are added in the database (and
   * `alsoInTransaction` runs in the same transaction, so a feedback record and what was learnt
   * from it are stored together or not at all), then to this instance's cached model. A text
   * without any word the classifier reads teaches nothing and changes no counts.
   */
  learn(accountId: string, cleanText: string, label: Classification, alsoInTransaction?: (tx: Db) => Promise<void>): Promise<void>;
}

export interface ClassifierOptions {
  /** Accounts whose models stay in memory (least recently used go first). */
  cachedAccounts?: number;
}

/** Rows per statement when adding word counts (4 parameters each, far below PostgreSQL's 65,535). */
const WORDS_PER_STATEMENT = 1000;

let seed: NaiveBayesModel | undefined;
/** The seed corpus's training split as a model, built on first use. */
export function seedModel(): NaiveBayesModel {
  seed ??= train(SEED_TRAINING.map((email) => ({ words: classifierWords(cleanEmailText(email.text)), label: email.label })));
  return seed;
}

/** The model of an account's classification blocks, from rows of block name, body and team name. */
export function blocksModel(rows: Iterable<{ name: string; body: string; teamName: string }>): NaiveBayesModel {
  const model = emptyModel();
  for (const row of rows) {
    const label = labelForTeam(row.teamName);
    if (label) learn(model, blockWords(row), label);
  }
  return model;
}

/** What one block taught, so a change of it can be taken back (`forget`) without reading it again. */
interface BlockEntry {
  /** A digest of the block's name and body, as the database computes it. */
  stamp: string;
  label: Classification | null;
  /** The words learnt, space-separated (a word never holds a space): far smaller than an array. */
  words: string;
}

interface BlocksPart {
  model: NaiveBayesModel;
  byId: Map<string, BlockEntry>;
}

interface AccountModel {
  blocksKey: string;
  blocks: BlocksPart;
  feedbackVersion: number;
  feedback: NaiveBayesModel;
  /** seed + blocks + feedback: what predictions read. */
  merged: NaiveBayesModel;
}

/** What an account's model depends on, as `readAccountClassification` reads it. */
export interface ModelVersions {
  /** `classifier_states.version`: how many feedback examples were learnt. */
  feedbackVersion: number;
  /** The classification teams' ids, names and block-list versions (moved by the database on every block write). */
  blocksKey: string;
}

export interface AccountClassification extends ModelVersions {
  /** The feature's switch (rules §3 emailClassificationFeature.on). */
  on: boolean;
  /** The feature's teams (rules §3 emailClassificationFeature.teams). */
  teams: string[];
}

/**
 * The account's feature settings and its model's versions in one query, so a classification
 * costs one round trip before the model answers. Null for an unknown account.
 */
export async function readAccountClassification(db: Db, accountId: string): Promise<AccountClassification | null> {
  const [row] = await db
    .select({
      on: accounts.emailClassificationOn,
      teams: accounts.emailClassificationTeams,
      feedbackVersion: sql<number>`coalesce(${classifierStates.version}, 0)::int`,
      // Each team's block-list version moves with every write to its blocks, whoever makes it.
      blocksKey: sql<string>`coalesce((
        select string_agg(t.id || '=' || t.name || '@' || t.blocks_version, ',' order by t.id)
          from teams t
         where t.id = any(${accounts.emailClassificationTeams})
      ), '')`,
    })
    .from(accounts)
    .leftJoin(classifierStates, eq(classifierStates.accountId, accounts.id))
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row ? { ...row, feedbackVersion: Number(row.feedbackVersion) } : null;
}

async function readVersions(db: Db, accountId: string): Promise<ModelVersions> {
  const state = await readAccountClassification(db, accountId);
  return { feedbackVersion: state?.feedbackVersion ?? 0, blocksKey: state?.blocksKey ?? '' };
}

const wordsOf = (entry: BlockEntry): string[] => (entry.words === '' ? [] : entry.words.split(' '));

/**
 * The account's classification blocks as a model, updated from `previous`: only blocks that are
 * new, edited (another digest of name and body) or relabelled (their team renamed or moved) are read and
 * learnt; removed and changed ones are forgotten first. The result equals `blocksModel` of all
 * of them, at the cost of the change instead of the account's whole block list.
 */
async function loadBlocksPart(db: Db, accountId: string, previous: BlocksPart | undefined): Promise<BlocksPart> {
  const current = await db
    // A digest of what is learnt, so an edit is seen whoever made it and whatever it left in updated_at.
    .select({ id: blocks.id, stamp: sql<string>`md5(${blocks.name} || chr(10) || ${blocks.body})`, teamName: teams.name })
    .from(blocks)
    .innerJoin(teams, eq(teams.id, blocks.teamId))
    .innerJoin(accounts, eq(accounts.id, blocks.accountId))
    // A deleted or archived block teaches nothing; deleting or archiving one moves its team's version, so the model forgets it.
    .where(and(eq(blocks.accountId, accountId), isNull(blocks.deletedAt), isNull(blocks.archivedAt), sql`${blocks.teamId} = any(${accounts.emailClassificationTeams})`));
  const wanted = current.map((row) => ({ id: row.id, stamp: row.stamp, label: labelForTeam(row.teamName) }));
  const changed = wanted.filter((row) => {
    const entry = previous?.byId.get(row.id);
    return !entry || entry.stamp !== row.stamp || entry.label !== row.label;
  });
  const toRead = changed.filter((row) => row.label !== null).map((row) => row.id);
  const bodies = new Map<string, { name: string; body: string }>();
  for (let start = 0; start < toRead.length; start += WORDS_PER_STATEMENT) {
    const rows = await db
      .select({ id: blocks.id, name: blocks.name, body: blocks.body })
      .from(blocks)
      .where(inArray(blocks.id, toRead.slice(start, start + WORDS_PER_STATEMENT)));
    for (const row of rows) bodies.set(row.id, row);
  }

  // Everything is read: from here on nothing awaits, so no other build sees a half-updated part.
  const model = previous ? addModels(previous.model) : emptyModel();
  const byId = new Map(previous?.byId);
  const stillThere = new Set(wanted.map((row) => row.id));
  const take = (id: string) => {
    const entry = byId.get(id);
    if (entry?.label) forget(model, wordsOf(entry), entry.label);
    byId.delete(id);
  };
  for (const id of [...byId.keys()]) if (!stillThere.has(id)) take(id);
  for (const row of changed) {
    const block = bodies.get(row.id);
    // Deleted between the two reads: the next version check sees it and updates again.
    if (row.label && !block) continue;
    take(row.id);
    const words = row.label && block ? blockWords(block) : [];
    if (row.label) learn(model, words, row.label);
    byId.set(row.id, { stamp: row.stamp, label: row.label, words: words.join(' ') });
  }
  return { model, byId };
}

/** The stored feedback counts and their version, read from one snapshot. */
async function loadFeedback(db: Db, accountId: string): Promise<{ version: number; model: NaiveBayesModel }> {
  return db.transaction(
    async (tx) => {
      const [state] = await tx.select().from(classifierStates).where(eq(classifierStates.accountId, accountId));
      const model = emptyModel();
      if (!state) return { version: 0, model };
      model.docs = [state.electionDocs, state.recorderDocs];
      model.tokens = [state.electionWords, state.recorderWords];
      const rows = await tx
        .select({ word: classifierWordCounts.word, election: classifierWordCounts.election, recorder: classifierWordCounts.recorder })
        .from(classifierWordCounts)
        .where(eq(classifierWordCounts.accountId, accountId));
      for (const row of rows) model.words.set(row.word, [row.election, row.recorder]);
      return { version: state.version, model };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The classifier over `database`, with its own in-memory cache of account models. */
export function createClassifier(database: Database, options: ClassifierOptions = {}): EmailClassifier {
  const { db } = database;
  const capacity = options.cachedAccounts ?? 200;
  const cache = new Map<string, AccountModel>();
  /** Builds in progress, so concurrent first requests of an account build once. */
  const building = new Map<string, Promise<AccountModel>>();

  function remember(accountId: string, model: AccountModel): void {
    cache.delete(accountId);
    cache.set(accountId, model);
    while (cache.size > capacity) cache.delete(cache.keys().next().value!);
  }

  async function build(accountId: string, versions: ModelVersions, previous: AccountModel | undefined): Promise<AccountModel> {
    const blocksPart =
      previous?.blocksKey === versions.blocksKey ? previous.blocks : await loadBlocksPart(db, accountId, previous?.blocks);
    const feedbackPart =
      previous?.feedbackVersion === versions.feedbackVersion
        ? { version: previous.feedbackVersion, model: previous.feedback }
        : await loadFeedback(db, accountId);
    return {
      blocksKey: versions.blocksKey,
      blocks: blocksPart,
      feedbackVersion: feedbackPart.version,
      feedback: feedbackPart.model,
      merged: addModels(seedModel(), blocksPart.model, feedbackPart.model),
    };
  }

  async function currentModel(accountId: string, known?: ModelVersions): Promise<NaiveBayesModel> {
    const versions = known ?? (await readVersions(db, accountId));
    const cached = cache.get(accountId);
    if (cached && cached.blocksKey === versions.blocksKey && cached.feedbackVersion === versions.feedbackVersion) {
      remember(accountId, cached);
      return cached.merged;
    }
    const key = `${accountId}|${versions.feedbackVersion}|${versions.blocksKey}`;
    let pending = building.get(key);
    if (!pending) {
      pending = build(accountId, versions, cached).finally(() => building.delete(key));
      building.set(key, pending);
    }
    const model = await pending;
    // A learn() on this instance may have moved the cache past what was just built.
    const latest = cache.get(accountId);
    if (!latest || latest.feedbackVersion <= model.feedbackVersion) remember(accountId, model);
    return model.merged;
  }

  async function persist(tx: Db, accountId: string, words: string[], label: Classification): Promise<number> {
    const at = labelIndex(label);
    const counts = new Map<string, number>();
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    const added = { electionDocs: at === 0 ? 1 : 0, recorderDocs: at === 1 ? 1 : 0, electionWords: at === 0 ? words.length : 0, recorderWords: at === 1 ? words.length : 0 };
    // The state row first: it locks the account's counts, so concurrent learners queue instead of deadlocking.
    const [state] = await tx
      .insert(classifierStates)
      .values({ accountId, version: 1, ...added })
      .onConflictDoUpdate({
        target: classifierStates.accountId,
        set: {
          version: sql`${classifierStates.version} + 1`,
          electionDocs: sql`${classifierStates.electionDocs} + excluded.election_docs`,
          recorderDocs: sql`${classifierStates.recorderDocs} + excluded.recorder_docs`,
          electionWords: sql`${classifierStates.electionWords} + excluded.election_words`,
          recorderWords: sql`${classifierStates.recorderWords} + excluded.recorder_words`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ version: classifierStates.version });
    const rows = [...counts]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([word, count]) => ({ accountId, word, election: at === 0 ? count : 0, recorder: at === 1 ? count : 0 }));
    for (let start = 0; start < rows.length; start += WORDS_PER_STATEMENT) {
      await tx
        .insert(classifierWordCounts)
        .values(rows.slice(start, start + WORDS_PER_STATEMENT))
        .onConflictDoUpdate({
          target: [classifierWordCounts.accountId, classifierWordCounts.word],
          set: {
            election: sql`${classifierWordCounts.election} + excluded.election`,
            recorder: sql`${classifierWordCounts.recorder} + excluded.recorder`,
          },
        });
    }
    return state!.version;
  }

  return {
    async classify(accountId, cleanText, versions) {
      return predict(await currentModel(accountId, versions), classifierWords(cleanText));
    },

    async learn(accountId, cleanText, label, alsoInTransaction) {
      const words = classifierWords(cleanText);
      const version = await db.transaction(async (tx) => {
        await alsoInTransaction?.(tx);
        return words.length > 0 ? persist(tx, accountId, words, label) : null;
      });
      if (version === null) return;
      const cached = cache.get(accountId);
      if (!cached) return;
      if (cached.feedbackVersion === version - 1) {
        learn(cached.feedback, words, label);
        learn(cached.merged, words, label);
        cached.feedbackVersion = version;
      } else {
        // Another instance learnt meanwhile: the next classification reloads the stored counts.
        cache.delete(accountId);
      }
    },
  };
}
