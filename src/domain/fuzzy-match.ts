/**
 * The fuzzy tier of search (spec §5 "Search", §9 "Fuzzy match threshold 1.2, scoring +2 per match
 * and -1 per gap or mismatch").
 *
 * The spec gives the threshold but not what 1.2 is relative to. Decision: **it is relative to the
 * length of each query word**, and words are compared with words.
 *
 * - The query and the text are folded (case, diacritics) and split into words (runs of letters
 *   and digits; spaces and punctuation only separate words).
 * - Each query word `q` gets the best local alignment score (see `localAlignmentScore`) against
 *   any single word of the text. It *matches* when that score divided by `q.length` is above 1.2.
 * - The text matches when every query word matches, as in any search box where typing more words
 *   narrows the results. Its score, used to order fuzzy results, is the sum of the best alignment
 *   scores divided by the sum of the query word lengths: 2.0 for exact words, less for typos.
 *
 * A perfect word scores 2 per character, so 1.2 leaves room for about one error in three
 * characters. Examples (query word against a text word):
 * - "registraton" / "registration": 11 matches, 1 gap = 21; 21 / 11 = 1.91, a match.
 * - "ballet" / "ballot": 5 matches, 1 mismatch = 9; 9 / 6 = 1.5, a match.
 * - "licence" / "license": 6 matches, 1 mismatch = 11; 11 / 7 = 1.57, a match.
 * - "lisence" / "license": two substitutions leave 5 matches and 2 mismatches = 8; 8 / 7 = 1.14, no match.
 * - "votxx" / "vote": best is "vot" = 6; 6 / 5 = 1.2, not above 1.2, so no match (the boundary).
 * - "votex" / "vote": "vote" = 8; 8 / 5 = 1.6, a match.
 * - "teh" / "the": 3; 3 / 3 = 1.0, no match (a transposition costs two, too much for 3 letters).
 *
 * Why words rather than the whole body as one string: a body-wide alignment lets a short query
 * match letters scattered across neighbouring words, and it cannot be indexed, so it would cost a
 * full dynamic programme over every body on every keystroke. Word against word is what a typo is,
 * it also forgives word order ("license marriage"), and it lets the block index score each
 * distinct word of the library once per query word.
 */
import { foldText, foldedWords } from './fold-text';
import { localAlignmentScore } from './local-alignment';

/** The spec's threshold: a query word matches when its alignment score per character is above this. */
export const FUZZY_THRESHOLD = 1.2;

/**
 * True when `score / length > 1.2`, computed in integers (5 * score > 6 * length) so that the
 * boundary is exact: 6 / 5 is not above 1.2, whatever floating point would say.
 */
export function clearsFuzzyThreshold(score: number, length: number): boolean {
  return 5 * score > 6 * length;
}

/** The folded words of a query, as the fuzzy tier reads them. */
export function fuzzyQueryWords(query: string): string[] {
  return foldedWords(foldText(query));
}

/**
 * Fuzzy score of already folded `queryWords` against the distinct folded words of a text: 0 when
 * some query word does not match, else the sum of best scores over the sum of query word lengths.
 */
export function fuzzyWordsScore(queryWords: readonly string[], textWords: Iterable<string>): number {
  if (queryWords.length === 0) return 0;
  const words = [...new Set(textWords)];
  let total = 0;
  let length = 0;
  for (const q of queryWords) {
    let best = 0;
    for (const w of words) {
      const s = localAlignmentScore(q, w);
      if (s > best) best = s;
    }
    if (!clearsFuzzyThreshold(best, q.length)) return 0;
    total += best;
    length += q.length;
  }
  return total / length;
}

/** Fuzzy score of `query` against `text` (both raw): see the module comment. 0 means no match. */
export function fuzzyScore(query: string, text: string): number {
  return fuzzyWordsScore(fuzzyQueryWords(query), foldedWords(foldText(text)));
}
