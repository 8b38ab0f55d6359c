/**
 * `npm test`: every check and test suite, in the least wall-clock time a small machine allows, with
 * the time of each stage printed at the end.
 *
 * 1. Checks and builds, two at a time (each is one process on one core): typecheck, lint, the
 *    extension's packages with the Firefox lint, the web build with its size check, the editor
 *    matrix's pages, and the extension's production and end-to-end builds. The WXT commands run
 *    one after the other, since they share `.output/chrome-mv3`; the end-to-end suite reuses these
 *    builds rather than making them again.
 * 2. Unit and component tests, then the server suite, then the end-to-end suite: each of those
 *    spreads over every core itself, so they run one at a time.
 *
 * Output of the parallel commands is held and printed whole when each ends, so lines never mix. The
 * first failure stops the run (the other commands of its stage are stopped) with that command's
 * output and exit code.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';

interface Step {
  /** What the timing table calls it. */
  name: string;
  /** npm scripts run in order, each after the previous one succeeded. */
  scripts: string[];
}

const CHECKS_AND_BUILDS: Step[] = [
  { name: 'extension packages and builds', scripts: ['test:ext-packages', 'build:ext', 'build:ext:e2e'] },
  { name: 'lint', scripts: ['lint'] },
  { name: 'typecheck', scripts: ['typecheck'] },
  // Both Outlook manifests against Microsoft's schemas, offline (the unit tests also prove the check bites).
  { name: 'Outlook manifests', scripts: ['validate:manifest'] },
  { name: 'web build and size', scripts: ['build:web', 'size'] },
  { name: 'editor matrix pages', scripts: ['build:editor-fixtures'] },
];

const SUITES: Step[] = [
  { name: 'unit and component', scripts: ['test:unit'] },
  { name: 'server', scripts: ['test:server'] },
  { name: 'end to end', scripts: ['test:e2e:run'] },
];

const running = new Set<ChildProcess>();
const timings: Array<{ name: string; seconds: number }> = [];

class StepFailed extends Error {
  constructor(
    readonly step: string,
    readonly code: number,
  ) {
    super(`${step} failed (exit ${code})`);
  }
}

function runScript(script: string, buffered: boolean): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', script], { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    running.add(child);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve({ code: code ?? (signal ? 1 : 0), output });
    });
  });
}

async function runStep(step: Step, buffered: boolean): Promise<void> {
  const started = performance.now();
  for (const script of step.scripts) {
    if (!buffered) console.log(`\n== ${step.name}: npm run ${script}`);
    const { code, output } = await runScript(script, buffered);
    if (buffered) process.stdout.write(`\n== ${step.name}: npm run ${script}${code === 0 ? '' : ` (exit ${code})`}\n${output}`);
    if (code !== 0) throw new StepFailed(step.name, code);
  }
  timings.push({ name: step.name, seconds: (performance.now() - started) / 1000 });
}

/** Runs `steps` with at most `width` at once; the first failure stops the others. */
async function runPool(steps: Step[], width: number): Promise<void> {
  const queue = [...steps];
  let failure: Error | undefined;
  const lane = async (): Promise<void> => {
    while (failure === undefined && queue.length > 0) {
      const step = queue.shift()!;
      try {
        await runStep(step, true);
      } catch (error) {
        failure ??= error instanceof Error ? error : new Error(String(error));
        for (const child of running) child.kill('SIGTERM');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, steps.length) }, lane));
  if (failure !== undefined) throw failure;
}

function printTimings(total: number): void {
  console.log('\n== time per stage');
  for (const { name, seconds } of timings) console.log(`${name.padEnd(32)} ${seconds.toFixed(1).padStart(7)} s`);
  console.log(`${'all (wall clock)'.padEnd(32)} ${total.toFixed(1).padStart(7)} s`);
}

async function main(): Promise<void> {
  const started = performance.now();
  try {
    await runPool(CHECKS_AND_BUILDS, Math.max(2, availableParallelism()));
    for (const suite of SUITES) await runStep(suite, false);
  } catch (error) {
    printTimings((performance.now() - started) / 1000);
    if (error instanceof StepFailed) {
      console.error(`\n${error.message}`);
      process.exit(error.code || 1);
    }
    throw error;
  }
  printTimings((performance.now() - started) / 1000);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    process.exit(130);
  });
}

await main();
