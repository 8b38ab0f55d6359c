/**
 * The recommendation score of spec §9: similarity of the email's main part to the block body,
 * plus 0.5 times the similarity of the quoted remainder.
 *
 * The spec says "word-overlap similarity" without a formula. Decision: the cosine of the two sets
 * of distinct similarity words (`similarity-words.ts`), shared / sqrt(|email words| x |block words|),
 * which is 1 for identical sets and 0 with nothing in common. Plain shared-word counts would
 * favour the longest blocks, which share a few words with every email; dividing by the union
 * (Jaccard) would punish a short block for a long email. The cosine weighs both sides evenly.
 */

/** Weight of the quoted remainder relative to the main part (spec §9). */
export const QUOTED_PART_WEIGHT = 0.5;

/** Cosine similarity of two word sets given their sizes and the number of words they share. */
export function wordOverlapSimilarity(shared: number, sizeA: number, sizeB: number): number {
  if (shared === 0 || sizeA === 0 || sizeB === 0) return 0;
  return shared / Math.sqrt(sizeA * sizeB);
}

/** Number of members of `a` that are also in `b`. */
export function sharedCount(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const word of small) if (large.has(word)) shared += 1;
  return shared;
}

/** What the score of one block is computed from. */
export interface OverlapCounts {
  /** Words the main part shares with the block, and the main part's word count. */
  sharedMain: number;
  mainSize: number;
  /** Words the quoted part shares with the block, and the quoted part's word count. */
  sharedQuoted: number;
  quotedSize: number;
  /** The block body's word count. */
  blockSize: number;
}

/** similarity(main, block) + 0.5 x similarity(quoted, block). */
export function recommendationScore(counts: OverlapCounts): number {
  return (
    wordOverlapSimilarity(counts.sharedMain, counts.mainSize, counts.blockSize) +
    QUOTED_PART_WEIGHT * wordOverlapSimilarity(counts.sharedQuoted, counts.quotedSize, counts.blockSize)
  );
}
