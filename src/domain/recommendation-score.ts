/**
 * The recommendation score of rules §9: similarity of the email's main part to the block, plus 0.5
 * times the similarity of the quoted remainder. Similarity is Okapi BM25 (`BM25_K1`, `BM25_B`,
 * BM25's always-positive idf) over the terms of `similarity-words.ts`:
 * - each email term counts once per part; a block's name is a field worth `NAME_WEIGHT` times its
 *   body, its example questions `EXAMPLE_WEIGHT` times;
 * - each part's sum is divided by the most that part could score (every known term at full
 *   saturation), so it lies between 0 and 1 whatever the part's length. Terms no block uses are
 *   left out of both.
 * Why BM25 and this normalisation: docs/decisions/recommendation-ranking.md.
 */

/** Weight of the quoted remainder relative to the main part (rules §9). */
export const QUOTED_PART_WEIGHT = 0.5;
/** BM25 term-frequency saturation and length normalisation. */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;
/** An occurrence in a block's name counts as this many occurrences in its body. */
export const NAME_WEIGHT = 3;
/** An occurrence in a block's example questions counts as this many occurrences in its body. */
export const EXAMPLE_WEIGHT = 1;

/** BM25's rarity (idf) of a term used by `df` of `n` blocks. */
export function termRarity(df: number, n: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/**
 * What one term contributes to one block's BM25 score: `frequency` is its (name-weighted) count
 * in the block, `length` the block's (name-weighted) term count, `averageLength` the mean of those.
 */
export function termImpact(rarity: number, frequency: number, length: number, averageLength: number): number {
  const norm = BM25_K1 * (1 - BM25_B + (BM25_B * length) / (averageLength || 1));
  return (rarity * frequency * (BM25_K1 + 1)) / (frequency + norm);
}

/** The most a term can contribute to any block: its impact as the frequency grows without bound. */
export function maxTermImpact(rarity: number): number {
  return rarity * (BM25_K1 + 1);
}

/** A part's similarity: its BM25 sum over the most that part could score, 0 when it has no known term. */
export function partSimilarity(bm25: number, partMaximum: number): number {
  return partMaximum > 0 ? bm25 / partMaximum : 0;
}

/** similarity(main, block) + 0.5 x similarity(quoted, block), from the parts' BM25 sums and maxima. */
export function recommendationScore(main: number, mainMaximum: number, quoted: number, quotedMaximum: number): number {
  return partSimilarity(main, mainMaximum) + QUOTED_PART_WEIGHT * partSimilarity(quoted, quotedMaximum);
}
