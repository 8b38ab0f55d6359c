/**
 * The folder table's import check (`npm run lint:boundaries`): dependency-cruiser over every
 * source file of the project with the rules .dependency-cruiser.mjs builds from the table. Fails
 * on any import crossing a boundary, a package outside a folder's list, a folder reaching past
 * its table entry, an import circle, or a file in no folder of the table. Runs the library's
 * `cruise` rather than its command line, which refuses the Node versions the project supports.
 */
import { readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IViolation } from 'dependency-cruiser';
import { cruiseOptions } from '../.dependency-cruiser.mjs';

/** Top-level folders that hold no product source (their own package, output, dependencies). */
const SKIPPED = new Set(['node_modules', 'infra', 'dist', 'data', 'test-results', 'playwright-report', 'docs', 'public', 'deploy', 'manifest-office']);

/** What to cruise under `root`: every top-level folder but the skipped and hidden ones, and the top-level source files. */
export function cruiseTargets(root: string): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.') || entry.name === '.dependency-cruiser.mjs')
    .filter((entry) => (entry.isDirectory() || entry.isSymbolicLink() ? !SKIPPED.has(entry.name) : /\.(?:[mc]?tsx?|[mc]?jsx?)$/.test(entry.name)))
    .map((entry) => entry.name)
    .sort();
}

/** Every violation of the folder table under `root`. */
export async function findViolations(root: string): Promise<{ violations: IViolation[]; cruised: number }> {
  const result = await cruise(cruiseTargets(root), cruiseOptions(root));
  if (typeof result.output === 'string') throw new Error('dependency-cruiser returned text, not a cruise result');
  return { violations: result.output.summary.violations, cruised: result.output.summary.totalCruised };
}

/** One violation in words: the rule, the edge (or the chain that reaches), and what the rule says. */
export function describeViolation(violation: IViolation): string {
  const chain = violation.cycle ?? violation.via;
  const path = chain && chain.length > 0 ? [violation.from, ...chain.map((step) => (typeof step === 'string' ? step : step.name))] : [violation.from, violation.to];
  return `${violation.rule.name}: ${path.join('\n  -> ')}`;
}

async function main(): Promise<void> {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const started = performance.now();
  const { violations, cruised } = await findViolations(root);
  const elapsed = Math.round(performance.now() - started);
  if (violations.length > 0) {
    console.error(`${violations.map(describeViolation).join('\n\n')}\n\n${violations.length} violation(s) of the folder table (scripts/folder-table.mjs) among ${cruised} modules.`);
    process.exitCode = 1;
  } else {
    console.log(`The folder table holds, with no import circle, among ${cruised} modules (${elapsed} ms).`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
