/**
 * The recommendation index's internals (`recommend-blocks.ts`), shared with the meaning hints
 * (`meaning-hints.ts`): the postings and lookups an index keeps, and how an email word finds the
 * block term it stands for, typos included.
 */
import type { LanguageWords } from './language-words';

/** Kinds of term for the strength filter (see `recommendation-strength.ts`). */
export const TELLING = 0;
export const COMMON = 1;
export const CALENDAR = 2;

/** Shorter email words only match exactly or by stem (see the module comment). */
export const TYPO_MIN_LENGTH = 5;

/** @internal The index's postings and lookups, for `meaning-hints.ts`. */
export interface RecommendationInternals {
  /** Term id of every folded word of the blocks' bodies and names that takes part in similarity. */
  wordTerm: Map<string, number>;
  /** Term id of every stem. */
  termId: Map<string, number>;
  /** Each known word of at least `TYPO_MIN_LENGTH` letters with one letter deleted, to those words. */
  oneLetterShort: Map<string, string[]>;
  rarity: Float64Array;
  /** What term `t` is to the strength filter (`recommendation-strength.ts`): `TELLING`, `COMMON` or `CALENDAR`. */
  kind: Uint8Array;
  /** Blocks using term `t`: `postings[postingStart[t] .. postingStart[t + 1])`, ascending, with the term's BM25 impact there. */
  postingStart: Uint32Array;
  postings: Uint32Array;
  impact: Float32Array;
  /** 1 where the posting's term is in the block's name, else 0. */
  inName: Uint8Array;
  nameRank: Uint32Array;
  /** Scratch, zeroed per email: each block's score, and the part of it that calendar terms earned. */
  scores: Float64Array;
  calendar: Float64Array;
  /** The language whose words and stems the index holds (`language-words.ts`). */
  words: LanguageWords;
  /** Weighs an email's terms in place of `weighTerms` when the index was built with hints; else null. */
  weigh: TermWeigher | null;
}

/**
 * An email's weighed terms, as `weighTerms` gives them, from its main and quoted parts; `vouched`
 * marks a term the account's own synonyms led to, which counts as evidence like a word the email wrote.
 */
export type TermWeigher = (parts: { main: string; quoted: string }) => Array<{ term: number; word: string; weight: number; vouched?: boolean }>;
/** Hints for an index (`meaning-hints.ts`): given the index's internals, how to weigh an email's terms (null: as without hints). */
export type RecommendationHints = (internals: RecommendationInternals) => TermWeigher | null;

/**
 * The term an email word stands for: the same word, another form of it, or the block word one typo
 * away (`isOneEditApart`) that most blocks use, ties by the word (alphabetical).
 */
export function termOfEmailWord(x: RecommendationInternals, word: string): number {
  const known = x.wordTerm.get(word);
  if (known !== undefined) return known;
  const byStem = x.termId.get(x.words.termOf(word));
  if (byStem !== undefined) return byStem;
  if (word.length < TYPO_MIN_LENGTH) return -1;
  // Candidates share a one-letter deletion with the word, or are one: a superset of one edit away.
  const candidates = new Set<string>(x.oneLetterShort.get(word));
  for (let i = 0; i < word.length; i += 1) {
    const short = word.slice(0, i) + word.slice(i + 1);
    if ((x.wordTerm.get(short) ?? -1) >= 0) candidates.add(short);
    for (const candidate of x.oneLetterShort.get(short) ?? []) candidates.add(candidate);
  }
  let best = -1;
  let bestWord = '';
  let bestUse = -1;
  for (const candidate of candidates) {
    if (candidate.length < TYPO_MIN_LENGTH || !isOneEditApart(word, candidate)) continue;
    const t = x.wordTerm.get(candidate) as number;
    const use = (x.postingStart[t + 1] as number) - (x.postingStart[t] as number);
    if (use > bestUse || (use === bestUse && candidate < bestWord)) {
      best = t;
      bestWord = candidate;
      bestUse = use;
    }
  }
  return best;
}

/** True when `a` and `b` differ by one letter missing, extra or replaced, or two adjacent ones swapped. */
export function isOneEditApart(a: string, b: string): boolean {
  if (a === b) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long.length - short.length > 1) return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i += 1;
  if (short.length < long.length) return short.slice(i) === long.slice(i + 1);
  if (short.slice(i + 1) === long.slice(i + 1)) return true;
  return short[i] === long[i + 1] && short[i + 1] === long[i] && short.slice(i + 2) === long.slice(i + 2);
}
