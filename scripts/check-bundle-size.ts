/**
 * Fails (exit 1) when the Outlook task pane's initial JavaScript, gzip, is over its budget
 * (`TASK_PANE_JS_BUDGET_KB` in scripts/task-pane-js.ts); prints the size when it fits.
 * Reads the web build, so run `npm run build:web` first.
 * Usage: tsx scripts/check-bundle-size.ts [web-root, default dist/web]
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TASK_PANE_HTML, TASK_PANE_JS_BUDGET_KB, measureTaskPaneJs } from './task-pane-js';

const webRoot = resolve(process.argv[2] ?? 'dist/web');
if (!existsSync(join(webRoot, TASK_PANE_HTML))) {
  console.error(`check-bundle-size: ${join(webRoot, TASK_PANE_HTML)} does not exist. Run \`npm run build:web\` first.`);
  process.exit(1);
}

const size = measureTaskPaneJs(webRoot);
const files = size.files.map((file) => `  ${file.path}: ${(file.gzipBytes / 1024).toFixed(1)} KB gzip`).join('\n');
if (size.gzipKb > TASK_PANE_JS_BUDGET_KB) {
  console.error(
    `check-bundle-size: the task pane loads ${size.gzipKb} KB of JavaScript (gzip) before its first paint, ` +
      `over its budget of ${TASK_PANE_JS_BUDGET_KB} KB (scripts/task-pane-js.ts). Files:\n${files}\n` +
      'Move code the first screen does not need behind a dynamic import().',
  );
  process.exit(1);
}
console.log(`check-bundle-size: task pane initial JavaScript ${size.gzipKb} KB gzip, within the budget of ${TASK_PANE_JS_BUDGET_KB} KB.\n${files}`);
