/**
 * The fuzzy tier of search (rules §5 "Search", §9 "Fuzzy match threshold 1.2, scoring +2 per match
 * and -1 per gap or mismatch"). The threshold is relative to the length of each query word, and
 * words are compared with words:
 * - the query and the text are folded (case, diacritics) and split into words (runs of letters and
 *   digits; spaces and punctuation only separate words);
 * - a query word `q` matches when its best local alignment score (`localAlignmentScore`) against any
 *   single word of the text, divided by `q.length`, is above 1.2: about one error in three letters
 *   ("ballet" finds "ballot"; "lisence" does not find "license"; "teh" does not find "the");
 * - the text matches when every query word matches; its score, which orders fuzzy results, is the
 *   sum of the best alignment scores over the sum of the query word lengths (2 for exact words).
 * Worked examples, and why words rather than whole bodies: docs/decisions/fuzzy-matching.md.
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
