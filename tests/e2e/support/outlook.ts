import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import type {
  FakeDialog,
  FakeInsertion,
  FakeItemSpec,
  FakeOfficeConfig,
  FakeOfficeControl,
  FakeOfficeGlobals,
} from '../../fixtures/office/fake-office-control';

/** Where the task pane loads Office.js from (hosts/outlook/taskpane.html). */
export const OFFICE_JS_URL = 'https://appsforoffice.microsoft.com/lib/1/hosted/office.js';
const OFFICE_CDN = 'https://appsforoffice.microsoft.com/**';

/** The task pane's path on the server; dialog pages are hash routes of it. */
export const TASK_PANE_PATH = '/outlook/taskpane.html';

const fakeOfficeSource = readFileSync(join(import.meta.dirname, '../../fixtures/office/office.js'), 'utf8');

/**
 * A dialog as the fake records it in a browser page, where `displayDialogAsync` opens a real pop-up
 * (tests/fixtures/office/office.js, "Dialogs"): `window` is that pop-up's size in pixels.
 */
export interface FakeDialogWithWindow extends FakeDialog {
  window?: { width: number; height: number; features: string };
}

/** The fake's config in a browser page, where dialogs open real windows unless `dialogWindows: false`. */
export interface FakeOutlookConfig extends FakeOfficeConfig {
  dialogWindows?: boolean;
}

/**
 * Serves the fake Office.js (tests/fixtures/office/office.js) in place of Microsoft's CDN. Route
 * the browser context, not just a page, where the task pane opens dialogs: a page's routes do not
 * apply to its pop-ups, and a dialog page loads Office.js too.
 */
export async function routeFakeOffice(target: Page | BrowserContext): Promise<void> {
  await target.route(OFFICE_CDN, (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript; charset=utf-8', body: fakeOfficeSource }),
  );
}

/** Makes Microsoft's CDN answer 404, as for a page opened outside Outlook without network access to it. */
export async function routeOfficeUnavailable(target: Page | BrowserContext): Promise<void> {
  await target.route(OFFICE_CDN, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: '' }));
}

export interface OpenTaskPaneOptions {
  /** The item open in the fake Outlook; omit for the fake's default read item, `null` for none. */
  item?: FakeItemSpec | null;
  config?: FakeOutlookConfig;
  /** A hash route to open, e.g. '#/dialog-landing'. */
  hash?: string;
}

/**
 * Opens the task pane in a fake Outlook: routes the Office.js CDN to the fake for the whole
 * browser context (so the dialogs the pane opens get it as well) and presets the item (and config)
 * before any script of the page runs. The presets are the pane's only: its dialogs find out that
 * they are dialogs from the fake of their opener.
 */
export async function openTaskPane(page: Page, options: OpenTaskPaneOptions = {}): Promise<void> {
  await routeFakeOffice(page.context());
  await page.addInitScript(
    (preset) => {
      const globals = globalThis as unknown as Partial<FakeOfficeGlobals>;
      if (preset.hasItem) globals.__fakeOfficeInitialItem = preset.item;
      if (preset.config) globals.__fakeOfficeConfig = preset.config;
    },
    { hasItem: 'item' in options, item: options.item ?? null, config: options.config ?? null },
  );
  await page.goto(TASK_PANE_PATH + (options.hash ?? ''));
}

/**
 * Drives `window.__fakeOffice` of a page from the test. Each method runs in the page; the results
 * are plain data.
 */
export function fakeOutlook(page: Page) {
  const run = <T>(method: keyof FakeOfficeControl | 'isDialog', ...args: unknown[]): Promise<T> =>
    page.evaluate(
      ([name, callArgs]) => {
        const control = (globalThis as unknown as FakeOfficeGlobals).__fakeOffice as unknown as Record<
          string,
          (...values: unknown[]) => unknown
        >;
        const fn = control[name];
        if (!fn) throw new Error(`The fake Office.js has no control "${name}"`);
        return fn(...callArgs) as T;
      },
      [method, args] as const,
    );
  return {
    setItem: (spec: FakeItemSpec | null) => run<void>('setItem', spec),
    insertions: () => run<FakeInsertion[]>('insertions'),
    fireItemChanged: () => run<void>('fireItemChanged'),
    composeBody: () => run<string>('composeBody'),
    /** Subject, To, Cc and attachments of the open compose item. */
    composeState: () => run<ReturnType<FakeOfficeControl['composeState']>>('composeState'),
    /** Every Office method the page called, by qualified name ("body.getTypeAsync"). */
    calls: () => run<string[]>('calls'),
    failNext: (method: string, error?: { code: number; message: string; name?: string }) => run<void>('failNext', method, error),
    dialogs: () => run<FakeDialogWithWindow[]>('dialogs'),
    dialogMessage: (text: string) => run<void>('dialogMessage', text),
    closeDialog: (code?: number) => run<void>('closeDialog', code),
    parentMessages: () => run<string[]>('parentMessages'),
    /** Whether the page is an Office dialog (no mailbox, `messageParent` works). */
    isDialog: () => run<boolean>('isDialog'),
  };
}
