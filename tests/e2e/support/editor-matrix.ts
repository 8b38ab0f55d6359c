import { resolve } from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { EDITOR_ORIGIN } from './extension';

/**
 * The editor matrix's pages (tests/fixtures/editors/matrix), built by
 * `npm run build:editor-fixtures` into .output/editor-matrix, served on the editor pages' local
 * origin under /matrix/. TinyMCE's own files come from its npm package under /matrix/tinymce/.
 */
export const EDITOR_MATRIX_URL = `${EDITOR_ORIGIN}/matrix`;
const BUILT = resolve(import.meta.dirname, '../../../.output/editor-matrix');
const TINYMCE = resolve(import.meta.dirname, '../../../node_modules/tinymce');

const TYPES: Record<string, string> = { html: 'text/html', js: 'text/javascript', css: 'text/css', json: 'application/json' };

export async function routeEditorMatrix(context: BrowserContext): Promise<void> {
  await context.route(`${EDITOR_MATRIX_URL}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname.slice('/matrix/'.length);
    // Plain names only (no '..'): a page, a bundle, a chunk, or a file of TinyMCE's package.
    if (!/^(tinymce\/)?[\w/.-]+$/.test(path) || path.includes('..')) return route.fulfill({ status: 404, body: '' });
    const file = path.startsWith('tinymce/') ? resolve(TINYMCE, path.slice('tinymce/'.length)) : resolve(BUILT, path);
    const type = TYPES[path.split('.').pop() ?? ''] ?? 'application/octet-stream';
    await route.fulfill({ path: file, contentType: type }).catch(() => route.fulfill({ status: 404, body: '' }));
  });
}
