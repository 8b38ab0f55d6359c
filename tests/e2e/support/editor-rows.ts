import type { Locator, Page } from '@playwright/test';
import type { FixtureEditor, FixtureFormats } from '../../fixtures/editors/matrix/fixture-api';

/**
 * The editor matrix's rows: one page per editor or field (tests/fixtures/editors/matrix), each
 * holding ORIGINAL when ready, with its model readable through `window.fixtureEditor`. Shared by
 * every spec that inserts into real editors.
 */

/** `html`: the editor takes the block as HTML. `text`: it gets the block's plain text. */
export type Takes = 'html' | 'text';

export interface Row {
  name: string;
  /** The page under EDITOR_MATRIX_URL, without `.html`. */
  page: string;
  takes: Takes;
  /** The element the user clicks to type in. */
  field: (page: Page) => Locator;
  /**
   * Draft.js joins the first pasted paragraph to the caret's line whatever the paste holds (its
   * insertFragment merges the first block, and it drops empty ones); splitting the line first would
   * take a second undo step, so in Draft.js the block's first paragraph continues the line.
   */
  joinsFirstParagraph?: boolean;
  /**
   * Draft.js trims the whitespace at both edges of every block it makes from pasted HTML, no-break
   * spaces included (its convertFromHTMLToContentBlocks), and formatted content has no other way
   * in: a block's own edge space is lost there ("link" then "world" meet), the rest goes in as in
   * every row. Only a plain-text paste would keep the space, at the cost of the block's bold and links.
   */
  trimsPastedEdges?: boolean;
}

export const ROWS: Row[] = [
  { name: 'CKEditor 5', page: 'ckeditor5', takes: 'html', field: (page) => page.locator('.ck-editor__editable') },
  { name: 'TinyMCE', page: 'tinymce', takes: 'html', field: (page) => page.frameLocator('.tox-edit-area iframe').locator('body') },
  { name: 'Quill', page: 'quill', takes: 'html', field: (page) => page.locator('.ql-editor') },
  { name: 'Lexical', page: 'lexical', takes: 'html', field: (page) => page.locator('[contenteditable="true"]') },
  { name: 'TipTap (ProseMirror)', page: 'tiptap', takes: 'html', field: (page) => page.locator('.ProseMirror') },
  // No HTML deserialiser in the app, as Slate ships: a paste reaches Slate as plain text.
  { name: 'Slate', page: 'slate', takes: 'text', field: (page) => page.locator('[data-slate-editor="true"]') },
  { name: 'Draft.js', page: 'draft-js', takes: 'html', field: (page) => page.locator('.public-DraftEditor-content'), joinsFirstParagraph: true, trimsPastedEdges: true },
  { name: 'textarea', page: 'textarea', takes: 'text', field: (page) => page.locator('textarea') },
  { name: 'input type=text', page: 'input-text', takes: 'text', field: (page) => page.locator('input') },
  { name: 'input type=email', page: 'input-email', takes: 'text', field: (page) => page.locator('input') },
  { name: 'input type=search', page: 'input-search', takes: 'text', field: (page) => page.locator('input') },
  { name: 'plain contenteditable', page: 'contenteditable', takes: 'html', field: (page) => page.locator('#editor') },
  { name: 'contenteditable in a same-origin iframe', page: 'iframe', takes: 'html', field: (page) => page.frameLocator('iframe').locator('#editor') },
  { name: 'contenteditable in an open shadow root', page: 'shadow-root', takes: 'html', field: (page) => page.locator('shadow-field #editor') },
  { name: 'Squire', page: 'squire', takes: 'html', field: (page) => page.locator('#editor') },
  { name: 'ProseMirror (without TipTap)', page: 'prosemirror', takes: 'html', field: (page) => page.locator('.ProseMirror') },
  { name: 'CKEditor 4', page: 'ckeditor4', takes: 'html', field: (page) => page.locator('.cke_editable') },
  { name: 'Quill 1', page: 'quill1', takes: 'html', field: (page) => page.locator('.ql-editor') },
  { name: "contenteditable under a strict CSP (default-src 'self')", page: 'csp', takes: 'html', field: (page) => page.locator('#editor') },
  { name: 'contenteditable with Trusted Types enforced', page: 'trusted-types', takes: 'html', field: (page) => page.locator('#editor') },
];

export const ORIGINAL = 'Hello there, world';
export const BEFORE = 'Hello there';
export const AFTER = ', world';

export function readEditor(page: Page): Promise<{ text: string; caret: { before: string; after: string } | null; formats: FixtureFormats }> {
  return page.evaluate(() => {
    const editor = window.fixtureEditor as FixtureEditor;
    return { text: editor.text(), caret: editor.caret(), formats: editor.formats() };
  });
}

export const modelText = (page: Page) => page.evaluate(() => (window.fixtureEditor as FixtureEditor).text());
/** Editors update their model within a task or two: poll often. */
export const POLL = { intervals: [50, 100, 200] };

