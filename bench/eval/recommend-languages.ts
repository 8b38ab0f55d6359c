/**
 * Recommendations for emails in Spanish beside the same questions asked in English
 * (`sets/spanish-emails.ts`: written from the blocks' names and one-line summaries only, each
 * Spanish email with an English counterpart), against every demo block (of every place: some answers are text-field blocks), as Home does it:
 * the email's language told on the device (`detect-language.ts`), then that language's index
 * (`recommend-languages.ts`). Both sides are measured on shared words only (no hints: the
 * account's synonyms and WordNet are English), so they compare like with like. Also reported: the
 * Spanish emails through the English-only scorer, what Cannery did before it knew languages.
 * The example questions (English and Spanish) were written from the same names and summaries as
 * the emails, so, as in `recommend.ts`, the target is judged with the cautious ones only: those
 * that share no two-word sequence (stemmed, in their language) with any email of the set.
 * Target: Spanish top-3 at least the English top-3, both cautious.
 */
import type { Block } from '../../src/domain/types';
import { buildBlockCorpus } from '../../src/domain/block-corpus';
import { detectEmailLanguage } from '../../src/domain/detect-language';
import { buildLanguageRecommender } from '../../src/domain/recommend-languages';
import { DEMO_LANGUAGES } from '../../server/seed/demo-data';
import { languageWords } from '../../src/domain/language-words';
import { textSimilarityWords } from '../../src/domain/similarity-words';
import type { BenchRow } from '../report';
import { allDemoBlocks, scoreRecommendations, type RecommendScores } from './recommend';
import type { EvalSection } from './section';
import { ENGLISH_EMAILS, SPANISH_EMAILS } from './sets/spanish-emails';

function row(engine: string, s: RecommendScores, extra = ''): BenchRow {
  return { engine, n: s.n, median_ms: 0, p95_ms: null, ratio: `top-1 ${s.top1}, top-3 ${s.top3}, MRR ${s.mrr}, precision of first 3 ${s.precision3}${extra}` };
}

/** The two-word sequences of a text's similarity terms in `language` (stemmed, stop words out), as "a b". */
function stemBigrams(text: string, language: string): string[] {
  const words = languageWords(language);
  const terms = textSimilarityWords(text, words.isWord).map((word) => words.termOf(word.folded));
  return terms.slice(1).map((term, i) => `${terms[i]} ${term}`);
}

/** The blocks with only the example questions, English and Spanish, that share no two-word sequence with an email of the set. */
function cautiousBlocks(blocks: readonly Block[]): Block[] {
  const seen = (emails: readonly { body: string }[], language: string) => new Set(emails.flatMap((email) => stemBigrams(email.body, language)));
  const english = seen(ENGLISH_EMAILS, 'en');
  const spanish = seen(SPANISH_EMAILS, 'es');
  const keep = (examples: readonly string[] | undefined, language: string, set: ReadonlySet<string>) => (examples ?? []).filter((example) => !stemBigrams(example, language).some((pair) => set.has(pair)));
  return blocks.map((block) => ({
    ...block,
    examples: keep(block.examples, 'en', english),
    ...(block.variants ? { variants: block.variants.map((variant) => ({ ...variant, examples: keep(variant.examples, variant.language, spanish) })) } : {}),
  }));
}

const exampleCount = (blocks: readonly Block[]) => blocks.reduce((n, block) => n + (block.examples?.length ?? 0) + (block.variants ?? []).reduce((m, variant) => m + (variant.examples?.length ?? 0), 0), 0);

export function evaluateLanguageRecommendations(): Promise<EvalSection> {
  const shipped = allDemoBlocks();
  const cautious = cautiousBlocks(shipped);
  return Promise.resolve(measure(shipped, cautious));
}

function measure(shipped: readonly Block[], blocks: readonly Block[]): EvalSection {
  const byId = new Map(blocks.map((block) => [block._id, block]));
  const recommender = buildLanguageRecommender(blocks, buildBlockCorpus(blocks), null);
  const shippedRecommender = buildLanguageRecommender(shipped, buildBlockCorpus(shipped), null);
  // Scored by the block's own (English) name, whatever language it was shown in.
  const asShown = (list: ReadonlyArray<{ block: Block }>) => list.map((r) => ({ block: byId.get(r.block._id) as Block }));
  const detected = (body: string) => asShown(recommender.recommend(body, detectEmailLanguage(body, DEMO_LANGUAGES)));
  const englishOnly = (body: string) => asShown(recommender.recommend(body, 'en'));
  const answerable = <E extends { relevant: readonly string[] }>(emails: readonly E[]) => emails.filter((email) => email.relevant.length > 0);
  const spanish = scoreRecommendations(blocks, answerable(SPANISH_EMAILS), detected);
  const english = scoreRecommendations(blocks, answerable(ENGLISH_EMAILS), detected);
  const before = scoreRecommendations(blocks, answerable(SPANISH_EMAILS), englishOnly);
  const asShipped = (body: string) => asShown(shippedRecommender.recommend(body, detectEmailLanguage(body, DEMO_LANGUAGES)));
  const spanishShipped = scoreRecommendations(blocks, answerable(SPANISH_EMAILS), asShipped);
  const englishShipped = scoreRecommendations(blocks, answerable(ENGLISH_EMAILS), asShipped);
  const noAnswer = (emails: readonly { relevant: readonly string[]; body: string }[]) => {
    const none = emails.filter((email) => email.relevant.length === 0);
    return none.length ? Number((none.reduce((n, email) => n + detected(email.body).length, 0) / none.length).toFixed(3)) : 0;
  };
  const languagesRight = SPANISH_EMAILS.filter((email) => detectEmailLanguage(email.body, DEMO_LANGUAGES) === 'es').length;
  const met = spanish.top3 >= english.top3;
  const strip = ({ hits: _hits, misses: _misses, ...scores }: RecommendScores) => scores;
  return {
    results: {
      spanish: strip(spanish),
      english: strip(english),
      asShipped: { spanish: strip(spanishShipped), english: strip(englishShipped) },
      exampleQuestions: { shipped: exampleCount(shipped), cautious: exampleCount(blocks) },
      spanishThroughEnglishOnly: strip(before),
      noAnswerShown: { spanish: noAnswer(SPANISH_EMAILS), english: noAnswer(ENGLISH_EMAILS) },
      spanishDetected: languagesRight / SPANISH_EMAILS.length,
      target: 'spanish.top3 >= english.top3',
      met,
    },
    table: {
      title: 'Eval: recommendations in the email\'s language (Spanish set and its English counterparts, shared words only)',
      rows: [
        row('English emails, English blocks', english),
        row('Spanish emails, Spanish variants', spanish),
        row('Spanish emails, English-only scorer', before),
        row('English emails, all example questions', englishShipped),
        row('Spanish emails, all example questions', spanishShipped),
      ],
      notes: [
        `${SPANISH_EMAILS.length} Spanish emails, ${languagesRight} told as Spanish; ${blocks.length} demo blocks, ${blocks.filter((b) => b.variants?.length).length} with a Spanish variant`,
        `example questions: the demo's ${exampleCount(shipped)}; the first three rows keep the ${exampleCount(blocks)} that share no two-word sequence with an email of the set (the target uses them)`,
        `emails no block answers, mean recommended: Spanish ${noAnswer(SPANISH_EMAILS)}, English ${noAnswer(ENGLISH_EMAILS)}`,
        `target: Spanish top-3 >= English top-3: ${met ? 'met' : 'NOT MET'}`,
        ...spanish.misses.slice(0, 12).map((miss) => `miss (es) ${miss}`),
      ],
    },
  };
}
