import { expect, test, type Page, type Worker } from '@playwright/test';
import type { CanneryBackgroundHooks } from '../../entrypoints/background';
import { DEV_EXTENSION_ORIGIN } from '../../server/config';
import { EDITOR_ORIGIN, GMAIL_THREAD_URL, launchWithExtension, pickerFrame, routeEditors, routeGmail, type LoadedExtension } from './support/extension';

/**
 * Smoke tests of the Chrome extension (e2e build, see support/extension.ts): the side panel page,
 * the Gmail content script on a fake Gmail served on Gmail's real origin, and the on-demand
 * text-field script on a local page.
 */

const INSERTED = 'Hello from Cannery';

/** What the service worker's globals look like to the functions evaluated there. */
type ServiceWorkerGlobals = {
  cannery: CanneryBackgroundHooks;
  chrome: {
    tabs: { query(query: { url?: string }): Promise<Array<{ id?: number }>> };
    runtime: { getContexts(filter: { contextTypes: string[] }): Promise<Array<{ documentUrl?: string }>> };
  };
};

let extension: LoadedExtension;

test.beforeEach(async () => {
  extension = await launchWithExtension();
});

test.afterEach(async () => {
  await extension.close();
});

/** The id of the tab showing `urlPattern`, as the service worker sees it. */
async function tabIdOf(serviceWorker: Worker, urlPattern: string): Promise<number> {
  const id = await serviceWorker.evaluate(async (url) => {
    const tabs = await (globalThis as unknown as ServiceWorkerGlobals).chrome.tabs.query({ url });
    return tabs[0]?.id ?? null;
  }, urlPattern);
  if (id == null) throw new Error(`No tab matches ${urlPattern}`);
  return id;
}

function readGmailItem(serviceWorker: Worker, tabId: number) {
  return serviceWorker.evaluate((id) => (globalThis as unknown as ServiceWorkerGlobals).cannery.readGmailItem(id), tabId);
}

/**
 * The Gmail tab: the one whose content script answers. (Its URL is hidden from the extension: a
 * content-script match does not let `tabs.query` filter by URL without the `tabs` permission.)
 */
async function gmailTabId(serviceWorker: Worker): Promise<number | null> {
  return serviceWorker.evaluate(async () => {
    const sw = globalThis as unknown as ServiceWorkerGlobals;
    for (const tab of await sw.chrome.tabs.query({})) {
      if (tab.id == null) continue;
      const reply = await sw.cannery.readGmailItem(tab.id).catch(() => null);
      if (reply?.ok) return tab.id;
    }
    return null;
  });
}

async function openGmail(): Promise<{ page: Page; tabId: number }> {
  await routeGmail(extension.context);
  const page = await extension.context.newPage();
  await page.goto(GMAIL_THREAD_URL);
  // The content script runs at document_idle; wait until it answers.
  let tabId: number | null = null;
  await expect.poll(async () => (tabId = await gmailTabId(extension.serviceWorker))).not.toBeNull();
  return { page, tabId: tabId! };
}

test('the side panel page shows the splash screen', async () => {
  const page = await extension.context.newPage();
  await page.goto(`chrome-extension://${extension.extensionId}/sidepanel.html`);
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to Login' })).toBeVisible();
});

test('the extension has the fixed id whose origin the server allows, so its pages can call the API', async ({ baseURL }) => {
  expect(`chrome-extension://${extension.extensionId}`).toBe(DEV_EXTENSION_ORIGIN);
  const page = await extension.context.newPage();
  await page.goto(`chrome-extension://${extension.extensionId}/sidepanel.html`);
  const health = await page.evaluate(async (url) => (await fetch(url)).json() as Promise<unknown>, `${baseURL}/api/health`);
  expect(health).toEqual({ ok: true, database: 'pglite', checks: { database: true, migrations: true, stopping: false } });
});

test('Gmail: reads the open thread, detects a compose window and inserts at its cursor', async () => {
  const { page, tabId } = await openGmail();
  const { serviceWorker } = extension;

  expect(await readGmailItem(serviceWorker, tabId)).toEqual({
    ok: true,
    value: {
      mode: 'read',
      itemId: 'thread-f:1790000000000000001',
      subject: 'Refund for order #4417',
      sender: { displayName: 'Dana Ortiz', emailAddress: 'dana@example.org' },
      recipients: [{ displayName: 'Cannery Support', emailAddress: 'support@cannery.example' }],
      bodyText: expect.stringContaining('I would like a refund, please.'),
    },
  });

  await page.getByRole('button', { name: 'Compose' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Cannery' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cannery' })).toHaveCount(1);

  // The button opens the side panel (a real click is the user gesture sidePanel.open needs).
  await dialog.getByRole('button', { name: 'Cannery' }).click();
  await expect
    .poll(() =>
      serviceWorker.evaluate(async () => {
        const panels = await (globalThis as unknown as ServiceWorkerGlobals).chrome.runtime.getContexts({ contextTypes: ['SIDE_PANEL'] });
        // A panel that is still loading reports an empty documentUrl: poll until it has one.
        return panels.map((panel) => (panel.documentUrl ? new URL(panel.documentUrl).pathname : ''));
      }),
    )
    .toEqual(['/sidepanel.html']);

  await expect
    .poll(() => readGmailItem(serviceWorker, tabId))
    .toMatchObject({
      value: {
        mode: 'compose',
        itemId: '#msg-a:r-2871203317591405001',
        subject: 'Your order',
        recipients: [{ displayName: 'Lee Park', emailAddress: 'lee@example.com' }],
      },
    });

  // The caret at the end of "Hi Lee,": the block goes there, even though focus is elsewhere later.
  const body = dialog.getByRole('textbox', { name: 'Message Body' });
  await body.evaluate((element) => {
    const line = element.firstElementChild!;
    element.focus();
    const range = document.createRange();
    range.selectNodeContents(line);
    range.collapse(false);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
  });
  await page.getByRole('heading', { name: 'Refund for order #4417' }).click();

  const result = await serviceWorker.evaluate(
    (id) => (globalThis as unknown as ServiceWorkerGlobals).cannery.insertIntoGmail(id, { html: '<b>Hello from Cannery</b>', text: 'Hello from Cannery', subjectLine: 'Refund approved' }),
    tabId,
  );
  expect(result).toEqual({ ok: true, value: { outcome: 'inserted', skipped: [] } });
  await expect(body).toContainText(`Hi Lee,${INSERTED}`);
  await expect(body.locator('b')).toHaveText(INSERTED);
  await expect(dialog.getByRole('textbox', { name: 'Subject' })).toHaveValue('Refund approved');
});

test('Gmail: using a block while reading opens an inline reply that contains it', async () => {
  const { page, tabId } = await openGmail();
  const result = await extension.serviceWorker.evaluate(
    (id) => (globalThis as unknown as ServiceWorkerGlobals).cannery.insertIntoGmail(id, { html: '<p>Hello from Cannery</p>', text: 'Hello from Cannery', cc: ['lead@example.org'] }),
    tabId,
  );
  expect(result).toEqual({ ok: true, value: { outcome: 'reply-opened', skipped: ['cc'] } });
  const reply = page.locator('.ip [g_editable="true"]');
  await expect(reply).toContainText(INSERTED);
  await expect(page.locator('.ip').getByRole('button', { name: 'Cannery' })).toBeVisible();
  await expect
    .poll(() => readGmailItem(extension.serviceWorker, tabId))
    .toMatchObject({ ok: true, value: { mode: 'compose', subject: 'Re: Refund for order #4417' } });
});

test('Gmail: the page check finds every part of the fake Gmail, and names a compose body it no longer recognises', async () => {
  const { page, tabId } = await openGmail();
  const checkPage = () => extension.serviceWorker.evaluate((id) => (globalThis as unknown as ServiceWorkerGlobals).cannery.checkGmailPage(id), tabId);
  expect(await checkPage()).toEqual([]);

  await page.getByRole('button', { name: 'Compose' }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Cannery' })).toBeVisible();
  expect(await checkPage()).toEqual([]);

  // As after a Gmail change: the editor loses both markers Cannery knows it by.
  await page.getByRole('dialog').getByRole('textbox', { name: 'Message Body' }).evaluate((body) => {
    body.removeAttribute('g_editable');
    body.setAttribute('aria-label', 'Corps du message');
  });
  await expect.poll(checkPage).toEqual(['compose-body']);
});

test('text field: the insertion path injects the script, opens the picker and inserts at the caret', async () => {
  await routeEditors(extension.context);
  const page = await extension.context.newPage();
  await page.goto(`${EDITOR_ORIGIN}/textarea.html`);
  const textarea = page.locator('#message');
  // Between the two line breaks of "Dear customer,\n\nBest regards".
  await textarea.focus();
  await textarea.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(15, 15));

  const tabId = await tabIdOf(extension.serviceWorker, `${EDITOR_ORIGIN}/*`);
  const target = { tabId, frameId: 0 };
  const opened = await extension.serviceWorker.evaluate((frame) => (globalThis as unknown as ServiceWorkerGlobals).cannery.startInsertion(frame), target);
  expect(opened).toBe(true);
  const picker = page.locator('cannery-picker');
  await expect(picker).toBeVisible();
  // The picker page is the shared app on the text-input host (signed out: the splash screen).
  await expect((await pickerFrame(page)).getByRole('heading', { name: 'Welcome' })).toBeVisible();

  const outcome = await extension.serviceWorker.evaluate(
    ({ frame, text }) => (globalThis as unknown as ServiceWorkerGlobals).cannery.insertInto(frame, { text, html: text }),
    { frame: target, text: INSERTED },
  );
  expect(outcome).toEqual({ ok: true, strategy: 'exec-command' });
  await expect(textarea).toHaveValue(`Dear customer,\n${INSERTED}\nBest regards`);
  expect(await page.evaluate(() => (window as unknown as { inputEvents: unknown[] }).inputEvents)).toEqual([
    { inputType: 'insertText', data: INSERTED, value: `Dear customer,\n${INSERTED}\nBest regards` },
  ]);
  // Closed for the user (its page lingers, hidden, to record the use: see PICKER_LINGER_MS).
  await expect(page.locator('cannery-picker')).toBeHidden();
  expect(await textarea.evaluate((element: HTMLTextAreaElement) => element.selectionStart)).toBe(15 + INSERTED.length);

  // A second request reuses the injected script; Escape closes the picker and focus returns.
  expect(await extension.serviceWorker.evaluate((frame) => (globalThis as unknown as ServiceWorkerGlobals).cannery.startInsertion(frame), target)).toBe(true);
  await expect(picker).toBeVisible();
  // Focus is in the picker, so Escape reaches the picker page, which asks the content script to close.
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('CANNERY-PICKER');
  // The key goes down in the picker's frame, which closes on it: the key comes up only once that
  // frame is gone, so the input is never addressed to a frame being torn down.
  await page.keyboard.down('Escape');
  await expect(page.locator('cannery-picker')).toHaveCount(0);
  await page.keyboard.up('Escape');
  await expect(textarea).toBeFocused();
});

test('text field: a plain contenteditable gets the block at its caret', async () => {
  await routeEditors(extension.context);
  const page = await extension.context.newPage();
  await page.goto(`${EDITOR_ORIGIN}/contenteditable.html`);
  const editor = page.locator('#editor');
  await editor.evaluate((element) => {
    element.focus();
    const range = document.createRange();
    range.selectNodeContents(element.firstElementChild!);
    range.collapse(false);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
  });
  const tabId = await tabIdOf(extension.serviceWorker, `${EDITOR_ORIGIN}/*`);
  const target = { tabId, frameId: 0 };
  expect(await extension.serviceWorker.evaluate((frame) => (globalThis as unknown as ServiceWorkerGlobals).cannery.startInsertion(frame), target)).toBe(true);
  const outcome = await extension.serviceWorker.evaluate(
    ({ frame, text }) => (globalThis as unknown as ServiceWorkerGlobals).cannery.insertInto(frame, { text, html: `<b>${text}</b>` }),
    { frame: target, text: INSERTED },
  );
  expect(outcome).toEqual({ ok: true, strategy: 'exec-command' });
  await expect(editor.locator('p').first()).toContainText(`Dear customer,${INSERTED}`);
  await expect(editor.locator('b')).toHaveText(INSERTED);
  expect(await page.evaluate(() => (window as unknown as { inputEvents: unknown[] }).inputEvents.length)).toBeGreaterThan(0);
});
