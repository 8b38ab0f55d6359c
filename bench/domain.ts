/**
 * The domain core's benchmarks (issue 5): recommendations and search at 10,000 blocks.
 * Reported under the top-level keys `recommend` and `search`.
 */
import { runRecommendBench } from './recommend-bench';
import { runSearchBench } from './search-bench';
import type { BenchSuite, SuiteResult } from './report';

export async function runDomainBench(): Promise<SuiteResult> {
  const recommend = await runRecommendBench();
  const search = await runSearchBench();
  return {
    results: { recommend: recommend.results, search: search.results },
    tables: [recommend.table, search.table],
  };
}

export const domainSuite: BenchSuite = { name: 'domain', run: runDomainBench };
