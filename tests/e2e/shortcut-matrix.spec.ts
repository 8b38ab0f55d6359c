import { expect, test, type Locator, type Page } from '@playwright/test';
import { GMAIL_THREAD_URL, launchWithExtension, routeGmail, type LoadedExtension } from './support/extension';
import { logInToHome } from './support/sign-in';
import { sentRecordsOf } from './support/usage-probe';
import { e2eUserFor, type E2eUser } from './support/users';

/**
 * Typed shortcuts in the real extension (e2e build): the demo block "Find a Vote Center" has the
 * shortcut ;vote. Typing it and a space in Gmail's compose replaces it with the block through the
 * picker's insertion, the caret after the block; one Ctrl+Z gives the typed shortcut back; each
 * expansion is recorded as a use. One browser for the whole file.
 */

const SHORTCUT = ';vote';

/** What the service worker's globals look like to the functions evaluated there. */
type WorkerGlobals = { chrome: { storage: { local: { get(key: string): Promise<Record<string, unknown>> } } } };
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

  test('a word that is not a shortcut, and a shortcut inside a word, stay as typed', async () => {
    const { gmail, body } = await openCompose();
    await gmail.keyboard.type(` x${SHORTCUT} ;votes `);
    await gmail.waitForTimeout(500);
    expect(collapse(await body.innerText())).toContain(`x${SHORTCUT} ;votes`);
    await expect(body).not.toContainText(BLOCK_START);
  });
});
