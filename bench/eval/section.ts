/**
 * What each quality evaluation of `npm run eval` hands back: JSON-ready metrics (with their
 * targets and whether they are met) and a table for people. `bench/eval/index.ts` runs them all
 * and `npm run bench -- --json` reports them under the top-level key `eval`.
 */
import type { BenchTable } from '../report';

export interface EvalSection {
  /** Metrics, each target and a `met` flag per target; merged under `eval.<key>` in the JSON report. */
  results: Record<string, unknown>;
  table: BenchTable;
}
