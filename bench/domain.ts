/**
 * The domain core's benchmarks: recommendations and search at 10,000 blocks, and the keystroke
 * cost of typed shortcuts. Reported under the top-level keys `recommend`, `search` and `shortcuts`.
 */
import { runRecommendBench } from './recommend-bench';
import { runSearchBench } from './search-bench';
import { runShortcutBench } from './shortcut-bench';
import type { BenchSuite, SuiteResult } from './report';

export async function runDomainBench(): Promise<SuiteResult> {
  const recommend = await runRecommendBench();
  const search = await runSearchBench();
  const shortcuts = await runShortcutBench();
  return {
    results: { recommend: recommend.results, search: search.results, shortcuts: shortcuts.results },
    tables: [recommend.table, search.table, shortcuts.table],
  };
}

export const domainSuite: BenchSuite = { name: 'domain', run: runDomainBench };
