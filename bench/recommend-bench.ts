/**
 * Recommendations for a 2 KB email with a quoted thread against 10,000 blocks: time per new email
 * body with the index as Home uses it (with hints: WordNet's related words for these blocks, derived
 * by the server's code, and the demo account's synonyms), against the current scorer (the same
 * index without hints, the code path every account took before hints) and the straightforward
 * implementation (`baseline-recommend.ts`), and the one-off index build and related-word derivation. Both are timed the same way: their blocks prepared once, the same
 * warm-up, then every email of the same list timed one call at a time, the same number of rounds.
 * The unfiltered ranking (`rankBlocks`) is timed alongside, so the strength filter's cost shows.
 */
import { buildRecommendationIndex, rankBlocks, recommendBlocks } from '../src/domain/recommend-blocks';
import { meaningHints } from '../src/domain/meaning-hints';
import { blockVocabulary, relatedStems } from '../server/words/related-words';
import { loadWordNet } from '../server/words/wordnet';
import { DEMO_SYNONYMS } from '../server/seed/synonyms';
import { generateBlocks, generateEmails } from './corpus';
import { prepareBaselineBlocks, recommendBlocksBaseline } from './baseline-recommend';
import { median, percentile, progress, round3, settle, timed } from './stats';
import type { BenchTable } from './report';

export interface RecommendResults {
  n: number;
  emails: number;
  email_chars_median: number;
  median_ms: number;
  p95_ms: number;
  /** The index with hints (WordNet + the demo account's synonyms), as Home recommends. */
  hinted_median_ms: number;
  hinted_p95_ms: number;
  /** hinted_median_ms / median_ms: what hints cost over the current scorer. */
  hints_cost_ratio: number;
  /** WordNet load (first use) and related words of the blocks' vocabulary, on the server. */
  wordnet_load_ms: number;
  related_ms: number;
  related_stems: number;
  hinted_index_build_ms: number;
  /** The same index without the strength filter. */
  unfiltered_median_ms: number;
  /** median_ms / unfiltered_median_ms: what the filter costs. */
  filter_cost_ratio: number;
  baseline_runs: number;
  baseline_median_ms: number;
  baseline_prepare_ms: number;
  speedup: number;
  index_build_ms: number;
  same_results_as_baseline: boolean;
  targets: { median_ms: number; met: boolean };
}

const BLOCKS = 10_000;
const EMAILS = 60;
const ROUNDS = 3;
const WARM_UP_ROUNDS = 15;

export async function runRecommendBench(): Promise<{ results: RecommendResults; table: BenchTable }> {
  const blocks = generateBlocks(BLOCKS);
  const emails = generateEmails(EMAILS);

  progress('recommend: building the index');
  const build = timed(() => buildRecommendationIndex(blocks));
  const index = build.value;

  progress('recommend: WordNet related words of the blocks');
  const loadStarted = performance.now();
  const wordNet = await loadWordNet();
  const load = { ms: performance.now() - loadStarted };
  const related = timed(() => relatedStems(wordNet, blockVocabulary(blocks)));
  const hintedBuild = timed(() => buildRecommendationIndex(blocks, meaningHints({ synonyms: DEMO_SYNONYMS.map((s) => ({ ...s })), related: related.value })));
  const hinted = hintedBuild.value;

  progress('recommend: preparing the baseline');
  const prepare = timed(() => prepareBaselineBlocks(blocks));
  const prepared = prepare.value;

  // Warm up on emails that are not measured, long enough for V8 to optimise the hot loops: the
  // add-in runs this on every body change all day, so the steady state is what users get.
  const warmUp = generateEmails(20, 99);
  for (let round = 0; round < WARM_UP_ROUNDS; round += 1) {
    for (const email of warmUp) {
      recommendBlocks(index, email);
      recommendBlocks(hinted, email);
      rankBlocks(index, email);
    }
  }
  for (const email of warmUp) recommendBlocksBaseline(prepared, email);
  await settle();

  progress(`recommend: ${EMAILS} emails x ${ROUNDS} rounds, index and baseline`);
  const samples: number[] = [];
  const hintedSamples: number[] = [];
  const unfilteredSamples: number[] = [];
  const baselineSamples: number[] = [];
  let same = true;
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [i, email] of emails.entries()) {
      // The filtered and unfiltered calls take turns going first: the second of two calls on the
      // same email finds its words' stems and postings warm.
      const unfilteredFirst = (i + round) % 2 === 1;
      if (unfilteredFirst) unfilteredSamples.push(timed(() => rankBlocks(index, email)).ms);
      // The current scorer and the hinted index take turns going first too.
      if (round % 2 === 1) hintedSamples.push(timed(() => recommendBlocks(hinted, email)).ms);
      const fast = timed(() => recommendBlocks(index, email));
      samples.push(fast.ms);
      if (round % 2 === 0) hintedSamples.push(timed(() => recommendBlocks(hinted, email)).ms);
      if (!unfilteredFirst) unfilteredSamples.push(timed(() => rankBlocks(index, email)).ms);
      const baseline = timed(() => recommendBlocksBaseline(prepared, email));
      baselineSamples.push(baseline.ms);
      same &&=
        fast.value.length === baseline.value.length &&
        fast.value.every(
          (r, i) =>
            r.block._id === baseline.value[i]?.block._id &&
            r.score === baseline.value[i]?.score &&
            r.matched.join() === baseline.value[i]?.matched.join(),
        );
    }
  }

  const medianMs = median(samples);
  const hintedMedian = median(hintedSamples);
  const baselineMedian = median(baselineSamples);
  const unfilteredMedian = median(unfilteredSamples);
  const speedup = baselineMedian / medianMs;
  const results: RecommendResults = {
    n: BLOCKS,
    emails: EMAILS,
    email_chars_median: median(emails.map((e) => e.length)),
    median_ms: round3(medianMs),
    p95_ms: round3(percentile(samples, 0.95)),
    hinted_median_ms: round3(hintedMedian),
    hinted_p95_ms: round3(percentile(hintedSamples, 0.95)),
    hints_cost_ratio: Math.round((hintedMedian / medianMs) * 100) / 100,
    wordnet_load_ms: round3(load.ms),
    related_ms: round3(related.ms),
    related_stems: Object.keys(related.value).length,
    hinted_index_build_ms: round3(hintedBuild.ms),
    unfiltered_median_ms: round3(unfilteredMedian),
    filter_cost_ratio: Math.round((medianMs / unfilteredMedian) * 100) / 100,
    baseline_runs: baselineSamples.length,
    baseline_median_ms: round3(baselineMedian),
    baseline_prepare_ms: round3(prepare.ms),
    speedup: Math.round(speedup * 10) / 10,
    index_build_ms: round3(build.ms),
    same_results_as_baseline: same,
    targets: { median_ms: 2, met: medianMs <= 2 && hintedMedian <= 2 },
  };
  return {
    results,
    table: {
      title: `Recommendations: one new ~${results.email_chars_median}-character email body against ${BLOCKS} blocks`,
      rows: [
        { engine: 'cannery index (current scorer, no hints)', n: samples.length, median_ms: results.median_ms, p95_ms: results.p95_ms, ratio: '1.0x' },
        {
          engine: 'cannery index with hints (WordNet + synonyms)',
          n: hintedSamples.length,
          median_ms: results.hinted_median_ms,
          p95_ms: results.hinted_p95_ms,
          ratio: `${results.hints_cost_ratio}x`,
        },
        {
          engine: 'cannery index, unfiltered ranking',
          n: unfilteredSamples.length,
          median_ms: results.unfiltered_median_ms,
          p95_ms: round3(percentile(unfilteredSamples, 0.95)),
          ratio: `${Math.round((unfilteredMedian / medianMs) * 100) / 100}x`,
        },
        {
          engine: 'baseline (scan every block\'s prepared terms)',
          n: baselineSamples.length,
          median_ms: results.baseline_median_ms,
          p95_ms: round3(percentile(baselineSamples, 0.95)),
          ratio: `${results.speedup}x`,
        },
      ],
      notes: [
        `index build (one-off, per block list): ${results.index_build_ms} ms; baseline preparation: ${results.baseline_prepare_ms} ms`,
        `same recommendations, scores and matched words as the baseline: ${same ? 'yes' : 'NO'}`,
        `hints: WordNet loaded in ${results.wordnet_load_ms} ms (first use), related words of the ${BLOCKS} blocks' vocabulary in ${results.related_ms} ms (${results.related_stems} email stems), hinted index build ${results.hinted_index_build_ms} ms`,
        `target: median <= 2 ms, without and with hints: ${results.targets.met ? 'met' : 'NOT MET'}`,
      ],
    },
  };
}
