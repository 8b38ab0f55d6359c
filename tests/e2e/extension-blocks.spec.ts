import { expect, test, type Frame, type Locator, type Page } from '@playwright/test';
import type { CanneryBackgroundHooks } from '../../entrypoints/background';
import { DEMO_BLOCKS } from '../../server/seed/demo-data';
import type { DemoContext } from '../../server/seed/common';
import { EDITOR_ORIGIN, GMAIL_THREAD_URL, launchWithExtension, pickerFrame, routeEditors, routeGmail, type LoadedExtension, startInsertionIn } from './support/extension';
import { NO_GMAIL_HERE } from '../../hosts/gmail/adapter';
import { logInToHome } from './support/sign-in';
import { documentScreenshot } from './support/screenshots';
import { sentRecordsOf } from './support/usage-probe';
import { e2eUserFor, type E2eRole, type E2eUser } from './support/users';
import { xssVectors } from '../fixtures/xss-vectors';

/**
 * Using a block from Home in the Chrome extension (e2e build), signed in with a password against
 * the e2e server: in Gmail's compose (the fake Gmail on Gmail's origin) from the side panel and
 * after the compose's own Cannery button, and in a textarea, an input and a contenteditable from
 * the picker, with the keyboard only. Every use is recorded with the host's context.
 *
 * The side panel is driven as a tab (`sidePanel.open` needs a user gesture Playwright cannot make,
 * and Playwright does not attach to the real panel); brought behind the Gmail tab, it talks to that
 * tab as the real panel talks to the tab it sits next to: the active tab of its window. The picker
 * is the real one, framed into the page by the text-field script. Both share `chrome.storage.local`,
 * so signing in on the panel signs the picker in too.
 */

/** What the service worker's globals look like to the functions evaluated there. */
type ServiceWorkerGlobals = {
  cannery: CanneryBackgroundHooks;
  chrome: {
    tabs: { query(query: { url?: string }): Promise<Array<{ id?: number }>> };
    runtime: { getContexts(filter: { contextTypes: string[] }): Promise<Array<{ documentUrl?: string }>> };
  };
};

/** A demo block the e2e users (Elections only) see in `context`. */
function demoBlock(name: string, context: DemoContext) {
  const block = DEMO_BLOCKS.find((candidate) => candidate.name === name);
  if (!block?.contexts.includes(context) || block.team !== 'elections') throw new Error(`No Elections block "${name}" for ${context} in the demo data`);
  return block;
}

// Each test starts a browser with the extension and signs in: more than the suite's 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

let extension: LoadedExtension;

test.beforeEach(async () => {
  extension = await launchWithExtension();
});

test.afterEach(async () => {
  await extension.close();
});

/** Opens the side panel page as a tab, signs in as the role's user of this run and goes Home. */
async function signInOnPanel(role: E2eRole): Promise<{ panel: Page; user: E2eUser }> {
  const user = e2eUserFor(role, test.info());
  const panel = await extension.context.newPage();
  await panel.goto(`chrome-extension://${extension.extensionId}/sidepanel.html#/login`);
  await logInToHome(panel, user.email, user.password);
  return { panel, user };
}

/** Finds a block by name with Home's search box and clicks it. */
async function useBlock(app: Page, name: string) {
  await app.getByRole('searchbox', { name: 'Search name or content' }).fill(name);
  await app.getByRole('list', { name: 'Search results' }).getByRole('button', { name, exact: true }).click();
}

/** Waits until the server stored `count` uses of `email`'s blocks, and returns them. */
async function recordedUses(email: string, count: number) {
  await expect.poll(async () => (await sentRecordsOf(email)).reduce((sum, row) => sum + row.n, 0), { timeout: 15_000 }).toBe(count);
  return sentRecordsOf(email);
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Home's status line (what an insert did), not the side panel's notice about Gmail's page. */
const homeStatus = (panel: Page) => panel.getByRole('main', { name: 'Blocks' }).getByRole('status');

test.describe('Gmail', () => {
  /** Opens the fake Gmail's thread and a new message, with the caret after what the user typed into its first line. */
  async function openComposeWithCaret(typed: string): Promise<{ gmail: Page; body: Locator; dialog: Locator }> {
    await routeGmail(extension.context);
    const gmail = await extension.context.newPage();
    await gmail.goto(GMAIL_THREAD_URL);
    await gmail.getByRole('button', { name: 'Compose' }).click();
    const dialog = gmail.getByRole('dialog');
    // The content script saw the compose: it added its button.
    await expect(dialog.getByRole('button', { name: 'Cannery' })).toBeVisible();
    const body = dialog.getByRole('textbox', { name: 'Message Body' });
    await body.click();
    await gmail.keyboard.press('Control+Home');
    await gmail.keyboard.press('End');
    await gmail.keyboard.type(typed);
    await expect(body).toContainText(`Hi Lee,${typed}`);
    return { gmail, body, dialog };
  }

  test('from the side panel, a click inserts the block at the caret of the compose', async () => {
    const block = demoBlock('Poll Worker Application', 'gmail');
    const { panel, user } = await signInOnPanel('gmail-blocks');
    const { gmail, body } = await openComposeWithCaret(' Thanks for writing.');
    await gmail.bringToFront();
    // The panel reads the compose of the tab it sits next to.
    await expect(panel.getByText('Please select a block to auto-create an email reply to Lee Park')).toBeVisible();

    await useBlock(panel, block.name);
    await expect(body).toContainText('Thank you for your interest in serving as a poll worker!');
    const text = collapse(await body.innerText());
    expect(text).toMatch(/^Hi Lee, Thanks for writing\. ?Thank you for your interest in serving as a poll worker!/);
    expect(text.endsWith('will follow up with available training dates. Kind regards')).toBe(true);
    await expect(body.getByRole('link', { name: 'aldercounty.example/elections/pollworkers' })).toHaveAttribute('href', 'https://www.aldercounty.example/elections/pollworkers');
    // Gmail's compose cannot take the block's Cc: the panel says so in one line.
    // Home's own status line: the panel's page notice above the app is another status region, shown
    // for a moment while the panel's tab, not Gmail's, was the active one.
    await expect(homeStatus(panel)).toHaveText("Inserted. This host cannot take the block's Cc.");
    await documentScreenshot(gmail, 'gmail-compose');

    expect(await recordedUses(user.email, 1)).toEqual([expect.objectContaining({ contextUsed: 'gmail', uiSource: 'search', n: 1 })]);
  });

  test("a block's variables: the recipient's first name, the answer to its question, and the caret where its cursor was", async () => {
    const block = demoBlock('Ballot Status Follow-up', 'gmail');
    const { panel, user } = await signInOnPanel('gmail-variables');
    const { gmail, body } = await openComposeWithCaret(' ');
    await gmail.bringToFront();
    await expect(panel.getByText('Please select a block to auto-create an email reply to Lee Park')).toBeVisible();

    await useBlock(panel, block.name);
    const question = panel.getByRole('dialog', { name: block.name });
    await question.getByRole('textbox', { name: 'Ballot tracking number' }).fill('AB-1234');
    await question.getByRole('button', { name: 'Insert' }).click();
    // Writing a new message, the person answered is its first recipient.
    await expect(body).toContainText('Dear Lee,');
    await expect(body).toContainText('your mail ballot, number AB-1234, in our records:');
    expect(await body.innerText()).not.toMatch(/\{\{|\}\}|[\uE000-\uF8FF]/);

    await gmail.keyboard.type('it was counted.');
    await expect(body).toContainText('in our records: it was counted.');
    expect(await recordedUses(user.email, 1)).toEqual([expect.objectContaining({ contextUsed: 'gmail', uiSource: 'search', n: 1 })]);
  });

  test("the compose's Cannery button opens the side panel and keeps the caret, where the block then goes with its subject", async () => {
    const block = demoBlock('Military and Overseas Voters', 'gmail');
    const { panel, user } = await signInOnPanel('gmail-compose-button');
    const { body, dialog } = await openComposeWithCaret(' Thank you for your service.');

    await dialog.getByRole('button', { name: 'Cannery' }).click();
    await expect
      .poll(() =>
        extension.serviceWorker.evaluate(async () => {
          const panels = await (globalThis as unknown as ServiceWorkerGlobals).chrome.runtime.getContexts({ contextTypes: ['SIDE_PANEL'] });
          // A panel that is still loading reports an empty documentUrl: poll until it has one.
          return panels.map((opened) => (opened.documentUrl ? new URL(opened.documentUrl).pathname : ''));
        }),
      )
      .toEqual(['/sidepanel.html']);
    // The button did not take the focus or the caret from the message.
    await expect(body).toBeFocused();

    // Chrome's panel cannot be driven; the panel page opened as a tab stands in for it.
    await useBlock(panel, block.name);
    await expect(body).toContainText('Military and overseas voters may register and request a ballot');
    const text = collapse(await body.innerText());
    expect(text).toMatch(/^Hi Lee, Thank you for your service\. ?Thank you for your service, and for voting from away\./);
    expect(text.endsWith('usually within one business day. Kind regards')).toBe(true);
    await expect(dialog.getByRole('textbox', { name: 'Subject' })).toHaveValue(block.subjectLine!);
    await expect(homeStatus(panel)).toHaveText(`Inserted ${block.name}.`);

    expect(await recordedUses(user.email, 1)).toEqual([expect.objectContaining({ contextUsed: 'gmail', uiSource: 'search', n: 1 })]);
  });
});

test.describe('text fields, keyboard only', () => {
  /** Opens an editor page as a signed-in user: signed in on the side panel, which is then closed. */
  async function openEditor(role: E2eRole, fixture: string): Promise<{ page: Page; user: E2eUser }> {
    const { panel, user } = await signInOnPanel(role);
    // Closed, so whatever reaches the server was sent by the picker itself.
    await panel.close();
    await routeEditors(extension.context);
    const page = await extension.context.newPage();
    await page.goto(`${EDITOR_ORIGIN}/${fixture}`);
    return { page, user };
  }

  /**
   * What Ctrl+Shift+Space does. Key presses of Playwright reach the page, never Chrome's shortcut
   * handling, so the test runs what the 'insert-block' command runs (hosts/text-input/background.ts):
   * `startInsertion` on the top frame of the tab.
   */
  async function pressShortcut(): Promise<void> {
    const opened = await startInsertionIn(extension, `${EDITOR_ORIGIN}/*`);
    expect(opened).toBe(true);
  }

  /**
   * Opens the picker with the shortcut, types `query` into its search box (focused when it opens),
   * moves to the first result with ArrowDown, which must be `blockName`, and inserts it with Enter.
   */
  async function pickWithKeyboard(page: Page, query: string, blockName: string): Promise<void> {
    await pressShortcut();
    const picker: Frame = await pickerFrame(page);
    const search = picker.getByRole('searchbox', { name: 'Search name or content' });
    await expect(search).toBeVisible();
    // Focus went from the page into the picker's frame, and there to the search box.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('CANNERY-PICKER');
    await expect(search).toBeFocused();

    await page.keyboard.type(query);
    await expect(search).toHaveValue(query);
    const first = picker.getByRole('list', { name: 'Search results' }).getByRole('button').first();
    await expect(first).toHaveText(blockName);
    await page.keyboard.press('ArrowDown');
    await expect(first).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('cannery-picker')).toBeHidden();
  }

  test('a textarea: the block goes in as plain text at the caret, and typing goes on after it', async () => {
    const block = demoBlock('Find a Vote Center', 'text_input');
    const { page, user } = await openEditor('text-field-textarea', 'textarea.html');
    const field = page.getByRole('textbox', { name: 'Message' });
    // "Dear customer,\n\nBest regards": Tab in (caret at the start), then down to the empty line.
    await page.keyboard.press('Tab');
    await expect(field).toBeFocused();
    await page.keyboard.press('ArrowDown');
    expect(await field.evaluate((element: HTMLTextAreaElement) => element.selectionStart)).toBe('Dear customer,\n'.length);

    await pickWithKeyboard(page, 'find a vote center', block.name);
    await expect(field).toBeFocused();
    const value = await field.inputValue();
    expect(value.startsWith('Dear customer,\nYou can vote at any vote center in Alder County.')).toBe(true);
    expect(value.endsWith('\nBest regards')).toBe(true);
    const inserted = value.slice('Dear customer,\n'.length, -'\nBest regards'.length);
    expect(inserted).toContain('https://www.aldercounty.example/elections/vote-centers');
    expect(inserted).not.toMatch(/<[a-z/]/i);
    const caret = await field.evaluate((element: HTMLTextAreaElement) => [element.selectionStart, element.selectionEnd]);
    expect(caret).toEqual([value.length - '\nBest regards'.length, value.length - '\nBest regards'.length]);
    await page.keyboard.type(' Thanks!');
    await expect(field).toHaveValue(`Dear customer,\n${inserted} Thanks!\nBest regards`);
    await documentScreenshot(page, 'text-field');

    expect(await recordedUses(user.email, 1)).toEqual([expect.objectContaining({ contextUsed: 'text_input', uiSource: 'search', n: 1 })]);
  });

  test("a textarea: a block's question is asked in the picker, and the caret ends where its cursor was", async () => {
    const block = demoBlock('Ballot Status Follow-up', 'text_input');
    const { page, user } = await openEditor('text-field-variables', 'textarea.html');
    const field = page.getByRole('textbox', { name: 'Message' });
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    expect(await field.evaluate((element: HTMLTextAreaElement) => element.selectionStart)).toBe('Dear customer,\n'.length);

    await pressShortcut();
    const picker: Frame = await pickerFrame(page);
    await expect(picker.getByRole('searchbox', { name: 'Search name or content' })).toBeFocused();
    await page.keyboard.type('ballot status follow-up');
    const first = picker.getByRole('list', { name: 'Search results' }).getByRole('button').first();
    await expect(first).toHaveText(block.name);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const dialog = picker.getByRole('dialog', { name: block.name });
    await expect(dialog.getByRole('textbox', { name: 'Ballot tracking number' })).toBeFocused();
    // A text field names nobody: the first name of the person written to is asked too, with nothing to guess from.
    const firstName = dialog.getByRole('textbox', { name: "Recipient's first name" });
    await expect(firstName).toHaveValue('');
    // The whole dialog fits the picker's small frame: both fields and the buttons can be seen.
    const frameBox = await page.locator('cannery-picker').boundingBox();
    for (const part of [firstName, dialog.getByRole('button', { name: 'Insert' }), dialog.getByRole('button', { name: 'Cancel' })]) {
      await expect(part).toBeInViewport();
      const box = await part.boundingBox();
      expect(box && frameBox && box.y >= frameBox.y && box.y + box.height <= frameBox.y + frameBox.height).toBe(true);
    }
    await page.keyboard.type('AB-1234');
    await page.keyboard.press('Tab');
    await expect(firstName).toBeFocused();
    await page.keyboard.type('Jordan');
    await page.keyboard.press('Enter');
    await expect(page.locator('cannery-picker')).toBeHidden();

    await expect(field).toBeFocused();
    const value = await field.inputValue();
    expect(value.startsWith('Dear customer,\nDear Jordan,\n\nThank you for following up.')).toBe(true);
    expect(value).toContain('your mail ballot, number AB-1234, in our records: \n');
    expect(value).toContain(user.email);
    expect(value).not.toMatch(/\{\{|\}\}|[\uE000-\uF8FF]/);
    const caret = value.indexOf('in our records: ') + 'in our records: '.length;
    expect(await field.evaluate((element: HTMLTextAreaElement) => [element.selectionStart, element.selectionEnd])).toEqual([caret, caret]);
    await page.keyboard.type('it was counted.');
    expect(await field.inputValue()).toContain('in our records: it was counted.\n');

    expect(await recordedUses(user.email, 1)).toEqual([expect.objectContaining({ contextUsed: 'text_input', uiSource: 'search', n: 1 })]);
  });

  test('an input: the block goes in as one line of text at the caret, and typing goes on after it', async () => {
    const block = demoBlock('Elections Contact Info', 'text_input');
    const { page, user } = await openEditor('text-field-input', 'input.html');
    const field = page.getByRole('textbox', { name: 'Reply' });
    const before = 'Hi Sam, here you go: ';
    const after = ' Anything else?';
    // Tab in (Chrome selects all of an input), then Home and right to the gap between the two parts.
    await page.keyboard.press('Tab');
    await expect(field).toBeFocused();
    await page.keyboard.press('Home');
    for (let i = 0; i < before.length; i++) await page.keyboard.press('ArrowRight');
    expect(await field.evaluate((element: HTMLInputElement) => [element.selectionStart, element.selectionEnd])).toEqual([before.length, before.length]);

    await pickWithKeyboard(page, 'elections contact info', block.name);
    await expect(field).toBeFocused();
    const value = await field.inputValue();
    expect(value.startsWith(`${before}The Elections Office is open Monday to Friday`)).toBe(true);
    expect(value.endsWith(after)).toBe(true);
    const inserted = value.slice(before.length, -after.length);
    expect(inserted).toContain('elections@aldercounty.example');
    expect(inserted).not.toMatch(/[\n<]/);
    const caret = await field.evaluate((element: HTMLInputElement) => [element.selectionStart, element.selectionEnd]);
    expect(caret).toEqual([before.length + inserted.length, before.length + inserted.length]);
    await page.keyboard.type(' Thanks!');
    await expect(field).toHaveValue(`${before}${inserted} Thanks!${after}`);

    expect(await recordedUses(user.email, 1)).toEqual([expect.objectContaining({ contextUsed: 'text_input', uiSource: 'search', n: 1 })]);
  });

  test('a contenteditable: the block goes in as HTML at the caret, and typing goes on after it', async () => {
    const block = demoBlock('Thank You for Voting', 'text_input');
    const { page, user } = await openEditor('text-field-contenteditable', 'contenteditable.html');
    const editor = page.locator('#editor');
    // "<p>Dear customer,</p><p>Best regards</p>": Tab in (caret at the start), End of the first line.
    await page.keyboard.press('Tab');
    await expect(editor).toBeFocused();
    await page.keyboard.press('End');

    await pickWithKeyboard(page, 'thank you for voting', block.name);
    await expect(editor).toBeFocused();
    // HTML: the link is a link.
    await expect(editor.getByRole('link', { name: 'aldercounty.example/elections/results' })).toHaveAttribute('href', 'https://www.aldercounty.example/elections/results');
    // The block starts with a paragraph: it goes on the line below "Dear customer,", not onto it.
    expect(await editor.innerText()).toMatch(/^Dear customer,\n+Thank you for voting!/);
    const text = collapse(await editor.innerText());
    expect(text).toBe(
      collapse('Dear customer, Thank you for voting! You can follow your ballot with Ballot Tracker, and results are posted at aldercounty.example/elections/results starting at 8:15 p.m. on Election Day. Best regards'),
    );
    // The caret is right after the block: what the user types next follows it.
    await page.keyboard.type(' Thanks!');
    await expect(editor).toContainText('on Election Day. Thanks!');
    expect(collapse(await editor.innerText()).endsWith('on Election Day. Thanks! Best regards')).toBe(true);

    expect(await recordedUses(user.email, 1)).toEqual([expect.objectContaining({ contextUsed: 'text_input', uiSource: 'search', n: 1 })]);
  });

  test('a contenteditable takes hostile blocks from the picker without running them, their text kept', async () => {
    test.setTimeout(120_000);
    // One of each kind: an event handler, script URLs in their disguises, frames, forms, styles, mutation XSS.
    const names = ['script-plain', 'img-onerror-odd-spacing', 'svg-onload', 'details-ontoggle', 'link-javascript-tab', 'link-data-html', 'iframe-srcdoc', 'object-data-base64', 'form-action', 'inline-style-expression', 'mxss-svg-p-style', 'noscript-smuggling'];
    const vectors = names.map((name) => {
      const vector = xssVectors.find((candidate) => candidate.name === name);
      if (!vector) throw new Error(`No XSS vector named ${name}`);
      return vector;
    });
    const calls: unknown[] = [];
    await extension.context.exposeFunction('__xssReport', (name: unknown) => calls.push(name));
    await extension.context.addInitScript(() => {
      const scope = window as unknown as { __xss: (name: unknown) => void; __xssReport: (name: unknown) => void };
      scope.__xss = (name) => scope.__xssReport(name);
    });
    const { page } = await openEditor('xss', 'contenteditable.html');
    const editor = page.locator('#editor');
    for (const vector of vectors) {
      await editor.click();
      await page.keyboard.press('Control+End');
      await pickWithKeyboard(page, vector.name, vector.name);
      await expect(editor).toContainText(vector.keptText);
      expect(calls, `after ${vector.name}`).toEqual([]);
    }
    // Nothing script-like reached the page's editor.
    const active = await editor.evaluate((root) =>
      [root, ...root.querySelectorAll('*')].flatMap((element) => [
        ...(['script', 'iframe', 'object', 'embed', 'form', 'svg', 'style'].includes(element.localName) ? [element.localName] : []),
        ...[...element.attributes].filter((attribute) => /^on/i.test(attribute.name) || /^\s*(javascript|vbscript|data:text)/i.test(attribute.value)).map((attribute) => `${element.localName}[${attribute.name}]`),
      ]),
    );
    expect(active).toEqual([]);
    await page.waitForTimeout(1000);
    expect(calls).toEqual([]);
  });
});

test.describe('the side panel next to a tab that is not Gmail', () => {
  test('says to open Gmail, asks nothing about classification, and stays quiet in the console', async () => {
    const { panel } = await signInOnPanel('gmail-blocks');
    const errors: string[] = [];
    panel.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // The panel's window shows a page that is not Gmail.
    await routeEditors(extension.context);
    const other = await extension.context.newPage();
    await other.goto(`${EDITOR_ORIGIN}/textarea.html`);
    await other.bringToFront();
    await expect(panel.getByRole('status').filter({ hasText: NO_GMAIL_HERE })).toBeVisible();
    await expect(panel.getByText('Classifying this email...')).toHaveCount(0);

    // A block picked there says the same, instead of a compose error.
    await useBlock(panel, demoBlock('Track My Ballot', 'gmail').name);
    await expect(panel.getByText(NO_GMAIL_HERE).first()).toBeVisible();
    await panel.waitForTimeout(1500);
    expect(errors.filter((text) => /Receiving end does not exist|Could not establish connection/.test(text))).toEqual([]);
  });
});
