/**
 * `npm run bench`: runs every registered suite and prints its tables; `npm run bench -- --json`
 * prints one JSON object (each suite's top-level keys merged) on stdout and nothing else there;
 * `-- --suite=domain` (or `eval`, `api`, `ui`; comma-separated) runs only those suites.
 *
 * To add a suite, write a module exporting a `BenchSuite` and add it to `SUITES`.
 */
import { formatTable, type BenchSuite } from './report';
import { apiSuite } from './api';
import { domainSuite } from './domain';
import { evalSuite } from './eval/index';
import { uiSuite } from './ui';

const SUITES: readonly BenchSuite[] = [domainSuite, evalSuite, apiSuite, uiSuite];

async function main(): Promise<void> {
  const json = process.argv.includes('--json');
  const merged: Record<string, unknown> = {};
  const only = process.argv.find((arg) => arg.startsWith('--suite='))?.slice('--suite='.length).split(',');
  const unknown = only?.filter((name) => !SUITES.some((suite) => suite.name === name)) ?? [];
  if (unknown.length > 0) throw new Error(`no bench suite named ${unknown.join(', ')}`);
  for (const suite of SUITES.filter((s) => only === undefined || only.includes(s.name))) {
    process.stderr.write(`[bench] suite ${suite.name}\n`);
    const { results, tables } = await suite.run();
    Object.assign(merged, results);
    if (!json) for (const table of tables) process.stdout.write(`\n${formatTable(table)}\n`);
  }
  if (json) process.stdout.write(`${JSON.stringify(merged, null, 2)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
