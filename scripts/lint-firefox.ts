/**
 * Lints the Firefox build with Mozilla's linter (`web-ext lint`, the checks addons.mozilla.org runs)
 * and exits 1 on any error, and on any warning that is not one of the known, reviewed ones below.
 * web-ext itself only fails on errors; a new warning deserves a look before it ships, so it fails
 * here until it is fixed or listed with its reason.
 * Usage: tsx scripts/lint-firefox.ts [build folder, default .output/firefox-mv3]
 * Build first: `npm run build:firefox` (or `npm run check:firefox`, which builds, zips and lints).
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

interface LintMessage {
  code: string;
  message: string;
  description?: string;
  file?: string;
  line?: number;
  column?: number;
}

interface LintReport {
  errors: LintMessage[];
  warnings: LintMessage[];
  notices: LintMessage[];
}

/**
 * Warnings reviewed and accepted. Each one is tied to the code it is about by a piece of text found
 * just before the reported column, so the same warning anywhere else still fails.
 */
export const ACCEPTED_WARNINGS: ReadonlyArray<{ code: string; file: RegExp; before: string; why: string }> = [
  {
    code: 'UNSAFE_VAR_ASSIGNMENT',
    file: /^chunks\/.*\.js$/,
    before: 'dangerouslySetInnerHTML',
    why: "React DOM's own implementation of dangerouslySetInnerHTML, used only with sanitised block previews",
  },
  {
    code: 'UNSAFE_VAR_ASSIGNMENT',
    file: /^chunks\/.*\.js$/,
    before: 'documentElement.innerHTML',
    why: "DOMPurify's own parser: the sanitiser parses untrusted HTML into an inert document",
  },
  {
    code: 'DANGEROUS_EVAL',
    file: /^chunks\/.*\.js$/,
    before: 'jitless',
    why: "zod's probe `Function('')` for whether the page allows eval; extension pages do not, so zod stays jitless",
  },
];

/** How far before the reported column the accepted text may start. */
const CONTEXT_CHARS = 400;

export function isAccepted(warning: LintMessage, buildDir: string): boolean {
  if (!warning.file || warning.line == null) return false;
  const candidates = ACCEPTED_WARNINGS.filter((accepted) => accepted.code === warning.code && accepted.file.test(warning.file ?? ''));
  if (candidates.length === 0) return false;
  const line = readFileSync(join(buildDir, warning.file), 'utf8').split('\n')[warning.line - 1] ?? '';
  const column = warning.column ?? line.length;
  const context = line.slice(Math.max(0, column - CONTEXT_CHARS), column + 40);
  return candidates.some((accepted) => context.includes(accepted.before));
}

export async function lintFirefoxBuild(buildDir: string): Promise<LintReport> {
  const bin = join(import.meta.dirname, '..', 'node_modules', '.bin', 'web-ext');
  const args = ['lint', '--source-dir', buildDir, '--output', 'json', '--no-input', '--boring'];
  // web-ext exits 1 when it finds errors; the report is on stdout either way.
  const stdout = await promisify(execFile)(bin, args, { maxBuffer: 64 * 1024 * 1024 }).then(
    (result) => result.stdout,
    (error: { stdout?: string }) => error.stdout ?? '',
  );
  const start = stdout.indexOf('{');
  if (start < 0) throw new Error(`web-ext lint printed no report:\n${stdout}`);
  return JSON.parse(stdout.slice(start)) as LintReport;
}

function describe(message: LintMessage): string {
  const where = message.file ? `${message.file}${message.line == null ? '' : `:${message.line}`}${message.column == null ? '' : `:${message.column}`}` : 'extension';
  return `  ${message.code} (${where}): ${message.message}${message.description ? `\n    ${message.description}` : ''}`;
}

async function main(): Promise<void> {
  const buildDir = resolve(process.argv[2] ?? '.output/firefox-mv3');
  if (!existsSync(join(buildDir, 'manifest.json'))) {
    console.error(`lint-firefox: ${buildDir}/manifest.json does not exist. Run \`npm run build:firefox\` first.`);
    process.exit(1);
  }
  const report = await lintFirefoxBuild(buildDir);
  const unexpected = report.warnings.filter((warning) => !isAccepted(warning, buildDir));
  const accepted = report.warnings.length - unexpected.length;
  if (report.errors.length > 0 || unexpected.length > 0) {
    console.error(`lint-firefox: web-ext lint found ${report.errors.length} error(s) and ${unexpected.length} warning(s) not reviewed (scripts/lint-firefox.ts):`);
    for (const message of [...report.errors, ...unexpected]) console.error(describe(message));
    process.exit(1);
  }
  console.log(`lint-firefox: ${buildDir} passes web-ext lint: 0 errors, ${accepted} reviewed warning(s) (scripts/lint-firefox.ts), ${report.notices.length} notice(s).`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await main();
