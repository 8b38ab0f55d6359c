/**
 * Builds the editor matrix's fixture pages (tests/fixtures/editors/matrix, one entry per row) into
 * .output/editor-matrix: a bundle per page plus its HTML. Each page mounts a real editor from npm;
 * tests/e2e/editor-matrix.spec.ts serves the folder on a local origin. Run: `npx tsx scripts/build-editor-fixtures.ts`.
 */
import { readdirSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import { build } from 'esbuild';

const SOURCE = resolve(import.meta.dirname, '../tests/fixtures/editors/matrix');
const EDITOR_MATRIX_DIR = resolve(import.meta.dirname, '../.output/editor-matrix');
/** Modules shared by the pages, not pages themselves. */
const LIBRARIES = new Set(['fixture-api', 'plain-fields']);
/**
 * Scripts a page loads before its bundle: TinyMCE and CKEditor 4 are self-hosted from their npm
 * packages (served under ./tinymce/ and ./ckeditor4/).
 */
const PRELOADS: Record<string, string[]> = { tinymce: ['./tinymce/tinymce.min.js'], ckeditor4: ['./ckeditor4/ckeditor.js'] };

const entries = readdirSync(SOURCE)
  .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts') && !LIBRARIES.has(basename(file, extname(file))))
  .map((file) => ({ name: basename(file, extname(file)), path: join(SOURCE, file) }));

await rm(EDITOR_MATRIX_DIR, { recursive: true, force: true });
await mkdir(EDITOR_MATRIX_DIR, { recursive: true });
const result = await build({
  entryPoints: Object.fromEntries(entries.map((entry) => [entry.name, entry.path])),
  outdir: EDITOR_MATRIX_DIR,
  bundle: true,
  format: 'esm',
  splitting: true,
  target: 'chrome120',
  jsx: 'automatic',
  minify: true,
  // Draft.js's dependencies (fbjs) expect Node's `global`.
  define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
  loader: { '.svg': 'dataurl', '.woff': 'dataurl', '.woff2': 'dataurl' },
  metafile: true,
  logLevel: 'warning',
});
const outputs = Object.keys(result.metafile.outputs);

await Promise.all(
  entries.map(({ name }) => {
    const css = outputs.some((file) => basename(file) === `${name}.css`) ? `    <link rel="stylesheet" href="./${name}.css" />\n` : '';
    const preloads = (PRELOADS[name] ?? []).map((src) => `    <script src="${src}"></script>\n`).join('');
    const html =
      `<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Editor matrix: ${name}</title>\n` +
      `${css}${preloads}    <script type="module" src="./${name}.js"></script>\n  </head>\n  <body></body>\n</html>\n`;
    return writeFile(join(EDITOR_MATRIX_DIR, `${name}.html`), html);
  }),
);
console.log(`editor matrix: ${entries.length} pages in ${EDITOR_MATRIX_DIR}`);
