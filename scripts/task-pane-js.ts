/**
 * The JavaScript the Outlook task pane loads before its first paint, and its budget: the module
 * scripts and `modulepreload` links Vite writes into `outlook/taskpane.html`, plus every file they
 * import statically, each counted once at its gzip size (level 9). Dynamic `import()` chunks load
 * later and are not counted. Used by `scripts/check-bundle-size.ts` and the UI benchmark.
 */
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The budget of the task pane's initial JavaScript, gzip, in KB of 1,024 bytes (the one place it is set). */
export const TASK_PANE_JS_BUDGET_KB = 251;

/** Where the task pane's page is in the web build (`npm run build:web` writes `dist/web`). */
export const TASK_PANE_HTML = 'outlook/taskpane.html';

export interface InitialJs {
  files: Array<{ path: string; bytes: number; gzipBytes: number }>;
  bytes: number;
  gzipBytes: number;
  gzipKb: number;
}

/** Same-origin script paths of `<script type="module" src>` and `<link rel="modulepreload" href>` (others, e.g. Office.js from its CDN, are not ours). */
function entryScripts(html: string): string[] {
  const tags = html.match(/<(?:script|link)\b[^>]*>/gi) ?? [];
  const paths: string[] = [];
  for (const tag of tags) {
    const attribute = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
    const isModule = /^<script/i.test(tag) && attribute('type') === 'module';
    const isPreload = /^<link/i.test(tag) && attribute('rel') === 'modulepreload';
    const url = isModule ? attribute('src') : isPreload ? attribute('href') : undefined;
    if (url && !/^[a-z]+:|^\/\//i.test(url)) paths.push(url);
  }
  return paths;
}

/** Specifiers of the static `import ... from "x"`, `import "x"` and `export ... from "x"` of a built module (not `import("x")`). */
function staticImports(code: string): string[] {
  const pattern = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g;
  return [...code.matchAll(pattern)].map((match) => match[1]!).filter((specifier) => specifier.startsWith('.') || specifier.startsWith('/'));
}

/** Measures the initial JavaScript of the task pane in the web build at `webRoot`. */
export function measureTaskPaneJs(webRoot: string): InitialJs {
  const htmlPath = join(webRoot, TASK_PANE_HTML);
  const html = readFileSync(htmlPath, 'utf8');
  // Paths inside the build, as URLs resolve them: '/assets/x.js' from the page, './y.js' from x.js.
  const toVisit = entryScripts(html).map((url) => (url.startsWith('/') ? url : posix.join(posix.dirname(`/${TASK_PANE_HTML}`), url)));
  if (toVisit.length === 0) throw new Error(`${htmlPath} loads no module script: is it a Vite build?`);
  const seen = new Set<string>();
  const files: InitialJs['files'] = [];
  while (toVisit.length > 0) {
    const path = posix.normalize(toVisit.pop()!);
    if (seen.has(path)) continue;
    seen.add(path);
    const content = readFileSync(join(webRoot, path));
    files.push({ path, bytes: content.byteLength, gzipBytes: gzipSync(content, { level: 9 }).byteLength });
    for (const specifier of staticImports(content.toString('utf8'))) {
      toVisit.push(specifier.startsWith('/') ? specifier : posix.join(posix.dirname(path), specifier));
    }
  }
  const gzipBytes = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  return {
    files: files.sort((a, b) => b.gzipBytes - a.gzipBytes),
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    gzipBytes,
    gzipKb: Math.round((gzipBytes / 1024) * 10) / 10,
  };
}
