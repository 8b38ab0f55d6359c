/**
 * Recommendations for emails in Spanish beside the same questions asked in English
 * (`sets/spanish-emails.ts`: written from the blocks' names and one-line summaries only, each
 * Spanish email with an English counterpart), against every demo block (of every place: some answers are text-field blocks), as Home does it:
 * the email's language told on the device (`detect-language.ts`), then that language's index
 * (`recommend-languages.ts`). Both sides are measured on shared words only (no hints: the
 * account's synonyms and WordNet are English), so they compare like with like. Also reported: the
 * Spanish emails through the English-only scorer, what Cannery did before it knew languages.
 * Target: Spanish top-3 at least the English top-3.
 */
import type { Block } from '../../src/domain/types';
import { buildBlockCorpus } from '../../src/domain/block-corpus';
import { detectEmailLanguage } from '../../src/domain/detect-language';
import { buildLanguageRecommender } from '../../src/domain/recommend-languages';
import { DEMO_LANGUAGES } from '../../server/seed/demo-data';
import type { BenchRow } from '../report';
import { allDemoBlocks, scoreRecommendations, type RecommendScores } from './recommend';
import type { EvalSection } from './section';
import { ENGLISH_EMAILS, SPANISH_EMAILS } from './sets/spanish-emails';

function row(engine: string, s: RecommendScores, extra = ''): BenchRow {
  return { engine, n: s.n, median_ms: 0, p95_ms: null, ratio: `top-1 ${s.top1}, top-3 ${s.top3}, MRR ${s.mrr}, precision of first 3 ${s.precision3}${extra}` };
}

export function evaluateLanguageRecommendations(): Promise<EvalSection> {
  const blocks = allDemoBlocks();
  const byId = new Map(blocks.map((block) => [block._id, block]));
  const recommender = buildLanguageRecommender(blocks, buildBlockCorpus(blocks), null);
  // Scored by the block's own (English) name, whatever language it was shown in.
  const asShown = (list: ReadonlyArray<{ block: Block }>) => list.map((r) => ({ block: byId.get(r.block._id) as Block }));
  const detected = (body: string) => asShown(recommender.recommend(body, detectEmailLanguage(body, DEMO_LANGUAGES)));
  const englishOnly = (body: string) => asShown(recommender.recommend(body, 'en'));
  const answerable = <E extends { relevant: readonly string[] }>(emails: readonly E[]) => emails.filter((email) => email.relevant.length > 0);
  const spanish = scoreRecommendations(blocks, answerable(SPANISH_EMAILS), detected);
  const english = scoreRecommendations(blocks, answerable(ENGLISH_EMAILS), detected);
  const before = scoreRecommendations(blocks, answerable(SPANISH_EMAILS), englishOnly);
  const noAnswer = (emails: readonly { relevant: readonly string[]; body: string }[]) => {
    const none = emails.filter((email) => email.relevant.length === 0);
    return none.length ? Number((none.reduce((n, email) => n + detected(email.body).length, 0) / none.length).toFixed(3)) : 0;
  };
  const languagesRight = SPANISH_EMAILS.filter((email) => detectEmailLanguage(email.body, DEMO_LANGUAGES) === 'es').length;
  const met = spanish.top3 >= english.top3;
  const strip = ({ hits: _hits, misses: _misses, ...scores }: RecommendScores) => scores;
  return Promise.resolve({
    results: {
      spanish: strip(spanish),
      english: strip(english),
      spanishThroughEnglishOnly: strip(before),
      noAnswerShown: { spanish: noAnswer(SPANISH_EMAILS), english: noAnswer(ENGLISH_EMAILS) },
      spanishDetected: languagesRight / SPANISH_EMAILS.length,
      target: 'spanish.top3 >= english.top3',
      met,
    },
    table: {
      title: 'Eval: recommendations in the email\'s language (Spanish set and its English counterparts, shared words only)',
      rows: [row('English emails, English blocks', english), row('Spanish emails, Spanish variants', spanish), row('Spanish emails, English-only scorer', before)],
      notes: [
        `${SPANISH_EMAILS.length} Spanish emails, ${languagesRight} told as Spanish; ${blocks.length} demo blocks, ${blocks.filter((b) => b.variants?.length).length} with a Spanish variant`,
        `emails no block answers, mean recommended: Spanish ${noAnswer(SPANISH_EMAILS)}, English ${noAnswer(ENGLISH_EMAILS)}`,
        `target: Spanish top-3 >= English top-3: ${met ? 'met' : 'NOT MET'}`,
        ...spanish.misses.slice(0, 12).map((miss) => `miss (es) ${miss}`),
      ],
    },
  });
}
