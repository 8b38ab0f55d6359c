/**
 * The straightforward recommendation implementation the index is measured against: the same
 * formula (`weighTerms`, BM25 impacts), the same words and the same typo rule, without an inverted
 * index. Fair to it: every
 * block's terms are prepared once (`prepareBaselineBlocks`, not timed per email, as the index's
 * build is not), and each email then scores every block by looking its terms up in that block's
 * own term table, as code without postings would do on each 500 ms poll. It applies the same
 * strength filter (`recommendation-strength.ts`) to its 5 best, unless `strongOnly` is false.
 */
import type { Block } from '../src/domain/types';
import { htmlToText } from '../src/domain/html-to-text';
import { foldText, foldedWords } from '../src/domain/fold-text';
import { splitEmail } from '../src/domain/email-parts';
import { isSimilarityWord, termOf, textSimilarityWords } from '../src/domain/similarity-words';
import { EXAMPLE_WEIGHT, NAME_WEIGHT, termImpact, termRarity } from '../src/domain/recommendation-score';
import { compareNames } from '../src/domain/compare-names';
import { GUESSED_EVIDENCE, OWN_EVIDENCE, isCalendarTerm, isCommonTerm, isStrongEnough } from '../src/domain/recommendation-strength';
import { MAX_MATCHED_WORDS, MAX_RECOMMENDATIONS, TYPO_MIN_LENGTH, isOneEditApart, weighTerms, type Recommendation } from '../src/domain/recommend-blocks';

export interface BaselineBlocks<B extends Block> {
  blocks: readonly B[];
  /** Name-weighted frequency of each term (stem) in each block, and the block's length. */
  frequencies: Array<Map<string, number>>;
  /** The terms of each block's name. */
  nameTerms: Array<Set<string>>;
  lengths: number[];
  averageLength: number;
  /** Number of blocks using each term. */
  use: Map<string, number>;
  /** Every similarity word of the blocks. */
  words: Set<string>;
}

/** Prepares the blocks' terms once; duplicates by `_id` are dropped, as the index does. */
export function prepareBaselineBlocks<B extends Block>(all: readonly B[]): BaselineBlocks<B> {
  const ids = new Set<string>();
  const blocks = all.filter((block) => !ids.has(block._id) && ids.add(block._id) !== undefined);
  const words = new Set<string>();
  const use = new Map<string, number>();
  const nameTerms: Array<Set<string>> = [];
  const frequencies = blocks.map((block) => {
    const frequency = new Map<string, number>();
    const count = (text: string, weight: number, seen?: Set<string>): void => {
      for (const word of foldedWords(foldText(text))) {
        if (!isSimilarityWord(word)) continue;
        words.add(word);
        const term = termOf(word);
        frequency.set(term, (frequency.get(term) ?? 0) + weight);
        seen?.add(term);
      }
    };
    const named = new Set<string>();
    count(htmlToText(block.body), 1);
    count(block.name, NAME_WEIGHT, named);
    nameTerms.push(named);
    count((block.examples ?? []).join('\n'), EXAMPLE_WEIGHT);
    for (const term of frequency.keys()) use.set(term, (use.get(term) ?? 0) + 1);
    return frequency;
  });
  const lengths = frequencies.map((frequency) => [...frequency.values()].reduce((sum, tf) => sum + tf, 0));
  const averageLength = lengths.length > 0 ? lengths.reduce((a, b) => a + b, 0) / lengths.length : 0;
  return { blocks, frequencies, nameTerms, lengths, averageLength, use, words };
}

/** The term of an email word: by stem, else the block word one edit away that most blocks use. */
function termOfWord<B extends Block>(prepared: BaselineBlocks<B>, word: string): string | null {
  const stem = termOf(word);
  if (prepared.use.has(stem)) return stem;
  if (word.length < TYPO_MIN_LENGTH) return null;
  let best: { word: string; use: number } | null = null;
  for (const candidate of prepared.words) {
    if (candidate.length < TYPO_MIN_LENGTH || !isOneEditApart(word, candidate)) continue;
    const use = prepared.use.get(termOf(candidate)) ?? 0;
    if (best === null || use > best.use || (use === best.use && candidate < best.word)) best = { word: candidate, use };
  }
  return best === null ? null : termOf(best.word);
}

function partTerms<B extends Block>(prepared: BaselineBlocks<B>, text: string): Map<string, string> {
  const terms = new Map<string, string>();
  for (const { folded, surface } of textSimilarityWords(text)) {
    const term = termOfWord(prepared, folded);
    if (term !== null && !terms.has(term)) terms.set(term, surface);
  }
  return terms;
}

export function recommendBlocksBaseline<B extends Block>(prepared: BaselineBlocks<B>, emailBody: string, strongOnly = true): Recommendation<B>[] {
  const n = prepared.blocks.length;
  const rarity = (term: string): number => termRarity(prepared.use.get(term) ?? 0, n);
  const { main, quoted } = splitEmail(emailBody);
  const terms = weighTerms(partTerms(prepared, main), partTerms(prepared, quoted), rarity);
  // The terms the email wrote itself (by stem), not reached through a typo.
  const own = new Set(textSimilarityWords(`${main}\n${quoted}`).map(({ folded }) => termOf(folded)).filter((stem) => prepared.use.has(stem)));
  const scored: Array<{ block: B; score: number; position: number; matched: string[]; strength: number; telling: number; named: boolean; evidence: number; namedOwn: boolean }> = [];
  prepared.blocks.forEach((block, position) => {
    const frequency = prepared.frequencies[position] as Map<string, number>;
    const length = prepared.lengths[position] as number;
    const matches: Array<{ word: string; share: number; calendar: boolean }> = [];
    let score = 0;
    let calendar = 0;
    let telling = 0;
    let named = false;
    let evidence = 0;
    let namedOwn = false;
    for (const { term, word, weight } of terms) {
      const tf = frequency.get(term);
      if (tf === undefined) continue;
      // Rounded to single precision, as the index stores impacts, so both add the same numbers.
      const share = Math.fround(termImpact(rarity(term), tf, length, prepared.averageLength)) * weight;
      score += share;
      if (isCalendarTerm(term)) calendar += share;
      else if (!isCommonTerm(prepared.use.get(term) ?? 0, n)) {
        telling += share;
        evidence += own.has(term) ? OWN_EVIDENCE : GUESSED_EVIDENCE;
        if ((prepared.nameTerms[position] as Set<string>).has(term)) {
          named = true;
          if (own.has(term)) namedOwn = true;
        }
      }
      matches.push({ word, share, calendar: isCalendarTerm(term) });
    }
    if (score > 0) {
      const matched = matches.sort((a, b) => Number(a.calendar) - Number(b.calendar) || b.share - a.share).slice(0, MAX_MATCHED_WORDS).map((m) => m.word);
      scored.push({ block, score, position, matched, strength: score - calendar, telling, named, evidence, namedOwn });
    }
  });
  scored.sort((a, b) => b.score - a.score || compareNames(a.block.name, b.block.name) || a.position - b.position);
  const bestStrength = Math.max(0, ...scored.map((s) => s.strength));
  return scored
    .slice(0, MAX_RECOMMENDATIONS)
    .filter((s, rank) => !strongOnly || isStrongEnough(s, bestStrength, rank === 0))
    .map(({ block, score, matched }) => ({ block, score, matched }));
}
