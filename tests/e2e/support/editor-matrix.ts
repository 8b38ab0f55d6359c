import { resolve } from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { EDITOR_ORIGIN } from './extension';

/**
 * The editor matrix's pages (tests/fixtures/editors/matrix), built by
 * `npm run build:editor-fixtures` into .output/editor-matrix, served on the editor pages' local
 * origin under /matrix/. TinyMCE's and CKEditor 4's own files come from their npm packages under
 * /matrix/tinymce/ and /matrix/ckeditor4/. Two pages are served with the headers of sites that
 * restrict what runs in them: a strict Content-Security-Policy, and Trusted Types enforced.
 */
export const EDITOR_MATRIX_URL = `${EDITOR_ORIGIN}/matrix`;
const BUILT = resolve(import.meta.dirname, '../../../.output/editor-matrix');
/** Editors served from their own npm package, by the folder they are served under. */
const PACKAGES: Record<string, string> = {
  tinymce: resolve(import.meta.dirname, '../../../node_modules/tinymce'),
  ckeditor4: resolve(import.meta.dirname, '../../../node_modules/ckeditor4'),
};

/** The response headers of pages that restrict themselves, by page. */
export const PAGE_HEADERS: Record<string, Record<string, string>> = {
  'csp.html': { 'Content-Security-Policy': "default-src 'self'" },
  'trusted-types.html': { 'Content-Security-Policy': "require-trusted-types-for 'script'" },
};

const TYPES: Record<string, string> = { html: 'text/html', js: 'text/javascript', css: 'text/css', json: 'application/json', png: 'image/png', svg: 'image/svg+xml' };

export async function routeEditorMatrix(context: BrowserContext): Promise<void> {
  await context.route(`${EDITOR_MATRIX_URL}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname.slice('/matrix/'.length);
    // Plain names only (no '..'): a page, a bundle, a chunk, or a file of an editor's package.
    if (!/^[\w/.-]+$/.test(path) || path.includes('..')) return route.fulfill({ status: 404, body: '' });
    const [top = '', ...rest] = path.split('/');
    const file = PACKAGES[top] && rest.length > 0 ? resolve(PACKAGES[top], rest.join('/')) : resolve(BUILT, path);
    const type = TYPES[path.split('.').pop() ?? ''] ?? 'application/octet-stream';
    await route.fulfill({ path: file, contentType: type, headers: PAGE_HEADERS[path] ?? {} }).catch(() => route.fulfill({ status: 404, body: '' }));
  });
}
