/**
 * The domain core's benchmarks: recommendations (English, and in the email's language) and search
 * at 10,000 blocks, and the keystroke cost of typed shortcuts. Reported under the top-level keys
 * `recommend`, `languages`, `search` and `shortcuts`.
 */
import { runRecommendBench } from './recommend-bench';
import { runLanguageBench } from './language-bench';
import { runSearchBench } from './search-bench';
import { runShortcutBench } from './shortcut-bench';
import type { BenchSuite, SuiteResult } from './report';

export async function runDomainBench(): Promise<SuiteResult> {
  const recommend = await runRecommendBench();
  const languages = await runLanguageBench();
  const search = await runSearchBench();
  const shortcuts = await runShortcutBench();
  return {
    results: { recommend: recommend.results, languages: languages.results, search: search.results, shortcuts: shortcuts.results },
    tables: [recommend.table, languages.table, search.table, shortcuts.table],
  };
}

export const domainSuite: BenchSuite = { name: 'domain', run: runDomainBench };
