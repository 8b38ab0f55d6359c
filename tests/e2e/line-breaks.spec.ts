import { expect, test, type Locator, type Page } from '@playwright/test';
import { GMAIL_THREAD_URL, launchWithExtension, routeGmail, type LoadedExtension } from './support/extension';
import { LINE_BLOCKS, type LineBlock } from './support/line-blocks';
import { fakeOutlook, openTaskPane } from './support/outlook';
import { logInToHome, pane, signInToHome } from './support/sign-in';
import { e2eUserFor } from './support/users';

/**
 * A block that starts with a paragraph or a list, put after "Hello Jordan," at the end of a line,
 * starts on a line of its own instead of running into it ("Hello Jordan,Vote centers are open");
 * a block of inline content continues the line; on an empty line the block starts right there,
 * without a blank line above it. Walked as a user does it in the playground's compose and in
 * Gmail's (the side panel); Outlook takes the block as Cannery sends it (see docs/design-notes.md). Text fields and real editors: editor-matrix.spec.ts.
 */

const GREETING = 'Hello Jordan,';

/**
 * The lines a rich field shows, as the user reads them: a line per paragraph, list item, `<div>`
 * and `<br>`; an empty line (a `<br>` alone on its line, as an empty paragraph holds) is an empty string.
 */
function linesOf(field: Locator): Promise<string[]> {
  return field.evaluate((root) => {
    const blocks = new Set(['P', 'DIV', 'LI', 'UL', 'OL', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'PRE', 'TABLE', 'TR']);
    const lines: string[] = [];
    let current: string | null = null;
    // A block's end closes its last line; whitespace between tags makes none.
    const endLine = () => {
      if (current !== null && current.trim() !== '') lines.push(current.replace(/\s+/g, ' ').trim());
      current = null;
    };
    const walk = (node: Node) => {
      if (node.nodeType === Node.TEXT_NODE) {
        current = (current ?? '') + (node as Text).data;
        return;
      }
      if (node.nodeName === 'BR') {
        lines.push((current ?? '').replace(/\s+/g, ' ').trim());
        current = null;
        return;
      }
      const block = blocks.has(node.nodeName);
      if (block) endLine();
      node.childNodes.forEach(walk);
      if (block) endLine();
    };
    root.childNodes.forEach(walk);
    endLine();
    return lines;
  });
}

/** The block's lines right after the greeting's: the greeting alone on its line, no blank line between. */
function expectOwnLine(lines: string[], block: LineBlock): void {
  const at = lines.indexOf(GREETING);
  expect(at, `"${GREETING}" alone on a line in ${JSON.stringify(lines)}`).toBeGreaterThanOrEqual(0);
  expect(lines.slice(at, at + 1 + block.lines.length)).toEqual([GREETING, ...block.lines]);
}

test.describe('the playground', () => {
  const body = (page: Page) => page.getByRole('textbox', { name: 'Message body' });

  /** An empty message body with `typed` in it and the caret after it, as the user leaves it. */
  async function typeInEmptyBody(page: Page, typed: string, then?: 'Enter') {
    await body(page).click();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Delete');
    await page.keyboard.type(typed);
    if (then) await page.keyboard.press(then);
    // The compose remembers the caret on `selectionchange`, which the browser fires a task after
    // the key press; a user's hand takes far longer than that to reach the pane.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  }

  async function insertBlock(page: Page, block: LineBlock) {
    await pane(page).getByRole('searchbox', { name: 'Search name or content' }).fill(block.name);
    await pane(page).getByRole('list', { name: 'Search results' }).getByRole('button', { name: block.name, exact: true }).click();
    await expect(body(page)).toContainText(block.lines.at(-1) ?? '');
  }

  test('a block that starts with a paragraph or a list goes on its own line after "Hello Jordan,"; inline content and an empty line stay as they are', async ({ page }) => {
    const user = e2eUserFor('lines-playground', test.info());
    await signInToHome(page, user.email, user.password);
    await page.getByRole('tab', { name: 'Compose' }).click();

    for (const block of [LINE_BLOCKS.paragraphFirst, LINE_BLOCKS.listFirst]) {
      await typeInEmptyBody(page, GREETING);
      await insertBlock(page, block);
      expectOwnLine(await linesOf(body(page)), block);
      expect(await body(page).innerText()).not.toContain(`${GREETING}${block.firstLine}`);
    }

    // Inline content continues the line.
    await typeInEmptyBody(page, `${GREETING} `);
    await insertBlock(page, LINE_BLOCKS.inlineOnly);
    expect(await linesOf(body(page))).toEqual([`${GREETING} ${LINE_BLOCKS.inlineOnly.firstLine}`]);

    // On an empty line the block starts there: no blank line above it.
    await typeInEmptyBody(page, GREETING, 'Enter');
    await insertBlock(page, LINE_BLOCKS.paragraphFirst);
    expectOwnLine(await linesOf(body(page)), LINE_BLOCKS.paragraphFirst);
  });
});

test.describe('Gmail', () => {
  // A browser with the extension and a sign-in: more than the suite's 30 s on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  let extension: LoadedExtension;
  test.beforeEach(async () => {
    extension = await launchWithExtension();
  });
  test.afterEach(async () => {
    await extension.close();
  });

  test('from the side panel, a block that starts with a paragraph or a list goes on its own line after "Hello Jordan,"; inline content and an empty line stay as they are', async () => {
    const user = e2eUserFor('lines-gmail', test.info());
    const panel = await extension.context.newPage();
    await panel.goto(`chrome-extension://${extension.extensionId}/sidepanel.html#/login`);
    await logInToHome(panel, user.email, user.password);

    await routeGmail(extension.context);
    const gmail = await extension.context.newPage();
    await gmail.goto(GMAIL_THREAD_URL);
    await gmail.getByRole('button', { name: 'Compose' }).click();
    const dialog = gmail.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Cannery' })).toBeVisible();
    const body = dialog.getByRole('textbox', { name: 'Message Body' });

    async function typeInEmptyBody(typed: string, then?: 'Enter') {
      await body.click();
      await gmail.keyboard.press('Control+a');
      await gmail.keyboard.press('Delete');
      await gmail.keyboard.type(typed);
      if (then) await gmail.keyboard.press(then);
      // The panel talks to the tab it sits next to: the active one.
      await gmail.bringToFront();
    }
    async function insertBlock(block: LineBlock) {
      await panel.getByRole('searchbox', { name: 'Search name or content' }).fill(block.name);
      await panel.getByRole('list', { name: 'Search results' }).getByRole('button', { name: block.name, exact: true }).click();
      await expect(body).toContainText(block.lines.at(-1) ?? '');
    }

    for (const block of [LINE_BLOCKS.paragraphFirst, LINE_BLOCKS.listFirst]) {
      await typeInEmptyBody(GREETING);
      await insertBlock(block);
      expectOwnLine(await linesOf(body), block);
      expect(await body.innerText()).not.toContain(`${GREETING}${block.firstLine}`);
    }

    await typeInEmptyBody(`${GREETING} `);
    await insertBlock(LINE_BLOCKS.inlineOnly);
    expect(await linesOf(body)).toEqual([`${GREETING} ${LINE_BLOCKS.inlineOnly.firstLine}`]);

    await typeInEmptyBody(GREETING, 'Enter');
    await insertBlock(LINE_BLOCKS.paragraphFirst);
    expectOwnLine(await linesOf(body), LINE_BLOCKS.paragraphFirst);
  });
});

test('Outlook: the block goes to setSelectedDataAsync as it is, its first paragraph a paragraph, and Outlook lays it out', async ({ page }) => {
  // Office.js has no call that reads the text around the cursor, so the pane cannot tell "Hello
  // Jordan,|" from an empty line; it sends the block unchanged, whose leading <p> Outlook's editor
  // places as a paragraph. A line break added blindly would leave a blank line on empty lines.
  const user = e2eUserFor('lines-outlook', test.info());
  const before = `<div>${GREETING}`;
  await openTaskPane(page, { item: { mode: 'compose', subject: 'RE: Hours', to: [{ displayName: 'Jordan Lee', emailAddress: 'jordan.lee@example.org' }], bodyHtml: `${before}</div>`, cursor: before.length }, hash: '#/login' });
  await logInToHome(page, user.email, user.password);
  const outlook = fakeOutlook(page);

  await page.getByRole('searchbox', { name: 'Search name or content' }).fill(LINE_BLOCKS.paragraphFirst.name);
  await page.getByRole('list', { name: 'Search results' }).getByRole('button', { name: LINE_BLOCKS.paragraphFirst.name, exact: true }).click();
  await expect.poll(() => outlook.insertions()).toEqual([{ method: 'setSelectedDataAsync', data: LINE_BLOCKS.paragraphFirst.html, coercionType: 'html' }]);
  expect(await outlook.composeBody()).toBe(`${before}${LINE_BLOCKS.paragraphFirst.html}</div>`);
});
