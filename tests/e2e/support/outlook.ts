import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import type {
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

/** Serves the fake Office.js (tests/fixtures/office/office.js) in place of Microsoft's CDN. */
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
  config?: FakeOfficeConfig;
  /** A hash route to open, e.g. '#/dialog-landing'. */
  hash?: string;
}

/**
 * Opens the task pane in a fake Outlook: routes the Office.js CDN to the fake and presets the
 * item (and config) before any script of the page runs.
 */
export async function openTaskPane(page: Page, options: OpenTaskPaneOptions = {}): Promise<void> {
  await routeFakeOffice(page);
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
  const run = <T>(method: keyof FakeOfficeControl, ...args: unknown[]): Promise<T> =>
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
    failNext: (method: string, error?: { code: number; message: string }) => run<void>('failNext', method, error),
    dialogs: () => run<ReturnType<FakeOfficeControl['dialogs']>>('dialogs'),
    dialogMessage: (text: string) => run<void>('dialogMessage', text),
    closeDialog: (code?: number) => run<void>('closeDialog', code),
    parentMessages: () => run<string[]>('parentMessages'),
  };
}
