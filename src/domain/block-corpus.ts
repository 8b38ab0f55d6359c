/**
 * The text of a block list, prepared once and shared by block search and recommendations.
 *
 * Both need every body as folded plain text and its words; on a large library that preparation
 * (stripping HTML, folding, splitting megabytes of text) is most of the cost of building either
 * index, so the app prepares it once per block list and hands the same corpus to both builders.
 */
import type { Block } from './types';
import { foldText } from './fold-text';
import { compareNames } from './compare-names';
import { htmlToText } from './html-to-text';
import { buildWordVocabulary, type WordVocabulary } from './word-vocabulary';

export interface BlockCorpus<B extends Block = Block> {
  /** The blocks, duplicates by `_id` removed (the first one is kept), in input order. */
  readonly blocks: readonly B[];
  /** Folded name of each block. */
  readonly names: readonly string[];
  /** Folded plain text of each body (HTML stripped, entities decoded, whitespace collapsed). */
  readonly bodies: readonly string[];
  /** Folded text of each block's example questions, one per line (empty when it has none). */
  readonly examples: readonly string[];
  /** The words of the bodies, with postings by block index. */
  readonly vocabulary: WordVocabulary;
  /** Block indices in name order (`compareNames`, then input order), and each block's place in it. */
  readonly byName: Uint32Array;
  readonly nameRank: Uint32Array;
}

/**
 * Prepares the text of `blocks`; see the module comment. With `variants`, each body is followed by
 * every variant's name and body, so search finds a block by any of its languages' words.
 */
export function buildBlockCorpus<B extends Block>(blocks: readonly B[], options: { variants?: boolean } = {}): BlockCorpus<B> {
  const ids = new Set<string>();
  const unique: B[] = [];
  for (const block of blocks) {
    if (ids.has(block._id)) continue;
    ids.add(block._id);
    unique.push(block);
  }
  const textOf = (block: B) =>
    options.variants && block.variants?.length
      ? [htmlToText(block.body), ...block.variants.flatMap((variant) => [variant.name, htmlToText(variant.body)])].join('\n')
      : htmlToText(block.body);
  const bodies = unique.map((block) => foldText(textOf(block)));
  const byName = Uint32Array.from(
    unique.map((_, b) => b).sort((a, b) => compareNames((unique[a] as B).name, (unique[b] as B).name) || a - b),
  );
  const nameRank = new Uint32Array(unique.length);
  byName.forEach((b, rank) => {
    nameRank[b] = rank;
  });
  return {
    blocks: unique,
    names: unique.map((block) => foldText(block.name)),
    bodies,
    examples: unique.map((block) => (block.examples ?? []).map(foldText).join('\n')),
    vocabulary: buildWordVocabulary(bodies),
    byName,
    nameRank,
  };
}

/** `source` itself when it is already a corpus, else the corpus of the block list. */
export function toBlockCorpus<B extends Block>(source: readonly B[] | BlockCorpus<B>): BlockCorpus<B> {
  return isBlockList(source) ? buildBlockCorpus(source) : source;
}

function isBlockList<B extends Block>(source: readonly B[] | BlockCorpus<B>): source is readonly B[] {
  return Array.isArray(source);
}
