/**
 * Best local alignment score (Smith-Waterman) with the spec's scoring: +2 for each matching
 * character, -1 for each mismatch and for each gap character (rules §9 "Fuzzy match").
 *
 * "Local" means the best-scoring pair of substrings is used, so leading and trailing parts that do
 * not fit cost nothing: "registraton" against "registration" scores 21 (11 matches, one gap),
 * "teh" against "the" scores 3 ("t" "h"/"e" aligned with one gap), "" against anything scores 0.
 * Both inputs are compared code unit by code unit; callers fold them first.
 */

export const MATCH_SCORE = 2;
export const MISMATCH_SCORE = -1;
export const GAP_SCORE = -1;

let row = new Int32Array(64);

/**
 * Scores `query` against `text`. The dynamic programme keeps one row of `query.length + 1` cells,
 * so the cost is `query.length * text.length` steps and no allocation for queries under 64 characters.
 */
export function localAlignmentScore(query: string, text: string): number {
  return localAlignmentInRange(query, text, 0, text.length);
}

/**
 * Scores `query` against `text.slice(start, end)` without making the slice, so an index can keep
 * all its words in one string and align against each in place.
 */
export function localAlignmentInRange(query: string, text: string, start: number, end: number): number {
  const m = query.length;
  if (m === 0 || end <= start) return 0;
  if (row.length < m + 1) row = new Int32Array(m + 1);
  const h = row; // h[i]: best score of an alignment ending at query[i - 1] and the previous text character
  h.fill(0, 0, m + 1);
  let best = 0;
  for (let j = start; j < end; j += 1) {
    const c = text.charCodeAt(j);
    let diagonal = 0; // ends at query[i - 2] and text[j - 1]
    let above = 0; // ends at query[i - 2] and text[j]: computed just before in this column
    for (let i = 1; i <= m; i += 1) {
      const previous = h[i] as number; // ends at query[i - 1] and text[j - 1]
      let score = diagonal + (query.charCodeAt(i - 1) === c ? MATCH_SCORE : MISMATCH_SCORE);
      if (previous + GAP_SCORE > score) score = previous + GAP_SCORE; // text[j] against a gap
      if (above + GAP_SCORE > score) score = above + GAP_SCORE; // query[i - 1] against a gap
      if (score < 0) score = 0;
      h[i] = score;
      if (score > best) best = score;
      diagonal = previous;
      above = score;
    }
  }
  return best;
}
