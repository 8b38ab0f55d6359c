/**
 * The quality evaluations of Cannery's text understanding, on the sets kept in this repository,
 * each against its target: recommendations (top-1, top-3, MRR), personal-data scrubbing (strings
 * that survive, ordinary words kept, bundle cost) and the Election/Recorder classifier (held-out
 * accuracy, time per email), recommendations for Spanish emails beside their English
 * counterparts, telling an email's language on the device, and learning from the team's choices replayed on the independent set
 * (top-1 and top-3 of second emails before and after). `npm run eval` prints them (bench/eval/cli.ts); `npm run bench` runs
 * them as its `eval` suite, so its JSON report carries them under `eval`.
 */
import type { BenchSuite, BenchTable, SuiteResult } from '../report';
import { evaluateClassifier } from './classify';
import { evaluateRecommendations } from './recommend';
import { evaluateLanguageRecommendations } from './recommend-languages';
import { evaluateLanguageDetection } from './languages';
import { evaluateReplay } from './replay';
import { evaluateScrubbing } from './scrub';
import type { EvalSection } from './section';

const SECTIONS: ReadonlyArray<readonly [string, () => Promise<EvalSection>]> = [
  ['recommend', evaluateRecommendations],
  ['languages', evaluateLanguageRecommendations],
  ['detection', evaluateLanguageDetection],
  ['replay', evaluateReplay],
  ['scrub', evaluateScrubbing],
  ['classify', evaluateClassifier],
];

export async function runEvaluations(): Promise<SuiteResult> {
  const sections: Record<string, unknown> = {};
  const tables: BenchTable[] = [];
  for (const [key, evaluate] of SECTIONS) {
    process.stderr.write(`[eval] ${key}\n`);
    const section = await evaluate();
    sections[key] = section.results;
    tables.push(section.table);
  }
  return { results: { eval: sections }, tables };
}

/** The names of the sections whose targets are not all met. */
export function missedTargets(result: SuiteResult): string[] {
  const sections = (result.results.eval ?? {}) as Record<string, { met?: unknown }>;
  return Object.entries(sections)
    .filter(([, section]) => section.met !== true)
    .map(([key]) => key);
}

export const evalSuite: BenchSuite = { name: 'eval', run: runEvaluations };
