/**
 * `npm run eval`: prints every evaluation's table (`-- --json`: one JSON object, nothing else on
 * stdout) and exits non-zero when a target is missed, so a regression cannot pass unnoticed.
 */
import { formatTable } from '../report';
import { missedTargets, runEvaluations } from './index';

async function main(): Promise<void> {
  const result = await runEvaluations();
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(result.results, null, 2)}\n`);
  else for (const table of result.tables) process.stdout.write(`\n${formatTable(table)}\n`);
  const missed = missedTargets(result);
  if (missed.length > 0) {
    process.stderr.write(`[eval] target not met: ${missed.join(', ')}\n`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
