/**
 * Recommendations for an email in Spanish against 10,000 blocks that each have a Spanish variant,
 * as Home runs them (the email's language told on the device, then the Spanish index,
 * `recommend-languages.ts`), against the English-only scorer on English emails over the same
 * blocks in the same run. Both sides are timed alike: index built once, the same warm-up, then
 * each email of a list of ~2 KB emails with a quoted thread, one call at a time, the calls of the
 * two sides taking turns. The Spanish text is the demo account's Spanish variants, cut into
 * sentences and drawn to each block's English length; the Spanish emails are drawn from the same
 * sentences as questions with a quoted reply, as the English emails are from the English blocks'.
 */
import type { Block } from '../src/domain/types';
import { buildBlockCorpus } from '../src/domain/block-corpus';
import { detectEmailLanguage } from '../src/domain/detect-language';
import { htmlToText } from '../src/domain/html-to-text';
import { buildLanguageRecommender } from '../src/domain/recommend-languages';
import { buildRecommendationIndex, recommendBlocks } from '../src/domain/recommend-blocks';
import { SPANISH_VARIANTS } from '../server/seed/demo-variants-es';
import { generateBlocks, generateEmails } from './corpus';
import { createRandom, type Random } from './random';
import type { BenchTable } from './report';
import { median, percentile, progress, round3, settle, timed } from './stats';

const BLOCKS = 10_000;
const EMAILS = 60;
const ROUNDS = 3;
const WARM_UP_ROUNDS = 15;
const TARGET_MEDIAN_MS = 2;
const LANGUAGES = ['en', 'es'];

/** The sentences of each Spanish demo variant: one topic each, as the English corpus has topics. */
const TOPICS: ReadonlyArray<{ name: string; sentences: string[] }> = Object.values(SPANISH_VARIANTS).map((variant) => ({
  name: variant.name,
  sentences: htmlToText(variant.body)
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 20),
}));

function spanishText(random: Random, topic: (typeof TOPICS)[number], length: number): string {
  const paragraphs: string[] = [];
  let size = 0;
  while (size < length) {
    const sentence = random.pick(topic.sentences);
    paragraphs.push(`<p>${sentence}</p>`);
    size += sentence.length + 7;
  }
  return paragraphs.join('');
}

/** Every block with a Spanish variant as long as its English body. */
function withSpanish(blocks: readonly Block[]): Block[] {
  const random = createRandom(41);
  return blocks.map((block) => {
    const topic = random.pick(TOPICS);
    return { ...block, variants: [{ language: 'es', name: `${topic.name} ${random.int(2, 40)}`, body: spanishText(random, topic, block.body.length) }] };
  });
}

/** Spanish emails of the English ones' shape (`generateEmails`): a greeting and questions, then a quoted Spanish reply. */
function spanishEmails(count: number, seed: number): string[] {
  const random = createRandom(seed);
  const emails: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const main: string[] = [random.pick(['Hola,', 'Buenos días,', 'Buenas tardes:', 'Estimados señores:'])];
    const topic = random.pick(TOPICS);
    const earlier = random.pick(TOPICS);
    while (main.join('\n').length < 800) main.push(random.pick(topic.sentences).replace(/\.$/, '?'));
    main.push('Gracias,', `Residente ${i + 1}`);
    const quoted: string[] = [];
    while (quoted.join(' ').length < 1150) quoted.push(random.pick(earlier.sentences));
    emails.push(`${main.join('\n\n')}\n\nEl lun, 3 mar 2025 a las 10:12, Oficina del Condado <clerk@example.gov> escribió:\n\n${quoted.map((line) => `> ${line}`).join('\n')}`);
  }
  return emails;
}

export interface LanguageBenchResults {
  n: number;
  emails: number;
  english_median_ms: number;
  english_p95_ms: number;
  spanish_median_ms: number;
  spanish_p95_ms: number;
  /** spanish_median_ms / english_median_ms. */
  ratio: number;
  detection_median_ms: number;
  spanish_index_build_ms: number;
  targets: { median_ms: number; met: boolean };
}

export async function runLanguageBench(): Promise<{ results: LanguageBenchResults; table: BenchTable }> {
  const blocks = withSpanish(generateBlocks(BLOCKS));
  const english = generateEmails(EMAILS);
  const spanish = spanishEmails(EMAILS, 8);
  progress('languages: building the English index and the Spanish one');
  const englishIndex = buildRecommendationIndex(blocks);
  const recommender = buildLanguageRecommender(blocks, buildBlockCorpus(blocks), null);
  const spanishBuild = timed(() => recommender.prepare('es'));
  const spanishPath = (email: string) => recommender.recommend(email, detectEmailLanguage(email, LANGUAGES));

  const warmEnglish = generateEmails(20, 99);
  const warmSpanish = spanishEmails(20, 98);
  for (let round = 0; round < WARM_UP_ROUNDS; round += 1) {
    for (const email of warmEnglish) recommendBlocks(englishIndex, email);
    for (const email of warmSpanish) spanishPath(email);
  }
  await settle();

  progress(`languages: ${EMAILS} emails x ${ROUNDS} rounds, English-only scorer and Spanish`);
  const englishSamples: number[] = [];
  const spanishSamples: number[] = [];
  const detectionSamples: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (let i = 0; i < EMAILS; i += 1) {
      const spanishFirst = (i + round) % 2 === 1;
      if (spanishFirst) spanishSamples.push(timed(() => spanishPath(spanish[i] as string)).ms);
      englishSamples.push(timed(() => recommendBlocks(englishIndex, english[i] as string)).ms);
      if (!spanishFirst) spanishSamples.push(timed(() => spanishPath(spanish[i] as string)).ms);
      detectionSamples.push(timed(() => detectEmailLanguage(spanish[i] as string, LANGUAGES)).ms);
    }
  }
  const englishMedian = median(englishSamples);
  const spanishMedian = median(spanishSamples);
  const results: LanguageBenchResults = {
    n: BLOCKS,
    emails: EMAILS,
    english_median_ms: round3(englishMedian),
    english_p95_ms: round3(percentile(englishSamples, 0.95)),
    spanish_median_ms: round3(spanishMedian),
    spanish_p95_ms: round3(percentile(spanishSamples, 0.95)),
    ratio: Math.round((spanishMedian / englishMedian) * 100) / 100,
    detection_median_ms: round3(median(detectionSamples)),
    spanish_index_build_ms: round3(spanishBuild.ms),
    targets: { median_ms: TARGET_MEDIAN_MS, met: spanishMedian <= TARGET_MEDIAN_MS },
  };
  return {
    results,
    table: {
      title: `Recommendations in the email's language: a ~2 KB email against ${BLOCKS} blocks with Spanish variants`,
      rows: [
        { engine: 'English-only scorer, English emails', n: englishSamples.length, median_ms: results.english_median_ms, p95_ms: results.english_p95_ms, ratio: '1.0x' },
        { engine: 'language told, then the Spanish index, Spanish emails', n: spanishSamples.length, median_ms: results.spanish_median_ms, p95_ms: results.spanish_p95_ms, ratio: `${results.ratio}x` },
      ],
      notes: [
        `telling the language (in the Spanish row): median ${results.detection_median_ms} ms; Spanish index build (one-off, idle time): ${results.spanish_index_build_ms} ms`,
        `target: Spanish median <= ${TARGET_MEDIAN_MS} ms: ${results.targets.met ? 'met' : 'NOT MET'}`,
      ],
    },
  };
}
