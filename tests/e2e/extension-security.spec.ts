import { expect, test, type Frame, type Page, type Request } from '@playwright/test';
import type { CanneryBackgroundHooks } from '../../entrypoints/background';
import { NOT_OPENED_BY_CANNERY } from '../../hosts/text-input/picker-page';
import { COVERED_NOTICE } from '../../hosts/text-input/visibility-guard';
import { EDITOR_ORIGIN, launchWithExtension, pickerFrame, routeEditors, type LoadedExtension } from './support/extension';
import { E2E_PORT } from './support/servers';
import { logInToHome } from './support/sign-in';
import { e2eUserFor } from './support/users';

/**
 * Pages that try to borrow the picker (the e2e build of the extension, signed in). A page on
 * another origin frames the picker aimed at the tab where Cannery remembers a field: by the old
 * address that named the tab and frame, by the per-session address with a grant that leaked, and
 * with a forged one. None gets the field's text, puts anything into it or reaches Cannery's
 * server. Then the page the user types in covers the real picker with a layer that lets clicks
 * through: the click is refused, and counts again once the layer is gone.
 */

type ServiceWorkerGlobals = {
  cannery: CanneryBackgroundHooks;
  chrome: {
    tabs: { query(query: { url?: string }): Promise<Array<{ id?: number }>> };
    runtime: { getURL(path: string): string };
    storage: { session: { get(keys: null): Promise<Record<string, unknown>> } };
  };
};

const EVIL_ORIGIN = 'https://evil.example';
const ORIGINAL = 'Dear customer,\n\nBest regards';
const BLOCK = 'Find a Vote Center';

test.describe.configure({ timeout: 90_000 });

let extension: LoadedExtension;

test.beforeEach(async () => {
  extension = await launchWithExtension();
});

test.afterEach(async () => {
  await extension.close();
});

/** Signs the extension in (side panel as a tab, then closed), and opens the textarea fixture with the caret on its empty line. */
async function signedInTextarea(): Promise<{ page: Page; tabId: number }> {
  const user = e2eUserFor('picker-security', test.info());
  const panel = await extension.context.newPage();
  await panel.goto(`chrome-extension://${extension.extensionId}/sidepanel.html#/login`);
  await logInToHome(panel, user.email, user.password);
  await panel.close();
  await routeEditors(extension.context);
  const page = await extension.context.newPage();
  await page.goto(`${EDITOR_ORIGIN}/textarea.html`);
  await page.locator('#message').focus();
  await page.locator('#message').evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(15, 15));
  const tabId = await extension.serviceWorker.evaluate(async (url) => {
    const [tab] = await (globalThis as unknown as ServiceWorkerGlobals).chrome.tabs.query({ url });
    return tab?.id ?? -1;
  }, `${EDITOR_ORIGIN}/*`);
  return { page, tabId };
}

/** What the context menu and the shortcut run: the picker opens next to the focused field. */
async function openPicker(tabId: number): Promise<void> {
  const opened = await extension.serviceWorker.evaluate((target) => (globalThis as unknown as ServiceWorkerGlobals).cannery.startInsertion(target), { tabId, frameId: 0 });
  expect(opened).toBe(true);
}

/** A search and a click on the block's result in the picker, as a user does with the mouse. */
async function clickBlock(picker: Frame): Promise<void> {
  await picker.getByRole('searchbox', { name: 'Search name or content' }).fill(BLOCK);
  await picker.getByRole('list', { name: 'Search results' }).getByRole('button', { name: BLOCK, exact: true }).click();
}

test('a page on another origin that frames the picker at a tab with a forged or leaked grant gets no text, no insertion and no call to the server', async () => {
  const { page, tabId } = await signedInTextarea();
  await openPicker(tabId);
  const legit = await pickerFrame(page);
  await expect(legit.getByRole('searchbox', { name: 'Search name or content' })).toBeVisible();

  // What an attacker could know: the extension's fixed id and the tab; at worst a grant that leaked.
  const { dynamicUrl, leaked } = await extension.serviceWorker.evaluate(async () => {
    const sw = globalThis as unknown as ServiceWorkerGlobals;
    const session = await sw.chrome.storage.session.get(null);
    const grant = Object.keys(session).find((key) => key.startsWith('picker-grant:'))?.slice('picker-grant:'.length);
    return { dynamicUrl: sw.chrome.runtime.getURL('/picker.html'), leaked: grant ?? '' };
  });
  expect(leaked).toMatch(/^[\w-]{43}$/);
  expect(dynamicUrl).not.toContain(extension.extensionId);
  const forged = 'A'.repeat(43);
  const frames = {
    fixedAddress: `chrome-extension://${extension.extensionId}/picker.html?tab=${tabId}&frame=0`,
    leakedGrant: `${dynamicUrl}?grant=${leaked}`,
    forgedGrant: `${dynamicUrl}?grant=${forged}`,
    noGrant: dynamicUrl,
  };
  await extension.context.route(`${EVIL_ORIGIN}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Win a prize</title>${Object.entries(frames)
        .map(([name, src]) => `<iframe name="${name}" src="${src.replace(/&/g, '&amp;')}" width="360" height="300"></iframe>`)
        .join('')}`,
    }),
  );

  const fromEvil: string[] = [];
  const evil = await extension.context.newPage();
  const apiCall = (request: Request) => {
    if (!request.url().startsWith(`http://localhost:${E2E_PORT}/`)) return;
    let frame: Frame | null = null;
    try {
      frame = request.frame();
    } catch {
      // A request of the service worker: no frame.
    }
    if (frame?.page() === evil) fromEvil.push(request.url());
  };
  extension.context.on('request', apiCall);
  await evil.goto(`${EVIL_ORIGIN}/prize.html`);

  // The fixed address is no longer served to pages at all (use_dynamic_url).
  const named = (name: string) => evil.frames().find((frame) => frame.name() === name);
  await expect.poll(() => named('fixedAddress')?.url()).toMatch(/^chrome-error:/);
  // The per-session address without Cannery's grant for this frame: the picker stays empty and says why.
  for (const name of ['leakedGrant', 'forgedGrant', 'noGrant']) {
    await expect.poll(() => named(name)?.url() ?? '').toContain('/picker.html');
    await expect(named(name)!.getByRole('alert')).toHaveText(NOT_OPENED_BY_CANNERY);
    await expect(named(name)!.getByRole('searchbox')).toHaveCount(0);
  }

  // Even code running in such a frame cannot get the field or insert: the background relays a
  // picker's request only from the frame that claimed the grant, and the page's script only
  // answers the background.
  const leakedFrame = named('leakedGrant')!;
  const answers = await leakedFrame.evaluate(
    async ({ grant, tab }) => {
      const runtime = (globalThis as unknown as { chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> }; tabs: { sendMessage(tab: number, message: unknown, options: unknown): Promise<unknown> } } }).chrome;
      const ask = (type: string, data: unknown) => ({ id: 1, type, data, timestamp: Date.now() });
      const settle = (promise: Promise<unknown>) => promise.then((value) => JSON.stringify(value ?? null), (error: unknown) => `rejected: ${String(error)}`);
      return Promise.all([
        settle(runtime.runtime.sendMessage(ask('text-input:claim-picker', { grant }))),
        settle(runtime.runtime.sendMessage(ask('text-input:picker-read-field', { grant }))),
        settle(runtime.runtime.sendMessage(ask('text-input:picker-insert', { grant, content: { text: 'PWNED', html: 'PWNED' } }))),
        settle(runtime.tabs.sendMessage(tab, ask('text-input:read-field', { grant }), { frameId: 0 })),
        settle(runtime.tabs.sendMessage(tab, ask('text-input:insert', { grant, content: { text: 'PWNED', html: 'PWNED' } }), { frameId: 0 })),
      ]);
    },
    { grant: leaked, tab: tabId },
  );
  expect(answers[0]).toBe('{"res":null}');
  for (const answer of answers.slice(1)) {
    expect(answer).not.toContain('Dear customer');
    expect(answer).toMatch(/refused/);
  }

  await evil.waitForTimeout(1500);
  extension.context.off('request', apiCall);
  expect(fromEvil).toEqual([]);
  await expect(page.locator('#message')).toHaveValue(ORIGINAL);

  // The real picker, in the tab the user opened it in, still works.
  await page.bringToFront();
  await clickBlock(legit);
  await expect(page.locator('cannery-picker')).toBeHidden();
  await expect(page.locator('#message')).not.toHaveValue(ORIGINAL);
  await expect(page.locator('#message')).toHaveValue(/vote center/i);
});

test('a picker the page covers refuses the click, and takes it once it is uncovered', async () => {
  const { page, tabId } = await signedInTextarea();
  await openPicker(tabId);
  const picker = await pickerFrame(page);
  await expect(picker.getByRole('searchbox', { name: 'Search name or content' })).toBeVisible();

  // A nearly invisible layer over everything that lets clicks through to what is under it.
  await page.evaluate(() => {
    const layer = document.createElement('div');
    layer.id = 'cover';
    layer.style.cssText = 'position: fixed; inset: 0; z-index: 2147483647; pointer-events: none; background: rgba(255, 255, 255, 0.02);';
    document.body.append(layer);
  });
  await page.waitForTimeout(400);
  await clickBlock(picker);
  await expect(picker.getByRole('alert').filter({ hasText: COVERED_NOTICE })).toBeVisible();
  await expect(page.locator('cannery-picker')).toBeVisible();
  await expect(page.locator('#message')).toHaveValue(ORIGINAL);

  await page.evaluate(() => document.getElementById('cover')?.remove());
  await page.waitForTimeout(600);
  await picker.getByRole('list', { name: 'Search results' }).getByRole('button', { name: BLOCK, exact: true }).click();
  await expect(page.locator('cannery-picker')).toBeHidden();
  await expect(page.locator('#message')).toHaveValue(/vote center/i);
});

test('a page that restyles the picker to hide it under its own content closes it', async () => {
  const { page, tabId } = await signedInTextarea();
  await openPicker(tabId);
  await expect((await pickerFrame(page)).getByRole('searchbox', { name: 'Search name or content' })).toBeVisible();
  await page.evaluate(() => document.querySelector('cannery-picker')?.setAttribute('style', 'opacity: 0.01 !important'));
  await expect(page.locator('cannery-picker')).toHaveCount(0);
  await expect(page.locator('#message')).toHaveValue(ORIGINAL);
});

test("the extension's tokens are out of reach of its content scripts, and within reach of its pages", async () => {
  const { tabId } = await signedInTextarea();
  const [inPage, inWorker] = await extension.serviceWorker.evaluate(async (tab) => {
    const chrome = (globalThis as unknown as {
      chrome: {
        scripting: { executeScript(details: unknown): Promise<Array<{ result?: unknown }>> };
        storage: { local: { get(keys: null): Promise<Record<string, unknown>> } };
      };
    }).chrome;
    // Cannery's content-script world of the page (where the text-field script runs).
    const [result] = await chrome.scripting.executeScript({
      target: { tabId: tab, frameIds: [0] },
      world: 'ISOLATED',
      func: () =>
        (globalThis as unknown as { chrome: { storage: { local: { get(keys: null): Promise<Record<string, unknown>> } } } }).chrome.storage.local.get(null).then(
          (items) => Object.keys(items).join(','),
          (error: unknown) => `refused: ${String(error)}`,
        ),
    });
    return [String(result?.result), Object.keys(await chrome.storage.local.get(null)).filter((key) => /token/i.test(key)).length] as const;
  }, tabId);
  expect(inPage).toMatch(/^refused: .*not allowed/i);
  expect(inWorker).toBeGreaterThan(0);
});
