/**
 * How often Recommended offers the block that answers an email: the hand-written emails of
 * `sets/recommend-emails.ts` against every demo block the Outlook add-in shows (the same block
 * objects the seed inserts, `DEMO_BLOCKS`), through the product's own index.
 *
 * Reported: top-1 (the first recommendation answers the email), top-3 (one of the three Home
 * shows before "Show more" does), the mean reciprocal rank over the 5 recommendations (0 when none
 * answers), n, and the target top-3 >= 0.90.
 */
import type { Block } from '../../src/domain/types';
import { buildRecommendationIndex, recommendBlocks } from '../../src/domain/recommend-blocks';
import { DEMO_ACCOUNT, DEMO_BLOCKS, DEMO_TEAMS } from '../../server/seed/demo-data';
import type { BenchTable } from '../report';
import { median, percentile, progress, round3, settle, timed } from '../stats';
import type { EvalSection } from './section';
import { RECOMMEND_EMAILS, type EvalEmail } from './sets/recommend-emails';

const TARGET_TOP3 = 0.9;

/** The demo blocks as the Outlook add-in receives them (the seed's rows, ids by position). */
export function outlookDemoBlocks(): Block[] {
  return DEMO_BLOCKS.map((block, i) => ({
    _id: `demo-block-${i + 1}`,
    name: block.name,
    body: block.body,
    categories: block.categories,
    account: DEMO_ACCOUNT.id,
    team: DEMO_TEAMS[block.team].id,
    supportedContexts: block.contexts,
    cc: block.cc,
    subjectLine: block.subjectLine,
    attachments: block.attachments,
  })).filter((block) => block.supportedContexts.includes('outlook'));
}

export interface RecommendScores {
  n: number;
  top1: number;
  top3: number;
  mrr: number;
  /** Emails whose answer is not in the first 3: id, expected, and what was recommended. */
  misses: string[];
}

/** Scores `recommend` on `emails`; every label must name a block of `blocks`. */
export function scoreRecommendations(
  blocks: readonly Block[],
  emails: readonly EvalEmail[],
  recommend: (body: string) => ReadonlyArray<{ block: Block; matched?: readonly string[] }>,
): RecommendScores {
  const names = new Set(blocks.map((block) => block.name));
  let top1 = 0;
  let top3 = 0;
  let reciprocal = 0;
  const misses: string[] = [];
  for (const email of emails) {
    for (const label of email.relevant) if (!names.has(label)) throw new Error(`${email.id}: no Outlook demo block is named "${label}"`);
    const shown = recommend(email.body).map((r) => r.block.name);
    const rank = shown.findIndex((name) => email.relevant.includes(name));
    if (rank === 0) top1 += 1;
    if (rank >= 0 && rank < 3) top3 += 1;
    else misses.push(`${email.id}: wanted ${email.relevant.join(' or ')}; got ${shown.slice(0, 3).join(', ') || 'nothing'}`);
    if (rank >= 0) reciprocal += 1 / (rank + 1);
  }
  const n = emails.length;
  return { n, top1: round3(top1 / n), top3: round3(top3 / n), mrr: round3(reciprocal / n), misses };
}

export async function evaluateRecommendations(): Promise<EvalSection> {
  const blocks = outlookDemoBlocks();
  const index = buildRecommendationIndex(blocks);
  progress(`recommend eval: ${RECOMMEND_EMAILS.length} emails`);
  const scores = scoreRecommendations(blocks, RECOMMEND_EMAILS, (body) => recommendBlocks(index, body));
  const met = scores.top3 >= TARGET_TOP3;
  // Time per email at the demo's size, after the scoring pass above warmed the code up.
  await settle(200);
  const samples = RECOMMEND_EMAILS.map((email) => timed(() => recommendBlocks(index, email.body)).ms);
  const table: BenchTable = {
    title: `Recommendations: ${scores.n} hand-written emails against the ${blocks.length} Outlook demo blocks`,
    rows: [{ engine: 'cannery index, per email', n: samples.length, median_ms: round3(median(samples)), p95_ms: round3(percentile(samples, 0.95)), ratio: '1.0x' }],
    notes: [
      `top-1 ${scores.top1}, top-3 ${scores.top3}, MRR ${scores.mrr} (n = ${scores.n})`,
      `target: top-3 >= ${TARGET_TOP3}: ${met ? 'met' : 'NOT MET'}`,
      ...scores.misses.map((miss) => `not in the first 3: ${miss}`),
    ],
  };
  return {
    results: {
      method: 'BM25 (k1 1.2, b 0.75), Porter stems, name field x3, quoted part x0.5, one-typo matching',
      n: scores.n,
      blocks: blocks.length,
      top1: scores.top1,
      top3: scores.top3,
      mrr: scores.mrr,
      median_ms: round3(median(samples)),
      misses: scores.misses,
      targets: { top3: TARGET_TOP3 },
      met,
    },
    table,
  };
}
