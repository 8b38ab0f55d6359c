/**
 * What a member's client needs to recommend beyond shared words (`GET /api/accounts/{accountId}/meaning`):
 * the account's synonyms, and WordNet's related words for the vocabulary of the blocks of the
 * member's teams (`related-words.ts`), so the database never leaves the server and the client gets
 * only the few thousand entries that can lead to one of its blocks.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { MeaningHints } from '../../src/api/contract/meaning';
import type { Db } from '../db/database';
import { blocks } from '../db/schema';
import { blockVocabulary, relatedStems } from './related-words';
import { accountSynonymsOf } from './synonyms';
import { loadWordNet } from './wordnet';

export async function meaningHintsFor(db: Db, accountId: string, teamIds: readonly string[]): Promise<MeaningHints> {
  const { synonyms } = await accountSynonymsOf(db, accountId);
  const rows = teamIds.length
    ? await db
        .select({ name: blocks.name, body: blocks.body })
        .from(blocks)
        .where(and(eq(blocks.accountId, accountId), inArray(blocks.teamId, [...teamIds]), isNull(blocks.deletedAt), isNull(blocks.archivedAt)))
    : [];
  const related = rows.length ? relatedStems(await loadWordNet(), blockVocabulary(rows)) : {};
  return { synonyms, related };
}
