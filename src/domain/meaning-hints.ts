/**
 * Meaning beyond shared words, for recommendations (`recommend-blocks.ts`): an email word or phrase
 * the blocks do not use counts, discounted, for the block words it means.
 *
 * Two sources, both read by the client from the server (`/api/accounts/{accountId}/meaning`):
 * - the account's own synonyms, edited by its admins ("absentee" means "mail ballot"): a phrase of
 *   the email, matched word by word on stems, counts for every word of what it means, at
 *   `SYNONYM_WEIGHT`; they apply wherever the phrase appears, even when the blocks use its words;
 * - related words from WordNet (synonyms and derivationally related forms of the blocks' words,
 *   derived on the server, `server/words/related-words.ts`): an email word whose stem no block
 *   uses counts for the block words it is related to, at the weight the server gives (below 1).
 * The recommendation names the email's own word ("absentee"), not the block word it stood for.
 */
import { foldCase, foldedWords } from './fold-text';
import { isSimilarityWord, termOf, textSimilarityWords } from './similarity-words';
import { maxTermImpact, recommendationScore } from './recommendation-score';
import { termOfEmailWord, type RecommendationHints, type RecommendationInternals, type TermWeigher } from './recommendation-internals';

/** What one unit of a block word's match is worth when an account's synonym brought it. */
export const SYNONYM_WEIGHT = 0.8;

export interface MeaningHints {
  readonly synonyms: ReadonlyArray<{ readonly phrase: string; readonly means: string }>;
  /** Email stem to the block stems it means, with a weight below 1. */
  readonly related: Readonly<Record<string, ReadonlyArray<readonly [string, number]>>>;
}

/** A term of the index a hint leads to, and what one unit of its match is worth. */
export interface HintedTerm {
  readonly term: number;
  readonly weight: number;
}

interface Phrase {
  /** The stems of the phrase's words after the first, in order. */
  readonly rest: readonly string[];
  readonly terms: readonly HintedTerm[];
}

/** Hints resolved against one index's terms; only what leads to a term of its blocks is kept. */
export interface PreparedHints {
  /** Email stem to terms (WordNet). */
  readonly related: ReadonlyMap<string, readonly HintedTerm[]>;
  /** First stem of an account's phrase to the phrases starting with it, longest first. */
  readonly phrases: ReadonlyMap<string, readonly Phrase[]>;
}

const stemsOf = (text: string): string[] => foldedWords(foldCase(text.toLowerCase())).map((word) => termOf(word));

/** Resolves `hints` against the index's `termId` (stem to term). */
export function prepareHints(hints: MeaningHints, termId: ReadonlyMap<string, number>): PreparedHints {
  const related = new Map<string, HintedTerm[]>();
  for (const [stem, targets] of Object.entries(hints.related)) {
    if (termId.has(stem)) continue;
    const terms: HintedTerm[] = [];
    for (const [target, weight] of targets) {
      const term = termId.get(target);
      if (term !== undefined && weight > 0) terms.push({ term, weight: Math.min(weight, 1) });
    }
    if (terms.length > 0) related.set(stem, terms);
  }
  const phrases = new Map<string, Phrase[]>();
  for (const { phrase, means } of hints.synonyms) {
    const stems = stemsOf(phrase);
    const terms: HintedTerm[] = [];
    for (const word of foldedWords(foldCase(means.toLowerCase()))) {
      if (!isSimilarityWord(word)) continue;
      const term = termId.get(termOf(word));
      if (term !== undefined && !terms.some((known) => known.term === term)) terms.push({ term, weight: SYNONYM_WEIGHT });
    }
    const [first, ...rest] = stems;
    if (first === undefined || terms.length === 0) continue;
    const list = phrases.get(first) ?? [];
    list.push({ rest, terms });
    list.sort((a, b) => b.rest.length - a.rest.length);
    phrases.set(first, list);
  }
  return { related, phrases };
}

/**
 * The terms an account's phrases in `text` lead to, each with the email's words that brought it
 * (as written, lower-cased). Every word of the text takes part, stop words too ("doing business as").
 */
export function phraseTerms(prepared: PreparedHints, text: string): Array<{ term: number; weight: number; word: string }> {
  if (prepared.phrases.size === 0) return [];
  const surfaces = foldedWords(text).map((word) => word.toLowerCase());
  const stems = surfaces.map((word) => termOf(foldCase(word)));
  const found: Array<{ term: number; weight: number; word: string }> = [];
  for (let i = 0; i < stems.length; i += 1) {
    const candidates = prepared.phrases.get(stems[i] as string);
    if (!candidates) continue;
    const phrase = candidates.find((candidate) => candidate.rest.every((stem, k) => stems[i + 1 + k] === stem));
    if (!phrase) continue;
    const word = surfaces.slice(i, i + 1 + phrase.rest.length).join(' ');
    for (const { term, weight } of phrase.terms) found.push({ term, weight, word });
  }
  return found;
}

/**
 * With hints: the part's terms as the index finds them (`partTerms` of `recommend-blocks.ts`), an unknown word's related terms before
 * its typo match, and the terms its account phrases lead to; `factor` holds what a unit of each
 * hinted term's match is worth (a term the email uses itself is worth 1 and has no entry).
 */
function hintedPartTerms(x: RecommendationInternals, hints: PreparedHints, text: string, factor: Map<number, number>, vouched: Set<number>): Map<number, string> {
  const terms = new Map<number, string>();
  const hint = (term: number, weight: number, word: string): void => {
    if (!terms.has(term)) {
      terms.set(term, word);
      factor.set(term, weight);
    } else if (factor.has(term) && (factor.get(term) as number) < weight) factor.set(term, weight);
  };
  for (const { folded, surface } of textSimilarityWords(text)) {
    const direct = x.wordTerm.get(folded) ?? x.termId.get(termOf(folded));
    if (direct !== undefined && direct >= 0) {
      if (!terms.has(direct) || factor.has(direct)) {
        terms.set(direct, surface);
        factor.delete(direct);
      }
      continue;
    }
    const related = hints.related.get(termOf(folded));
    if (related) {
      for (const { term, weight } of related) hint(term, weight, surface);
      continue;
    }
    const t = termOfEmailWord(x, folded);
    if (t >= 0 && !terms.has(t)) terms.set(t, surface);
  }
  for (const { term, weight, word } of phraseTerms(hints, text)) {
    hint(term, weight, word);
    vouched.add(term);
  }
  return terms;
}

/**
 * `weighTerms` with hints: a hinted term's weight is scaled by its factor, and each part's maximum
 * is what the email's own terms could score (hinted terms add to a score without lowering what the
 * email's own words are worth); a part with hinted terms only is measured by their scaled maximum.
 */
function weighHintedTerms(x: RecommendationInternals, hints: PreparedHints, parts: { main: string; quoted: string }): ReturnType<TermWeigher> {
  const mainFactor = new Map<number, number>();
  const quotedFactor = new Map<number, number>();
  const vouched = new Set<number>();
  const main = hintedPartTerms(x, hints, parts.main, mainFactor, vouched);
  const quoted = hintedPartTerms(x, hints, parts.quoted, quotedFactor, vouched);
  const maximum = (terms: ReadonlyMap<number, string>, factor: ReadonlyMap<number, number>): number => {
    let own = 0;
    let hinted = 0;
    for (const t of terms.keys()) {
      const f = factor.get(t);
      if (f === undefined) own += maxTermImpact(x.rarity[t] as number);
      else hinted += maxTermImpact(x.rarity[t] as number) * f;
    }
    return own + hinted;
  };
  const mainMaximum = maximum(main, mainFactor);
  const quotedMaximum = maximum(quoted, quotedFactor);
  const weighed: ReturnType<TermWeigher> = [];
  const weigh = (term: number, word: string): void => {
    const inMain = main.has(term) ? (mainFactor.get(term) ?? 1) : 0;
    const inQuoted = quoted.has(term) ? (quotedFactor.get(term) ?? 1) : 0;
    const weight = recommendationScore(inMain, mainMaximum, inQuoted, quotedMaximum);
    weighed.push(vouched.has(term) ? { term, word, weight, vouched: true } : { term, word, weight });
  };
  for (const [term, word] of main) weigh(term, word);
  for (const [term, word] of quoted) if (!main.has(term)) weigh(term, word);
  return weighed;
}

/** The hints `buildRecommendationIndex` takes: `hints` resolved against the index's terms when it is built. */
export function meaningHints(hints: MeaningHints): RecommendationHints {
  return (x) => {
    const prepared = prepareHints(hints, x.termId);
    // Hints that lead to no word of these blocks change nothing: the index weighs as without them.
    if (prepared.related.size === 0 && prepared.phrases.size === 0) return null;
    const weigh: TermWeigher = (parts) => weighHintedTerms(x, prepared, parts);
    return weigh;
  };
}
