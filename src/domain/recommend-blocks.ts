/**
 * Block recommendations for the open email (rules §9), recomputed whenever the host reports a
 * changed body, so it runs often and must cost little.
 * - Each block scores similarity(main part, block) + 0.5 x similarity(quoted part, block)
 *   (`email-parts.ts`, `recommendation-score.ts`). The 5 best are ranked, never a block sharing no
 *   term; ties by name, then input order (`rankBlocks`). Only strong enough matches are
 *   recommended (`recommendation-strength.ts`), each naming the words it matched, most telling first.
 * - Typos: an email word no block uses, of at least `TYPO_MIN_LENGTH` letters, counts as the block
 *   word one edit away (of several, the one most blocks use, then the first alphabetically).
 * - The index keeps each term's blocks with their precomputed BM25 impact: an email touches only
 *   the blocks sharing a term, and no block body is read again.
 * - What the team's past choices add (`learned-ranking.ts`) is added before the 5 are picked, to
 *   blocks the email's own words reach, and is no strength for the filter: learning only reorders.
 *   Why: docs/decisions/recommendation-ranking.md, docs/decisions/recommendation-evidence.md.
 */
import type { Block } from './types';
import { toBlockCorpus, type BlockCorpus } from './block-corpus';
import { foldedWords } from './fold-text';
import { splitEmail } from './email-parts';
import { textSimilarityWords } from './similarity-words';
import { ENGLISH_WORDS, type LanguageWords } from './language-words';
import { EXAMPLE_WEIGHT, NAME_WEIGHT, maxTermImpact, recommendationScore, termImpact, termRarity } from './recommendation-score';
import { LEARNED_ALONE } from './learned-ranking';
import { GUESSED_EVIDENCE, OWN_EVIDENCE, isCommonTerm, isStrongEnough } from './recommendation-strength';
import {
  CALENDAR,
  COMMON,
  TELLING,
  TYPO_MIN_LENGTH,
  termOfEmailWord,
  type RecommendationInternals,
  type RecommendationHints,
  type TermWeigher,
} from './recommendation-internals';

export { TYPO_MIN_LENGTH, isOneEditApart, termOfEmailWord, type RecommendationHints, type RecommendationInternals, type TermWeigher } from './recommendation-internals';

/** At most this many blocks are recommended (rules §9). */
export const MAX_RECOMMENDATIONS = 5;
/** At most this many matched words are named per recommendation. */
export const MAX_MATCHED_WORDS = 3;
export interface Recommendation<B extends Block = Block> {
  readonly block: B;
  readonly score: number;
  /** The email's words that the block matched, as the email wrote them (lower-cased), most telling first. */
  readonly matched: readonly string[];
}

/** What `buildRecommendationIndex` returns; only `blocks` is meant to be read. */
export interface RecommendationIndex<B extends Block = Block> {
  /** The indexed blocks, duplicates by `_id` removed, in input order. */
  readonly blocks: readonly B[];
  /** @internal Postings and scratch space; not part of the API. */
  readonly internal: RecommendationInternals;
}

/**
 * Builds the recommendation index of `source`, a block list or a corpus prepared with
 * `buildBlockCorpus` (pass the corpus when search is built from the same list). With `hints`, email
 * words the blocks do not use count, discounted, for the block words they mean (`meaning-hints.ts`).
 * `words` are the rules of the language the blocks and the emails are read in (English by default).
 */
export function buildRecommendationIndex<B extends Block>(
  source: readonly B[] | BlockCorpus<B>,
  hints?: RecommendationHints | null,
  words: LanguageWords = ENGLISH_WORDS,
): RecommendationIndex<B> {
  const corpus = toBlockCorpus(source);
  const { isWord, termOf, isCalendarTerm } = words;
  const n = corpus.blocks.length;
  const wordTerm = new Map<string, number>();
  const termId = new Map<string, number>();
  const termOfWord = (word: string): number => {
    let t = wordTerm.get(word);
    if (t !== undefined) return t;
    if (isWord(word)) {
      const stem = termOf(word);
      t = termId.get(stem);
      if (t === undefined) {
        t = termId.size;
        termId.set(stem, t);
      }
    } else t = -1;
    wordTerm.set(word, t);
    return t;
  };

  // Name-weighted term frequencies of every block, and its length in terms.
  const frequencies: Array<Map<number, number>> = [];
  const nameTerms: Array<Set<number>> = [];
  const lengths = new Float64Array(n);
  let totalLength = 0;
  for (let b = 0; b < n; b += 1) {
    const frequency = new Map<number, number>();
    let length = 0;
    const count = (text: string, weight: number, seen?: Set<number>): void => {
      for (const word of foldedWords(text)) {
        const t = termOfWord(word);
        if (t < 0) continue;
        frequency.set(t, (frequency.get(t) ?? 0) + weight);
        length += weight;
        seen?.add(t);
      }
    };
    const named = new Set<number>();
    count(corpus.bodies[b] as string, 1);
    count(corpus.names[b] as string, NAME_WEIGHT, named);
    nameTerms.push(named);
    count(corpus.examples[b] as string, EXAMPLE_WEIGHT);
    frequencies.push(frequency);
    lengths[b] = length;
    totalLength += length;
  }
  const averageLength = n > 0 ? totalLength / n : 0;

  // Postings in compressed rows: count each term's blocks, then fill in block order.
  const terms = termId.size;
  const postingStart = new Uint32Array(terms + 1);
  for (const frequency of frequencies) for (const t of frequency.keys()) postingStart[t + 1] = (postingStart[t + 1] as number) + 1;
  for (let t = 0; t < terms; t += 1) postingStart[t + 1] = (postingStart[t + 1] as number) + (postingStart[t] as number);
  const rarity = new Float64Array(terms);
  for (let t = 0; t < terms; t += 1) rarity[t] = termRarity((postingStart[t + 1] as number) - (postingStart[t] as number), n);
  const kind = new Uint8Array(terms);
  for (const [stem, t] of termId) {
    const df = (postingStart[t + 1] as number) - (postingStart[t] as number);
    kind[t] = isCalendarTerm(stem) ? CALENDAR : isCommonTerm(df, n) ? COMMON : TELLING;
  }
  const postings = new Uint32Array(postingStart[terms] as number);
  const impact = new Float32Array(postings.length);
  const inName = new Uint8Array(postings.length);
  const fill = postingStart.slice(0, terms);
  frequencies.forEach((frequency, b) => {
    for (const [t, tf] of frequency) {
      const k = fill[t] as number;
      fill[t] = k + 1;
      postings[k] = b;
      impact[k] = termImpact(rarity[t] as number, tf, lengths[b] as number, averageLength);
      if ((nameTerms[b] as Set<number>).has(t)) inName[k] = 1;
    }
  });

  const oneLetterShort = new Map<string, string[]>();
  for (const [word, t] of wordTerm) {
    if (t < 0 || word.length < TYPO_MIN_LENGTH) continue;
    for (let i = 0; i < word.length; i += 1) {
      const short = word.slice(0, i) + word.slice(i + 1);
      const longer = oneLetterShort.get(short);
      if (longer === undefined) oneLetterShort.set(short, [word]);
      else if (longer[longer.length - 1] !== word) longer.push(word);
    }
  }

  const internal: RecommendationInternals = {
    wordTerm,
    termId,
    oneLetterShort,
    rarity,
    kind,
    postingStart,
    postings,
    impact,
    inName,
    nameRank: corpus.nameRank,
    scores: new Float64Array(n),
    calendar: new Float64Array(n),
    words,
    weigh: null,
  };
  internal.weigh = hints ? hints(internal) : null;
  return { blocks: corpus.blocks, internal };
}

/** The distinct terms of a part, each with its first word as written. */
function partTerms(x: RecommendationInternals, text: string): Map<number, string> {
  const terms = new Map<number, string>();
  for (const { folded, surface } of textSimilarityWords(text, x.words.isWord)) {
    const t = termOfEmailWord(x, folded);
    if (t >= 0 && !terms.has(t)) terms.set(t, surface);
  }
  return terms;
}

/**
 * The email's distinct terms, main part first, each with its weight: what one unit of its BM25
 * impact adds to a block's score (1 / the main part's maximum, plus 0.5 / the quoted part's when
 * the quoted part has it too), so each term walks its postings once for both parts.
 */
export function weighTerms<T>(
  main: ReadonlyMap<T, string>,
  quoted: ReadonlyMap<T, string>,
  rarity: (term: T) => number,
): Array<{ term: T; word: string; weight: number }> {
  const maximum = (terms: ReadonlyMap<T, string>): number => {
    let sum = 0;
    for (const term of terms.keys()) sum += maxTermImpact(rarity(term));
    return sum;
  };
  const mainMaximum = maximum(main);
  const quotedMaximum = maximum(quoted);
  const weighed: Array<{ term: T; word: string; weight: number }> = [];
  for (const [term, word] of main) weighed.push({ term, word, weight: recommendationScore(1, mainMaximum, quoted.has(term) ? 1 : 0, quotedMaximum) });
  for (const [term, word] of quoted) if (!main.has(term)) weighed.push({ term, word, weight: recommendationScore(0, mainMaximum, 1, quotedMaximum) });
  return weighed;
}

/**
 * The terms the email wrote itself, in either part: a word of the blocks or another form of one,
 * not a typo's match nor a meaning hint's (those are guesses, and weaker evidence).
 */
function ownTerms(x: RecommendationInternals, parts: { main: string; quoted: string }): Set<number> {
  const own = new Set<number>();
  for (const text of [parts.main, parts.quoted]) {
    for (const { folded } of textSimilarityWords(text, x.words.isWord)) {
      const t = x.wordTerm.get(folded) ?? x.termId.get(x.words.termOf(folded));
      if (t !== undefined && t >= 0) own.add(t);
    }
  }
  return own;
}

/**
 * Adds every weighed term's impacts to the blocks' scores, and a calendar term's to their calendar
 * part too (calendar terms are few, with short postings, so this costs next to nothing).
 */
function addTerms(x: RecommendationInternals, terms: ReadonlyArray<{ term: number; weight: number }>): void {
  const { postingStart, postings, impact, scores, calendar, kind } = x;
  scores.fill(0);
  calendar.fill(0);
  for (const { term, weight } of terms) {
    const end = postingStart[term + 1] as number;
    if (kind[term] === CALENDAR) {
      for (let k = postingStart[term] as number; k < end; k += 1) {
        const b = postings[k] as number;
        const share = (impact[k] as number) * weight;
        scores[b] = (scores[b] as number) + share;
        calendar[b] = (calendar[b] as number) + share;
      }
    } else {
      for (let k = postingStart[term] as number; k < end; k += 1) {
        const b = postings[k] as number;
        scores[b] = (scores[b] as number) + (impact[k] as number) * weight;
      }
    }
  }
}

/** Where block `b` is in term `t`'s postings, -1 when the block does not use it (binary search). */
function postingOf(x: RecommendationInternals, t: number, b: number): number {
  let low = x.postingStart[t] as number;
  let high = (x.postingStart[t + 1] as number) - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const at = x.postings[mid] as number;
    if (at === b) return mid;
    if (at < b) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

/**
 * The email's words block `b` matched, by what each added to its score, what the telling ones
 * added together, and whether one of those is in the block's name (for the strength filter): one
 * look at each term's postings for all three.
 */
function matchOf(
  x: RecommendationInternals,
  b: number,
  terms: ReturnType<TermWeigher>,
  own: ReadonlySet<number>,
): { matched: string[]; telling: number; named: boolean; evidence: number; namedOwn: boolean; vouched: boolean } {
  const found: Array<{ word: string; share: number; calendar: boolean }> = [];
  let telling = 0;
  let named = false;
  let evidence = 0;
  let namedOwn = false;
  let vouched = false;
  for (const { term, word, weight, vouched: byAccount } of terms) {
    const k = postingOf(x, term, b);
    const share = k >= 0 ? (x.impact[k] as number) * weight : 0;
    if (share > 0) {
      found.push({ word, share, calendar: x.kind[term] === CALENDAR });
      if (x.kind[term] === TELLING) {
        telling += share;
        const isOwn = own.has(term);
        evidence += isOwn ? OWN_EVIDENCE : GUESSED_EVIDENCE;
        if (byAccount) vouched = true;
        if (x.inName[k] === 1) {
          named = true;
          if (isOwn) namedOwn = true;
        }
      }
    }
  }
  // A calendar word says least of why a block fits ("last", "tuesday"): named after the others.
  // A word that stood for several block words (a synonym, `meaning-hints.ts`) is named once.
  found.sort((a, c) => Number(a.calendar) - Number(c.calendar) || c.share - a.share);
  const matched = [...new Set(found.map((match) => match.word))].slice(0, MAX_MATCHED_WORDS);
  return { matched, telling, named, evidence, namedOwn, vouched };
}

/**
 * Recommends at most `limit` blocks of `index` for the plain-text `emailBody`: the best by score
 * among the blocks whose match is strong enough (`recommendation-strength.ts`); see the module comment.
 */
export function recommendBlocks<B extends Block>(
  index: RecommendationIndex<B>,
  emailBody: string,
  limit: number = MAX_RECOMMENDATIONS,
  learned?: ReadonlyMap<string, number>,
): Recommendation<B>[] {
  return selectBlocks(index, emailBody, limit, true, learned);
}

/**
 * The spec's ranking without the strength filter: every block sharing a term with the email, best
 * first, at most `limit`. What `recommendBlocks` filters; the evaluation measures one against the other.
 */
export function rankBlocks<B extends Block>(
  index: RecommendationIndex<B>,
  emailBody: string,
  limit: number = MAX_RECOMMENDATIONS,
  learned?: ReadonlyMap<string, number>,
): Recommendation<B>[] {
  return selectBlocks(index, emailBody, limit, false, learned);
}

/**
 * Adds what the team's past choices give each block (`learned-ranking.ts`: block id to score) to
 * the score of each block the email's own words reach, and returns that part of their scores: no
 * strength for the filter, so it reorders what the text supports and never raises the bar others
 * must reach. Also returns, best first, the blocks with a boost of at least `LEARNED_ALONE`: when
 * the words support no block, those are recommended on the team's choices alone.
 */
function addLearned(index: RecommendationIndex, learned: ReadonlyMap<string, number>): { added: Map<number, number>; alone: Array<{ b: number; score: number }> } {
  const added = new Map<number, number>();
  const alone: Array<{ b: number; score: number }> = [];
  const { scores, calendar } = index.internal;
  index.blocks.forEach((block, b) => {
    const boost = learned.get(block._id);
    if (!boost || !(boost > 0)) return;
    if (boost >= LEARNED_ALONE) alone.push({ b, score: boost });
    if (!((scores[b] as number) - (calendar[b] as number) > 0)) return;
    scores[b] = (scores[b] as number) + boost;
    added.set(b, boost);
  });
  alone.sort((a, c) => c.score - a.score || (index.internal.nameRank[a.b] as number) - (index.internal.nameRank[c.b] as number));
  return { added, alone };
}

function selectBlocks<B extends Block>(
  index: RecommendationIndex<B>,
  emailBody: string,
  limit: number,
  strongOnly: boolean,
  learned: ReadonlyMap<string, number> | undefined,
): Recommendation<B>[] {
  const x = index.internal;
  const parts = splitEmail(emailBody);
  const terms: ReturnType<TermWeigher> = x.weigh ? x.weigh(parts) : weighTerms(partTerms(x, parts.main), partTerms(x, parts.quoted), (t) => x.rarity[t] as number);
  addTerms(x, terms);
  const learnedParts = learned && learned.size > 0 ? addLearned(index, learned) : null;
  const learnedPart = learnedParts?.added;
  const { nameRank, scores, calendar } = x;

  // The best `limit` so far, best first; `limit` is small, so insertion beats sorting every block.
  // Meanwhile, the highest strength (score without calendar words and learning) of any block.
  const best: Array<{ b: number; score: number }> = [];
  let bestStrength = 0;
  for (let b = 0; b < index.blocks.length; b += 1) {
    const score = scores[b] as number;
    if (!(score > 0)) continue;
    const strength = score - (calendar[b] as number) - (learnedPart?.get(b) ?? 0);
    if (strength > bestStrength) bestStrength = strength;
    let at = best.length;
    while (at > 0) {
      const other = best[at - 1] as { b: number; score: number };
      if (other.score > score || (other.score === score && (nameRank[other.b] as number) < (nameRank[b] as number))) break;
      at -= 1;
    }
    if (at >= limit) continue;
    best.splice(at, 0, { b, score });
    if (best.length > limit) best.pop();
  }
  // The filter only removes from the spec's ranking: what stays keeps its order.
  const recommendations: Recommendation<B>[] = [];
  const own = strongOnly ? ownTerms(x, parts) : new Set<number>();
  for (const term of terms) if (term.vouched) own.add(term.term);
  best.forEach(({ b, score }, rank) => {
    const { matched, telling, named, evidence, namedOwn, vouched } = matchOf(x, b, terms, own);
    const strength = score - (calendar[b] as number) - (learnedPart?.get(b) ?? 0);
    if (strongOnly && !isStrongEnough({ strength, telling, named, evidence, namedOwn, vouched }, bestStrength, rank === 0)) return;
    recommendations.push({ block: index.blocks[b] as B, score, matched });
  });
  if (strongOnly && recommendations.length === 0 && learnedParts) {
    for (const { b, score } of learnedParts.alone.slice(0, limit)) recommendations.push({ block: index.blocks[b] as B, score, matched: [] });
  }
  return recommendations;
}
