/**
 * Block recommendations for the open email (spec §9), recomputed whenever the body changes: the
 * host reports a changed body up to every 500 ms, so this runs often and must cost little.
 *
 * Rules: the email is split at its first quoted "From:" line (`email-parts.ts`); each block scores
 * similarity(main part, body) + 0.5 x similarity(quoted part, body) over words that are not stop
 * words, numbers or header lines (`similarity-words.ts`, `recommendation-score.ts`). At most 5
 * blocks are recommended, best score first; a block sharing no word with the email is never
 * recommended. Equal scores are ordered by name (`compareNames`), then by input order.
 *
 * Speed: the index keeps, for every body word, the blocks that contain it, and each block's word
 * count. A new email body is split into its few hundred distinct words, and only blocks sharing at
 * least one of them are touched; no block body is read again.
 */
import type { Block } from './types';
import { toBlockCorpus, type BlockCorpus } from './block-corpus';
import { removeHeaderLines, splitEmailAtQuotedFrom } from './email-parts';
import { isSimilarityWord, similarityWords } from './similarity-words';
import { recommendationScore } from './recommendation-score';

/** At most this many blocks are recommended (spec §9). */
export const MAX_RECOMMENDATIONS = 5;

export interface Recommendation<B extends Block = Block> {
  readonly block: B;
  readonly score: number;
}

/** What `buildRecommendationIndex` returns; only `blocks` is meant to be read. */
export interface RecommendationIndex<B extends Block = Block> {
  /** The indexed blocks, duplicates by `_id` removed, in input order. */
  readonly blocks: readonly B[];
  /** @internal Postings and scratch space; not part of the API. */
  readonly internal: RecommendationInternals<B>;
}

interface RecommendationInternals<B extends Block> {
  corpus: BlockCorpus<B>;
  /** Vocabulary id of every word that takes part in similarity. */
  wordId: Map<string, number>;
  /** Number of distinct similarity words in each block body. */
  blockSize: Uint32Array;
  /**
   * Scratch counters, zeroed per email (one memset is cheaper than tracking which blocks were
   * touched): words shared with the main part in the low 16 bits, with the quoted part above.
   */
  shared: Uint32Array;
}

/**
 * Added to a block's counter for a word of the main part, of the quoted part, or of both. Sixteen
 * bits hold up to 65,535 shared words per part, far more distinct words than any block body has.
 */
const IN_MAIN = 1;
const IN_QUOTED = 0x10000;

/**
 * Builds the recommendation index of `source`, a block list or a corpus prepared with
 * `buildBlockCorpus` (pass the corpus when search is built from the same list).
 */
export function buildRecommendationIndex<B extends Block>(source: readonly B[] | BlockCorpus<B>): RecommendationIndex<B> {
  const corpus = toBlockCorpus(source);
  const { vocabulary } = corpus;
  const n = corpus.blocks.length;
  const counted = new Uint8Array(vocabulary.size); // 1 for similarity words, 0 for the rest
  const wordId = new Map<string, number>();
  vocabulary.words.forEach((word, w) => {
    if (!isSimilarityWord(word)) return;
    counted[w] = 1;
    wordId.set(word, w);
  });
  const blockSize = new Uint32Array(n);
  for (let b = 0; b < n; b += 1) {
    let size = 0;
    const end = vocabulary.textWordStart[b + 1] as number;
    for (let k = vocabulary.textWordStart[b] as number; k < end; k += 1) size += counted[vocabulary.textWords[k] as number] as number;
    blockSize[b] = size;
  }
  return {
    blocks: corpus.blocks,
    internal: {
      corpus,
      wordId,
      blockSize,
      shared: new Uint32Array(n),
    },
  };
}

/** Adds `increment` to the counter of every block in `postings[start .. end)`. */
function addToBlocks(shared: Uint32Array, postings: Uint32Array, start: number, end: number, increment: number): void {
  for (let k = start; k < end; k += 1) {
    const b = postings[k] as number;
    shared[b] = (shared[b] as number) + increment;
  }
}

/**
 * Counts, for every block, the words it shares with each part of the email. Each distinct word
 * of the email walks its posting list once, even when both parts contain it.
 */
function countShared<B extends Block>(x: RecommendationInternals<B>, mainWords: ReadonlySet<string>, quotedWords: ReadonlySet<string>): void {
  const { postings, postingStart } = x.corpus.vocabulary;
  x.shared.fill(0);
  for (const word of mainWords) {
    const w = x.wordId.get(word);
    if (w === undefined) continue;
    const increment = quotedWords.has(word) ? IN_MAIN + IN_QUOTED : IN_MAIN;
    addToBlocks(x.shared, postings, postingStart[w] as number, postingStart[w + 1] as number, increment);
  }
  for (const word of quotedWords) {
    const w = mainWords.has(word) ? undefined : x.wordId.get(word);
    if (w === undefined) continue;
    addToBlocks(x.shared, postings, postingStart[w] as number, postingStart[w + 1] as number, IN_QUOTED);
  }
}

/** Recommends at most `limit` blocks of `index` for the plain-text `emailBody`; see the module comment. */
export function recommendBlocks<B extends Block>(
  index: RecommendationIndex<B>,
  emailBody: string,
  limit: number = MAX_RECOMMENDATIONS,
): Recommendation<B>[] {
  const x = index.internal;
  const { main, quoted } = splitEmailAtQuotedFrom(emailBody);
  const mainWords = similarityWords(removeHeaderLines(main));
  const quotedWords = similarityWords(removeHeaderLines(quoted));
  countShared(x, mainWords, quotedWords);

  // The best `limit` so far, best first; `limit` is small, so insertion beats sorting every block.
  const best: Array<{ b: number; score: number }> = [];
  const nameRank = x.corpus.nameRank;
  for (let b = 0; b < index.blocks.length; b += 1) {
    const counts = x.shared[b] as number;
    if (counts === 0) continue;
    const score = recommendationScore({
      sharedMain: counts & 0xffff,
      mainSize: mainWords.size,
      sharedQuoted: counts >>> 16,
      quotedSize: quotedWords.size,
      blockSize: x.blockSize[b] as number,
    });
    if (!(score > 0)) continue;
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
  return best.map(({ b, score }) => ({ block: index.blocks[b] as B, score }));
}
