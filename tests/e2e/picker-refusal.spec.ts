import { expect, test } from '@playwright/test';
import type { CanneryBackgroundHooks } from '../../entrypoints/background';
import { PAGE_REFUSED_MESSAGE, PICKER_BLOCKED_MESSAGE } from '../../hosts/text-input/background';
import { EDITOR_MATRIX_URL, routeEditorMatrix } from './support/editor-matrix';
import { launchWithExtension, type LoadedExtension } from './support/extension';

/**
 * Pages that keep the picker out, through the real extension: the user is told, in the page and on
 * the toolbar button, instead of a picker that never appears and an error only in the console.
 * (Chrome lets an extension's frame past a page's Content-Security-Policy, `frame-src` and
 * `default-src` alike, and Trusted Types do not apply to the content script's world: the matrix's
 * CSP and Trusted Types rows insert normally. What does keep the picker out is a page's own script
 * removing it, and the browser's own pages, which no extension may script.)
 */

type ServiceWorkerGlobals = {
  cannery: CanneryBackgroundHooks;
  chrome: {
    tabs: { query(query: { url: string }): Promise<Array<{ id?: number }>> };
    action: { getBadgeText(details: { tabId: number }): Promise<string>; getTitle(details: { tabId: number }): Promise<string> };
  };
};

let extension: LoadedExtension;

test.beforeAll(async () => {
  extension = await launchWithExtension();
  await routeEditorMatrix(extension.context);
});

test.afterAll(async () => {
  await extension?.close();
});

/** The id of the tab showing `url` (a pattern of the pages the e2e build may see). */
async function tabAt(url: string): Promise<number> {
  const id = await extension.serviceWorker.evaluate(async (pattern) => {
    const [tab] = await (globalThis as unknown as ServiceWorkerGlobals).chrome.tabs.query({ url: pattern });
    return tab?.id;
  }, url);
  if (id == null) throw new Error(`no tab at ${url}`);
  return id;
}

/** What Ctrl+Shift+Space runs in the tab. */
async function startInsertion(tabId: number): Promise<boolean> {
  return extension.serviceWorker.evaluate((id) => (globalThis as unknown as ServiceWorkerGlobals).cannery.startInsertion({ tabId: id, frameId: 0 }), tabId);
}

/** The toolbar button's badge and tooltip in the tab. */
async function toolbarButton(tabId: number): Promise<{ badge: string; title: string }> {
  return extension.serviceWorker.evaluate(async (id) => {
    const { action } = (globalThis as unknown as ServiceWorkerGlobals).chrome;
    return { badge: await action.getBadgeText({ tabId: id }), title: await action.getTitle({ tabId: id }) };
  }, tabId);
}

test('a page that removes the picker: the page and the toolbar button say Cannery was blocked; a picker that opens clears it', async () => {
  test.setTimeout(60_000);
  const page = await extension.context.newPage();
  await page.goto(`${EDITOR_MATRIX_URL}/removes-picker.html`);
  await page.waitForFunction(() => document.documentElement.dataset.fixtureReady === 'true');
  await page.locator('#editor').click();

  const tab = await tabAt(`${EDITOR_MATRIX_URL}/removes-picker.html`);
  expect(await startInsertion(tab), 'the field was found').toBe(true);
  await expect(page.locator('cannery-picker')).toHaveCount(0);
  // Told within the picker's start time, in the page and on the button.
  const notice = page.getByRole('alert');
  await expect(notice).toHaveText(PICKER_BLOCKED_MESSAGE, { timeout: 20_000 });
  expect(await toolbarButton(tab)).toEqual({ badge: '!', title: PICKER_BLOCKED_MESSAGE });
  // Focus is back in the field, the text untouched; the notice closes from the keyboard.
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('editor');
  expect(await page.evaluate(() => window.fixtureEditor?.text())).toBe('Hello there, world');
  await page.keyboard.press('Escape');
  await expect(notice).toHaveCount(0);

  // The same tab on a page that lets the picker in: it opens, and the button is plain again.
  await page.goto(`${EDITOR_MATRIX_URL}/contenteditable.html`);
  await page.waitForFunction(() => document.documentElement.dataset.fixtureReady === 'true');
  await page.locator('#editor').click();
  expect(await startInsertion(tab)).toBe(true);
  await expect.poll(() => toolbarButton(tab)).toEqual({ badge: '', title: 'Cannery' });
  await page.close();
});

test("the browser's own pages: the toolbar button says extensions cannot insert there", async () => {
  const page = await extension.context.newPage();
  // The tab is found on a page the e2e build may see, then goes where no extension may script.
  await page.goto(`${EDITOR_MATRIX_URL}/contenteditable.html`);
  const tab = await tabAt(`${EDITOR_MATRIX_URL}/contenteditable.html`);
  await page.goto('chrome://version/');
  expect(await startInsertion(tab)).toBe(false);
  expect(await toolbarButton(tab)).toEqual({ badge: '!', title: PAGE_REFUSED_MESSAGE });
  await page.close();
});
