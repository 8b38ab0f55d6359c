import { expect, test, type Locator, type Page } from '@playwright/test';
import type { CanneryBackgroundHooks } from '../../entrypoints/background';
import { CONTENT_INSTANCE_KEY } from '../../hosts/text-input/protocol';
import { EDITOR_MATRIX_URL, routeEditorMatrix } from './support/editor-matrix';
import { AFTER, BEFORE, modelText, ORIGINAL, POLL, readEditor, ROWS, type Row } from './support/editor-rows';
import { EDITOR_ORIGIN, GMAIL_THREAD_URL, launchWithExtension, pickerFrame, routeGmail, type LoadedExtension, startInsertionIn } from './support/extension';
import { documentScreenshot } from './support/screenshots';
import { logInToHome } from './support/sign-in';
import { sentRecordsOf } from './support/usage-probe';
import { e2eUserFor, type E2eUser } from './support/users';
import { GREETING_BLOCK } from './support/signed-blocks';

/**
 * Typed shortcuts in the real extension (e2e build): the demo block "Find a Vote Center" has the
 * shortcut ;vote. Typing it and a space in Gmail's compose replaces it with the block through the
 * picker's insertion, the caret after the block; one Ctrl+Z gives the typed shortcut back; each
 * expansion is recorded as a use. Elsewhere only on a site the user turned on: a site that is not
 * gets no script and no expansion; the picker's "Expand shortcuts on this site" turns the editor
 * pages' site on, and then the shortcut expands in every row of the editor matrix; Settings lists
 * the site and "Turn off" ends it. One browser for the whole file, one tab for the matrix's rows.
 */

const SHORTCUT = ';vote';

/** What the service worker's globals look like to the functions evaluated there. */
type WorkerGlobals = {
  cannery: CanneryBackgroundHooks;
  chrome: {
    storage: { local: { get(key: string): Promise<Record<string, unknown>> } };
    tabs: { query(query: { url?: string }): Promise<Array<{ id?: number }>> };
    scripting: {
      executeScript(injection: { target: { tabId: number; allFrames: boolean }; func: (key: string) => boolean; args: string[] }): Promise<Array<{ result?: unknown }>>;
      getRegisteredContentScripts(): Promise<Array<{ id: string; matches?: string[] }>>;
    };
  };
};
const BLOCK_START = 'You can vote at any vote center in Alder County.';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

let extension: LoadedExtension;
let user: E2eUser;

test.beforeAll(async () => {
  extension = await launchWithExtension();
  user = e2eUserFor('shortcuts', test.info());
  // Signing in on an extension page loads the blocks, which keeps the user's shortcuts for the pages.
  const panel = await extension.context.newPage();
  await panel.goto(`chrome-extension://${extension.extensionId}/sidepanel.html#/login`);
  await logInToHome(panel, user.email, user.password);
  await expect
    .poll(async () => JSON.stringify(await extension.serviceWorker.evaluate(() => (globalThis as unknown as WorkerGlobals).chrome.storage.local.get('cannery.shortcuts'))))
    .toContain(SHORTCUT);
});

test.afterAll(async () => {
  await extension?.close();
});

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

async function recordedUses(count: number) {
  await expect.poll(async () => (await sentRecordsOf(user.email)).reduce((sum, row) => sum + row.n, 0), { timeout: 15_000 }).toBe(count);
  return sentRecordsOf(user.email);
}

test.describe("Gmail's compose", () => {
  async function openCompose(): Promise<{ gmail: Page; body: Locator }> {
    await routeGmail(extension.context);
    const gmail = await extension.context.newPage();
    await gmail.goto(GMAIL_THREAD_URL);
    await gmail.getByRole('button', { name: 'Compose' }).click();
    const dialog = gmail.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Cannery' })).toBeVisible();
    const body = dialog.getByRole('textbox', { name: 'Message Body' });
    await body.click();
    await gmail.keyboard.press('Control+Home');
    await gmail.keyboard.press('End');
    return { gmail, body };
  }

  test('a shortcut and a space insert the block over it; one Ctrl+Z gives the shortcut back; the caret follows the block', async () => {
    const { gmail, body } = await openCompose();
    await gmail.keyboard.type(` Hello there ${SHORTCUT}`);
    await gmail.keyboard.press('Space');
    await expect(body).toContainText(BLOCK_START);
    expect(collapse(await body.innerText())).not.toContain(SHORTCUT);
    expect(collapse(await body.innerText())).toContain('Hello there');

    await gmail.keyboard.press('Control+z');
    await expect(body).not.toContainText(BLOCK_START);
    expect(collapse(await body.innerText())).toContain(`Hello there ${SHORTCUT}`);

    // Again, then typing goes on after the block.
    await gmail.keyboard.press('End');
    await gmail.keyboard.type(` ${SHORTCUT}`);
    await gmail.keyboard.press('Space');
    await expect(body).toContainText(BLOCK_START);
    await gmail.keyboard.type('Thanks');
    expect(collapse(await body.innerText())).toMatch(/vote-centers\.\s*Thanks/);

    const uses = await recordedUses(2);
    expect(uses).toEqual([expect.objectContaining({ uiSource: 'search', n: 2 })]);
  });

  test('typed at once after the signature, a shortcut greets the recipient Gmail shows, and one Ctrl+Z takes the block out', async () => {
    const { gmail, body } = await openCompose();
    // The new message is to Lee Park: the greeting names Lee, as the side panel would, without asking.
    await gmail.keyboard.press('Control+End');
    await gmail.keyboard.type(` About drop boxes: ${GREETING_BLOCK.shortcut}`);
    await gmail.keyboard.press('Space');
    await expect(body).toContainText('Ballot drop boxes are open until 8:00 p.m.');
    expect(collapse(await body.innerText())).toContain('About drop boxes: Hi Lee,');

    // One Ctrl+Z takes the block out, whole; the next gives the typed shortcut back.
    await gmail.keyboard.press('Control+z');
    await expect(body).not.toContainText('Ballot drop boxes are open');
    expect(collapse(await body.innerText())).toMatch(/Kind regards About drop boxes:$/);
    await gmail.keyboard.press('Control+z');
    await expect.poll(async () => collapse(await body.innerText())).toMatch(new RegExp(`Kind regards About drop boxes: ${GREETING_BLOCK.shortcut}$`));
    await expect(body).not.toContainText('Ballot drop boxes are open');
  });

  test("the page's own made-up keys expand nothing and learn nothing: only the user's keys count", async () => {
    const { gmail, body } = await openCompose();
    const usesBefore = (await sentRecordsOf(user.email)).reduce((sum, row) => sum + row.n, 0);
    // What a hostile script on the page does: type a guess into its own field, key by key, with
    // every event a keystroke makes, and watch what the events' answers and the field tell it.
    const guess = (text: string) =>
      gmail.evaluate((keys) => {
        const field = document.querySelector('[role="dialog"] [aria-label="Message Body"]') as HTMLElement;
        field.focus();
        const answers: string[] = [];
        for (const key of keys) {
          const init = { key, bubbles: true, cancelable: true, composed: true };
          const down = new KeyboardEvent('keydown', init);
          answers.push(`${String(field.dispatchEvent(down))}${String(down.defaultPrevented)}`);
          field.dispatchEvent(new KeyboardEvent('keypress', init));
          field.dispatchEvent(new InputEvent('beforeinput', { inputType: 'insertText', data: key, bubbles: true, cancelable: true }));
          document.execCommand('insertText', false, key);
          field.dispatchEvent(new KeyboardEvent('keyup', init));
        }
        return { answers, selection: String(document.getSelection()) };
      }, [...text]);
    const shortcut = await guess(` ${SHORTCUT} `);
    const other = await guess(' ;zzzz ');
    expect(shortcut.answers).toEqual(other.answers);
    expect(new Set(shortcut.answers)).toEqual(new Set(['truefalse']));
    expect(shortcut.selection).toBe('');
    await gmail.waitForTimeout(1_000);
    await expect(body).not.toContainText(BLOCK_START);
    expect(collapse(await body.innerText())).toContain(`${SHORTCUT} ;zzzz`);
    expect((await sentRecordsOf(user.email)).reduce((sum, row) => sum + row.n, 0)).toBe(usesBefore);

    // The user's own keys, in the same field, still expand.
    await gmail.keyboard.type(` ${SHORTCUT}`);
    await gmail.keyboard.press('Space');
    await expect(body).toContainText(BLOCK_START);
  });

  test('a word that is not a shortcut, and a shortcut inside a word, stay as typed', async () => {
    const { gmail, body } = await openCompose();
    await gmail.keyboard.type(` x${SHORTCUT} ;votes `);
    await gmail.waitForTimeout(500);
    expect(collapse(await body.innerText())).toContain(`x${SHORTCUT} ;votes`);
    await expect(body).not.toContainText(BLOCK_START);
  });
});

/** The editor pages' site, which the tests below turn on; the same pages on 127.0.0.1 are a site that stays off. */
const OFF_SITE = EDITOR_ORIGIN.replace('localhost', '127.0.0.1');
const BLOCK_END = 'vote-centers';

/** Whether the text-field content script runs in any frame of the tab showing `url` (its marker, in the extension's isolated world). */
async function scriptRunsIn(url: string): Promise<boolean> {
  return extension.serviceWorker.evaluate(
    async ({ url, key }) => {
      const sw = globalThis as unknown as WorkerGlobals;
      const [tab] = await sw.chrome.tabs.query({ url });
      if (tab?.id == null) throw new Error(`no tab shows ${url}`);
      const frames = await sw.chrome.scripting.executeScript({ target: { tabId: tab.id, allFrames: true }, func: (name) => Symbol.for(name) in globalThis, args: [key] });
      return frames.some((frame) => frame.result === true);
    },
    { url, key: CONTENT_INSTANCE_KEY },
  );
}

/** The registered content scripts' match patterns. */
async function registeredMatches(): Promise<string[]> {
  return extension.serviceWorker.evaluate(async () => {
    const sw = globalThis as unknown as WorkerGlobals;
    return (await sw.chrome.scripting.getRegisteredContentScripts()).flatMap((script) => script.matches ?? []);
  });
}

/** Opens a row in `page` and puts the caret after "Hello there", waiting until the editor has it there. */
async function caretAfterHelloThere(page: Page, row: Row): Promise<void> {
  await page.goto(`${EDITOR_MATRIX_URL}/${row.page}.html`);
  await page.waitForFunction(() => document.documentElement.dataset.fixtureReady === 'true');
  expect((await readEditor(page)).text).toBe(ORIGINAL);
  await row.field(page).click();
  await page.keyboard.press('Control+Home');
  if (row.page !== 'input-email') await expect.poll(async () => (await readEditor(page)).caret, POLL).toEqual({ before: '', after: ORIGINAL });
  for (let i = 0; i < BEFORE.length; i++) await page.keyboard.press('ArrowRight');
  if (row.page !== 'input-email') await expect.poll(async () => (await readEditor(page)).caret, POLL).toEqual({ before: BEFORE, after: AFTER });
}

const TEXTAREA = ROWS.find((row) => row.page === 'textarea')!;

/**
 * Editors whose own history joins every edit made within this long of the previous one into one
 * undo step, whatever the edits are (Quill's history `delay`, prosemirror-history's
 * `newGroupDelay`, at their defaults): a block that lands sooner after the last typed character
 * than that is undone together with the typing (docs/staff.md "Shortcuts"). Their rows pause that long
 * before the trigger, so the one Ctrl+Z checked is the block's own; a second test types at speed
 * and checks what these editors do then.
 */
const GROUPS_EDITS_WITHIN_MS: Record<string, number> = { quill: 1_000, quill1: 1_000, tiptap: 500, prosemirror: 500 };

test.describe('sites the user turns on', () => {
  let page: Page;

  test.beforeAll(async () => {
    await routeEditorMatrix(extension.context);
    // The same page on another site, which is never turned on.
    await extension.context.route(`${OFF_SITE}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Off</title><textarea aria-label="Message">Hello there, world</textarea>' }),
    );
    page = await extension.context.newPage();
  });

  test('a site not turned on gets no script, and a shortcut and a space stay as typed', async () => {
    const off = await extension.context.newPage();
    await off.goto(`${OFF_SITE}/off.html`);
    const field = off.getByRole('textbox', { name: 'Message' });
    await field.click();
    await off.keyboard.press('End');
    await off.keyboard.type(` ${SHORTCUT}`);
    await off.keyboard.press('Space');
    await off.waitForTimeout(1_000);
    await expect(field).toHaveValue(`Hello there, world ${SHORTCUT} `);
    expect(await scriptRunsIn(`${OFF_SITE}/*`)).toBe(false);
    expect(await registeredMatches()).toEqual([]);
    await off.close();
  });

  test('"Expand shortcuts on this site" in the picker turns the site on, and a shortcut and a space then expand in a textarea there', async () => {
    await caretAfterHelloThere(page, TEXTAREA);
    // Before the site is on, nothing runs there.
    expect(await scriptRunsIn(`${EDITOR_ORIGIN}/*`)).toBe(false);
    // The picker, as Ctrl+Shift+Space opens it (extension-blocks.spec.ts).
    const opened = await startInsertionIn(extension, `${EDITOR_MATRIX_URL}/*`);
    expect(opened).toBe(true);
    const picker = await pickerFrame(page);
    const button = picker.getByRole('button', { name: 'Expand shortcuts on this site' });
    await expect(button).toBeVisible();
    await documentScreenshot(page, 'picker-expand-shortcuts');
    await button.click();
    await expect(picker.getByRole('status').filter({ hasText: 'Shortcuts now expand on http://localhost:8798' })).toBeVisible();
    expect(await registeredMatches()).toEqual([`${EDITOR_ORIGIN}/*`]);
    await page.keyboard.press('Escape');
    await expect(page.locator('cannery-picker')).toBeHidden();

    // No reload: the page's script asks for the shortcuts again at once.
    await TEXTAREA.field(page).click();
    await page.keyboard.press('End');
    await page.keyboard.type(` ${SHORTCUT}`);
    await page.keyboard.press('Space');
    await expect.poll(() => modelText(page), POLL).toContain(BLOCK_START);
    expect(await modelText(page)).not.toContain(SHORTCUT);

    // A new page of the site runs the registered script from the start.
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.fixtureReady === 'true');
    await expect.poll(() => scriptRunsIn(`${EDITOR_ORIGIN}/*`)).toBe(true);
  });

  for (const row of ROWS) {
    test(`${row.name}: a shortcut and a space after "Hello there" put the block at the caret; one Ctrl+Z gives the shortcut back`, async () => {
      await caretAfterHelloThere(page, row);
      await page.keyboard.type(` ${SHORTCUT}`);
      await expect.poll(() => modelText(page), POLL).toBe(`${BEFORE} ${SHORTCUT}${AFTER}`);
      const groupsWithin = GROUPS_EDITS_WITHIN_MS[row.page];
      if (groupsWithin) await page.waitForTimeout(groupsWithin + 200);
      await page.keyboard.press('Space');
      await expect.poll(() => modelText(page), POLL).toContain(BLOCK_END);

      const read = await readEditor(page);
      // An editor may keep an empty paragraph at the end of the document (TipTap's trailing node).
      const text = read.text.replace(/\n+$/, '');
      expect(text.startsWith(BEFORE), text).toBe(true);
      expect(text.endsWith(AFTER), text).toBe(true);
      const inserted = collapse(text.slice(BEFORE.length, -AFTER.length));
      expect(inserted).toContain(BLOCK_START);
      expect(inserted).not.toContain(SHORTCUT);
      // The caret right after the block.
      if (row.page === 'input-email') {
        // No selection API to read the caret from: a typed character lands before ", world".
        await page.keyboard.type('#');
        await expect.poll(() => modelText(page), POLL).toBe(`${text.slice(0, -AFTER.length)}#${AFTER}`);
      } else {
        expect(read.caret && collapse(read.caret.after)).toBe(collapse(AFTER));
        expect(read.caret && collapse(read.caret.before)).toBe(collapse(text.slice(0, text.length - AFTER.length)));
      }

      // One Ctrl+Z: the typed shortcut is back, the rest as it was.
      await page.keyboard.press('Control+z');
      await expect.poll(() => modelText(page), POLL).toBe(`${BEFORE} ${SHORTCUT}${AFTER}`);
    });
  }

  for (const row of ROWS.filter((candidate) => GROUPS_EDITS_WITHIN_MS[candidate.page])) {
    test(`${row.name}: typed at speed, the shortcut still expands; one Ctrl+Z takes the block out, with the typing when the editor joined them`, async () => {
      await caretAfterHelloThere(page, row);
      await page.keyboard.type(` ${SHORTCUT}`);
      await page.keyboard.press('Space');
      await expect.poll(() => modelText(page), POLL).toContain(BLOCK_END);
      await page.keyboard.press('Control+z');
      await expect.poll(() => modelText(page), POLL).not.toContain(BLOCK_END);
      // The block is out either way; the typed shortcut with it when it landed within the editor's delay.
      expect([`${BEFORE} ${SHORTCUT}${AFTER}`, ORIGINAL]).toContain(await modelText(page));
    });
  }

  test('Settings lists the site; "Turn off" ends expansion there and its script', async () => {
    const panel = await extension.context.newPage();
    await panel.goto(`chrome-extension://${extension.extensionId}/sidepanel.html#/user-settings`);
    const sites = panel.getByRole('list', { name: 'Sites with shortcuts' });
    await expect(sites.getByRole('listitem')).toHaveText([/http:\/\/localhost:8798/]);
    await panel.getByRole('button', { name: 'Turn off http://localhost:8798' }).click();
    await expect(panel.getByText('No site has shortcuts turned on.')).toBeVisible();
    expect(await registeredMatches()).toEqual([]);
    await panel.close();

    await page.goto(`${EDITOR_MATRIX_URL}/${TEXTAREA.page}.html`);
    await page.waitForFunction(() => document.documentElement.dataset.fixtureReady === 'true');
    await TEXTAREA.field(page).click();
    await page.keyboard.press('End');
    await page.keyboard.type(` ${SHORTCUT}`);
    await page.keyboard.press('Space');
    await page.waitForTimeout(1_000);
    expect(await modelText(page)).toBe(`${ORIGINAL} ${SHORTCUT} `);
    expect(await scriptRunsIn(`${EDITOR_ORIGIN}/*`)).toBe(false);
  });
});
