/**
 * How well a text contains a query, for ordering search results inside a tier: a match at the
 * very start of the text reads best, then one at the start of a word, then one inside a word.
 * Both arguments are folded already (`foldText`).
 */
import { isWordChar } from './fold-text';

/** 0: `text` starts with `query`; 1: it occurs at a word start; 2: only inside words; -1: absent. */
export function substringRank(text: string, query: string): -1 | 0 | 1 | 2 {
  let rank: -1 | 0 | 1 | 2 = -1;
  for (let at = text.indexOf(query); at !== -1; at = text.indexOf(query, at + 1)) {
    if (at === 0) return 0;
    if (!isWordChar(text, at - 1)) return 1;
    rank = 2;
  }
  return rank;
}
