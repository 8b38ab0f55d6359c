/**
 * Checklist search (rules §5 "Search"): three tiers, each checklist in at most one, the first
 * that applies:
 *   1. the checklist's name contains the query;
 *   2. one of its task names contains the query;
 *   3. its task names match fuzzily (score above 1.2, same rule as blocks: `fuzzy-match.ts`).
 * Matching is folded (case, accents, whitespace) like block search. A blank query finds nothing.
 *
 * Order inside a tier mirrors block search: tier 1 by where the name matches (start, start of a
 * word, inside a word), tier 2 by whether some task matches at a word start, tier 3 by fuzzy
 * score; then by name (`compareNames`), then input order. A team has tens of checklists, not
 * thousands, so this reads them directly instead of building an index.
 */
import type { Checklist } from './types';
import { foldText, foldedWords } from './fold-text';
import { fuzzyWordsScore } from './fuzzy-match';
import { compareNames } from './compare-names';
import { substringRank } from './substring-rank';

export type ChecklistSearchHit<C extends Checklist = Checklist> =
  | { readonly checklist: C; readonly tier: 1 | 2 }
  | { readonly checklist: C; readonly tier: 3; readonly score: number };

interface Ranked<C extends Checklist> {
  hit: ChecklistSearchHit<C>;
  /** Position inside the tier: smaller first (rank, or minus the fuzzy score). */
  key: number;
  position: number;
}

/** Searches `checklists` for `query`; see the module comment. */
export function searchChecklists<C extends Checklist>(checklists: readonly C[], query: string): ChecklistSearchHit<C>[] {
  const folded = foldText(query);
  if (folded === '') return [];
  const queryWords = foldedWords(folded);
  const seen = new Set<string>();
  const ranked: Ranked<C>[] = [];
  checklists.forEach((checklist, position) => {
    if (seen.has(checklist._id)) return;
    seen.add(checklist._id);
    const nameRank = substringRank(foldText(checklist.name), folded);
    if (nameRank >= 0) {
      ranked.push({ hit: { checklist, tier: 1 }, key: nameRank, position });
      return;
    }
    const tasks = checklist.tasks.map((task) => foldText(task.name));
    // 0: some task has the query at a word start (its very start included), 1: only inside words.
    let taskRank = -1;
    for (const task of tasks) {
      const rank = substringRank(task, folded);
      if (rank < 0) continue;
      const wordRank = rank === 2 ? 1 : 0;
      if (taskRank < 0 || wordRank < taskRank) taskRank = wordRank;
    }
    if (taskRank >= 0) {
      ranked.push({ hit: { checklist, tier: 2 }, key: taskRank, position });
      return;
    }
    const score = fuzzyWordsScore(queryWords, tasks.flatMap(foldedWords));
    if (score > 0) ranked.push({ hit: { checklist, tier: 3, score }, key: -score, position });
  });
  ranked.sort(
    (a, b) =>
      a.hit.tier - b.hit.tier ||
      a.key - b.key ||
      compareNames(a.hit.checklist.name, b.hit.checklist.name) ||
      a.position - b.position,
  );
  return ranked.map((r) => r.hit);
}
