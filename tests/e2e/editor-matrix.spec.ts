import { expect, test, type Page } from '@playwright/test';
import { DEMO_BLOCKS } from '../../server/seed/demo-data';
import { EDITOR_MATRIX_URL, routeEditorMatrix } from './support/editor-matrix';
import { AFTER, BEFORE, modelText, ORIGINAL, POLL, readEditor, ROWS, type Row } from './support/editor-rows';
import { LINE_BLOCKS, type LineBlock } from './support/line-blocks';
import { SPACED_BLOCKS } from './support/spaced-blocks';
import { launchWithExtension, pickerFrame, type LoadedExtension, startInsertionIn } from './support/extension';
import { logInToHome } from './support/sign-in';
import { e2eUser, E2E_RUNS_PER_SERVER } from './support/users';

/**
 * The text-field host against real editors (issue #14): one page per editor, each mounting the
 * editor from npm (tests/fixtures/editors/matrix, built by `npm run build:editor-fixtures`), and
 * the plain fields. For every row, through the real extension (e2e build: shortcut path, picker,
 * a demo block with bold, a list and a link):
 * - the caret goes into the middle of "Hello there, world", after "there";
 * - the editor's own model (read through its API, `window.fixtureEditor`) then holds the block
 *   there, the text before and after intact;
 * - HTML editors keep the block's bold, list items and link; the others get clean text;
 * - the caret ends right after the inserted text;
 * - one Ctrl+Z removes the insertion and leaves the original text.
 * And with the caret at the end of the line (issue #24): a block that starts with a paragraph or a
 * list starts on the next line (a single-line input keeps it apart with a space), a block of
 * inline content continues the line, and on an empty line the block starts there, no blank line
 * above it; one Ctrl+Z still takes each insertion out.
 * And whitespace at a block's edges survives: a block ending with a space, put before "world",
 * reads "link world" with the caret after the space (a typed character lands there, not glued to
 * the block); one starting with a space, put after "there,", reads "there, link world" (except
 * in Draft.js, which trims every pasted block's edges: see `trimsPastedEdges`).
 */


/** A demo block with bold, a bulleted list and a link, in the text-field context, for Elections (the e2e users' team). */
const BLOCK = (() => {
  const block = DEMO_BLOCKS.find((candidate) => candidate.name === 'Update Your Address');
  if (!block || !block.contexts.includes('text_input') || block.team !== 'elections') throw new Error('The demo data has no Elections block "Update Your Address" for text fields');
  return block;
})();
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
const stripTags = (html: string) => collapse(html.replace(/<[^>]+>/g, ' ')).replace(/ ([,.;:])/g, '$1');
/** The block's paragraphs and list items, as text, in order. */
const BLOCK_PARTS = [...BLOCK.body.matchAll(/<(p|li)>(.*?)<\/\1>/g)].map((match) => stripTags(match[2] ?? ''));
const BLOCK_LIST_ITEMS = [...BLOCK.body.matchAll(/<li>(.*?)<\/li>/g)].map((match) => stripTags(match[1] ?? ''));
const BLOCK_LINK = { text: 're-register online', href: 'https://www.aldercounty.example/elections/register' };

/**
 * One browser with the extension for the rows a worker runs, signed in once (the picker shares
 * the panel's storage). Per file, not per worker: it closes when this file's rows are done.
 */
let extension: LoadedExtension;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  extension = await launchWithExtension();
  const user = e2eUser('editor-matrix', test.info().parallelIndex % E2E_RUNS_PER_SERVER);
  const panel = await extension.context.newPage();
  await panel.goto(`chrome-extension://${extension.extensionId}/sidepanel.html#/login`);
  await logInToHome(panel, user.email, user.password);
  await panel.close();
  await routeEditorMatrix(extension.context);
});

test.afterAll(async () => {
  await extension?.close();
});

/** Opens a row's page and waits for its editor, holding the original text. */
async function openRow(row: Row): Promise<Page> {
  const page = await extension.context.newPage();
  await page.goto(`${EDITOR_MATRIX_URL}/${row.page}.html`);
  await page.waitForFunction(() => document.documentElement.dataset.fixtureReady === 'true');
  expect((await readEditor(page)).text).toBe(ORIGINAL);
  return page;
}

/** Finds `name` in the picker opened over `page` and inserts it. */
async function insertWithPicker(page: Page, name: string): Promise<void> {
  await openPicker();
  const picker = await pickerFrame(page);
  await picker.getByRole('searchbox', { name: 'Search name or content' }).fill(name);
  await picker.getByRole('list', { name: 'Search results' }).getByRole('button', { name, exact: true }).click();
  await expect(page.locator('cannery-picker')).toBeHidden();
}

/** What Ctrl+Shift+Space runs (see extension-blocks.spec.ts): the picker opens in the tab's top frame. */
async function openPicker(): Promise<void> {
  const opened = await startInsertionIn(extension, `${EDITOR_MATRIX_URL}/*`);
  expect(opened, 'the picker found the focused field').toBe(true);
}

for (const row of ROWS) {
  test(`${row.name}: the block goes in at the caret, into the editor's model, and one undo takes it out`, async () => {
    const page = await openRow(row);
    try {
      // The caret into the middle of the existing text, as a user puts it there: after "there".
      const field = row.field(page);
      await field.click();
      await page.keyboard.press('Control+Home');
      // Editors take the caret into their model on `selectionchange`, after the key press: wait
      // until it is there, or an editor that moves its own caret (Slate) starts from a stale one.
      if (row.page !== 'input-email') await expect.poll(async () => (await readEditor(page)).caret, POLL).toEqual({ before: '', after: ORIGINAL });
      for (let i = 0; i < BEFORE.length; i++) await page.keyboard.press('ArrowRight');
      // An email input has no selection API to read its caret from: the insertion shows where it was.
      if (row.page !== 'input-email') await expect.poll(async () => (await readEditor(page)).caret, POLL).toEqual({ before: BEFORE, after: AFTER });

      await insertWithPicker(page, BLOCK.name);

      await expect.poll(() => modelText(page), POLL).not.toBe(ORIGINAL);
      const read = await readEditor(page);
      // An editor may keep an empty paragraph at the end of the document (TipTap's trailing node).
      const text = read.text.replace(/\n+$/, '');
      const { caret, formats } = read;
      // Existing text intact on both sides, the block's text in between, in order.
      expect(text.startsWith(BEFORE), text).toBe(true);
      expect(text.endsWith(AFTER), text).toBe(true);
      // Plain text spells out a link's address after its text: not part of the block's visible text.
      const inserted = collapse(text.slice(BEFORE.length, -AFTER.length));
      const visible = row.takes === 'text' ? inserted.replace(/ \(https:[^)\s]+\)/g, '') : inserted;
      let from = 0;
      for (const part of BLOCK_PARTS) {
        const at = visible.indexOf(part, from);
        expect(at, `"${part}" in ${visible}`).toBeGreaterThanOrEqual(from);
        from = at + part.length;
      }

      if (row.takes === 'html') {
        // Nothing but the block's own text went in (no link addresses, no markup as text).
        expect(inserted.replace(/\s+/g, '')).toBe(BLOCK_PARTS.join('').replace(/\s+/g, ''));
        expect(formats.bold).toEqual(['Hello', 'within']);
        // The rest of the line (", world") may join the last list item: the editor's own way to paste a list mid-line.
        expect(formats.listItems.map(collapse).map((item, index, all) => (index === all.length - 1 ? item.replace(/, world$/, '') : item))).toEqual(BLOCK_LIST_ITEMS);
        expect(formats.links).toEqual([BLOCK_LINK]);
      } else {
        // Clean text: no markup, the link's address spelled out, the bold of the existing text kept.
        expect(inserted).not.toMatch(/<[a-z/]/i);
        expect(inserted).toContain(BLOCK_LINK.href);
        expect(formats.bold).toEqual(row.page === 'slate' ? ['Hello'] : []);
      }

      // The caret right after the inserted text.
      if (row.page === 'input-email') {
        // Typed after the block, a character lands before ", world". Chrome counts typing right
        // after an inserted text as the same edit, so the undo below takes both out.
        await page.keyboard.type('#');
        await expect.poll(() => modelText(page), POLL).toBe(`${text.slice(0, -AFTER.length)}#${AFTER}`);
      } else {
        expect(caret && collapse(caret.after)).toBe(collapse(AFTER));
        expect(caret && collapse(caret.before)).toBe(collapse(text.slice(0, text.length - AFTER.length)));
      }

      // One undo, the user's Ctrl+Z in the field, takes the whole block out.
      await page.keyboard.press('Control+z');
      await expect.poll(() => modelText(page), POLL).toBe(ORIGINAL);
      if (row.takes === 'html' || row.page === 'slate') expect((await readEditor(page)).formats).toEqual({ bold: ['Hello'], listItems: [], links: [] });
    } finally {
      await page.close();
    }
  });
}

/** The model's lines, with the trailing empty one some editors keep (TipTap, Quill) left out. */
async function modelLines(page: Page): Promise<string[]> {
  return (await modelText(page)).replace(/\n+$/, '').split('\n');
}

for (const row of ROWS) {
  const singleLine = row.page.startsWith('input-');
  test(`${row.name}: after text at the end of the line, a block that starts with a paragraph or a list starts on a new line, an inline one continues the line`, async () => {
    const page = await openRow(row);
    try {
      const field = row.field(page);
      await field.click();
      /** Puts the caret at the end of the text, on an empty line below it with `newLine`, and waits until the editor has it. */
      const caretAtEnd = async (newLine = false) => {
        await page.keyboard.press('Control+End');
        if (newLine) await page.keyboard.press('Enter');
        if (row.page === 'input-email') return;
        // Fields whose model is their DOM read an empty last line as no line: the caret's text
        // before it is the original either way, and the key press has reached the editor.
        await expect.poll(async () => (await readEditor(page)).caret, POLL).toEqual({ before: expect.stringMatching(/^Hello there, world\n?$/), after: '' });
      };
      /** Inserts `block` and returns the model's lines once it is in. */
      const insert = async (block: LineBlock, previous: string): Promise<string[]> => {
        await insertWithPicker(page, block.name);
        await expect.poll(() => modelText(page), POLL).not.toBe(previous);
        await expect.poll(async () => (await modelText(page)).includes(block.lines.at(-1) ?? ''), POLL).toBe(true);
        return modelLines(page);
      };
      /** One Ctrl+Z takes the insertion out. */
      const undo = async (expected: string) => {
        await page.keyboard.press('Control+z');
        await expect.poll(() => modelText(page), POLL).toBe(expected);
      };

      if (singleLine) {
        // One line: the paragraph is kept apart from the text by a space.
        await caretAtEnd();
        expect((await insert(LINE_BLOCKS.paragraphFirst, ORIGINAL)).map(collapse)).toEqual([`${ORIGINAL} ${LINE_BLOCKS.paragraphFirst.lines.join(' ')}`]);
        await undo(ORIGINAL);
      } else {
        for (const block of [LINE_BLOCKS.paragraphFirst, LINE_BLOCKS.listFirst]) {
          await caretAtEnd();
          const lines = await insert(block, ORIGINAL);
          if (row.joinsFirstParagraph) {
            expect(lines[0]).toBe(`${ORIGINAL}${block.firstLine}`);
          } else {
            // The text's line as it was, the block's first line right below it (no blank line).
            expect(lines[0]).toBe(ORIGINAL);
            expect(lines[1], JSON.stringify(lines)).toContain(block.firstLine);
          }
          await undo(ORIGINAL);
        }
      }

      // Inline content continues the line.
      await caretAtEnd();
      expect((await insert(LINE_BLOCKS.inlineOnly, ORIGINAL))[0]).toBe(`${ORIGINAL}${LINE_BLOCKS.inlineOnly.firstLine}`);
      await undo(ORIGINAL);

      if (!singleLine) {
        // On an empty line the block starts right there: no blank line above it.
        await caretAtEnd(true);
        const typed = await modelText(page);
        const lines = await insert(LINE_BLOCKS.paragraphFirst, typed);
        expect(lines[0]).toBe(ORIGINAL);
        expect(lines[1], JSON.stringify(lines)).toContain(LINE_BLOCKS.paragraphFirst.firstLine);
      }
    } finally {
      await page.close();
    }
  });
}

/** Text read as the user sees it: a no-break space is a space, TipTap's and Quill's trailing empty line left out. */
const asSeen = (text: string) => text.replace(/\u00a0/g, ' ').replace(/\n+$/, '');

for (const row of ROWS) {
  test(`${row.name}: a space at either edge of a block survives, and the caret stays after it`, async () => {
    const page = await openRow(row);
    try {
      const field = row.field(page);
      await field.click();
      /** Puts the caret after the first `offset` characters of the original text, and waits until the editor has it. */
      const caretAt = async (offset: number) => {
        if (row.page === 'input-email') await page.keyboard.press('Control+Home');
        // Right after an undo an editor may still be taking its own caret back (ProseMirror): press again until it has moved.
        else await expect(async () => {
          await page.keyboard.press('Control+Home');
          expect((await readEditor(page)).caret).toEqual({ before: '', after: ORIGINAL });
        }).toPass({ intervals: [100, 200, 400] });
        for (let i = 0; i < offset; i++) await page.keyboard.press('ArrowRight');
        if (row.page !== 'input-email') await expect.poll(async () => (await readEditor(page)).caret, POLL).toEqual({ before: ORIGINAL.slice(0, offset), after: ORIGINAL.slice(offset) });
      };
      const seen = async () => asSeen(await modelText(page));
      const caretSeen = async () => {
        const caret = (await readEditor(page)).caret;
        return caret && { before: asSeen(caret.before), after: asSeen(caret.after) };
      };
      const beforeWorld = ORIGINAL.indexOf('world');
      const afterComma = ORIGINAL.indexOf(',') + 1;

      // Where an editor trims pasted edges (Draft.js), the text around the block is still intact.
      const spaced = row.trimsPastedEdges ? { trailing: 'Hello there, linkworld', leading: 'Hello there,link world' } : { trailing: 'Hello there, link world', leading: 'Hello there, link world' };

      // A trailing space: "link " before "world".
      await caretAt(beforeWorld);
      await insertWithPicker(page, SPACED_BLOCKS.trailing.name);
      await expect.poll(seen, POLL).toBe(spaced.trailing);
      if (row.page !== 'input-email') await expect.poll(caretSeen, POLL).toEqual({ before: spaced.trailing.slice(0, -'world'.length), after: 'world' });
      await page.keyboard.press('Control+z');
      await expect.poll(() => modelText(page), POLL).toBe(ORIGINAL);

      // A leading space: " link" after "there,".
      await caretAt(afterComma);
      await insertWithPicker(page, SPACED_BLOCKS.leading.name);
      await expect.poll(seen, POLL).toBe(spaced.leading);
      if (row.page !== 'input-email') await expect.poll(caretSeen, POLL).toEqual({ before: spaced.leading.slice(0, -' world'.length), after: ' world' });
      await page.keyboard.press('Control+z');
      await expect.poll(() => modelText(page), POLL).toBe(ORIGINAL);
      if (row.trimsPastedEdges) return;

      // What the user types after a trailing space lands after it, before "world".
      await caretAt(beforeWorld);
      await insertWithPicker(page, SPACED_BLOCKS.trailing.name);
      await expect.poll(seen, POLL).toBe('Hello there, link world');
      await page.keyboard.type('X');
      await expect.poll(seen, POLL).toBe('Hello there, link Xworld');
    } finally {
      await page.close();
    }
  });
}
