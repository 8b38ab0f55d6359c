import type { CanneryBackgroundHooks } from '../../../entrypoints/background';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, expect, type BrowserContext, type Frame, type Page, type Worker } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './chromium';

/**
 * The extension as built for the end-to-end tests: `npx wxt build --mode e2e`. WXT names the
 * output folder after the mode (`chrome-mv3-e2e`); that build adds host permissions for
 * localhost, which the tests need because they cannot make the user gesture behind `activeTab`.
 */
export const E2E_EXTENSION_DIR = process.env.E2E_EXTENSION_DIR ?? resolve(import.meta.dirname, '../../../.output/chrome-mv3-e2e');

const FIXTURES = resolve(import.meta.dirname, '../../fixtures');
/** A local origin for the editor pages, which the e2e build may script (its host permissions). */
export const EDITOR_ORIGIN = 'http://localhost:8798';
/** A thread of the fake Gmail (tests/fixtures/gmail), on Gmail's real origin. */
export const GMAIL_THREAD_URL = 'https://mail.google.com/mail/u/0/#inbox/FMfcgzQbdrKqPlWvTgNkLpXsWxJcHtMd';

export interface LoadedExtension {
  context: BrowserContext;
  /** The extension's id, read from its service worker's URL. */
  extensionId: string;
  serviceWorker: Worker;
  /** Closes the browser and deletes its profile. */
  close(): Promise<void>;
}

/** Starts Chromium with a fresh profile and the e2e build of the extension loaded unpacked. */
export async function launchWithExtension(extensionDir = E2E_EXTENSION_DIR): Promise<LoadedExtension> {
  if (!existsSync(join(extensionDir, 'manifest.json'))) {
    throw new Error(`No extension build at ${extensionDir}. Build it first: npx wxt build --mode e2e`);
  }
  const profile = await mkdtemp(join(tmpdir(), 'cannery-e2e-'));
  let context: BrowserContext | undefined;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: findChromium(),
      headless: true,
      ignoreHTTPSErrors: true,
      args: [...CHROMIUM_ARGS, `--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`],
    });
    const serviceWorker =
      context.serviceWorkers().find((worker) => worker.url().startsWith('chrome-extension://')) ??
      (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
    const extensionId = new URL(serviceWorker.url()).host;
    const opened = context;
    return {
      context: opened,
      extensionId,
      serviceWorker,
      async close() {
        await opened.close();
        await rm(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await context?.close();
    await rm(profile, { recursive: true, force: true });
    throw error;
  }
}

/** Everything in the extension's `chrome.storage.local`, read in its service worker. */
export function readExtensionStorage(serviceWorker: Worker): Promise<Record<string, unknown>> {
  return serviceWorker.evaluate(() => {
    const { chrome } = globalThis as unknown as { chrome: { storage: { local: { get(keys: null): Promise<Record<string, unknown>> } } } };
    return chrome.storage.local.get(null);
  });
}

/** Serves tests/fixtures/gmail on https://mail.google.com, so the real content script runs on it. */
export async function routeGmail(context: BrowserContext): Promise<void> {
  await context.route('https://mail.google.com/**', async (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === '/fixture/gmail-fake.js') {
      await route.fulfill({ path: resolve(FIXTURES, 'gmail/gmail-fake.js'), contentType: 'text/javascript' });
    } else if (pathname.startsWith('/mail/')) {
      await route.fulfill({ path: resolve(FIXTURES, 'gmail/index.html'), contentType: 'text/html' });
    } else {
      await route.fulfill({ status: 404, body: '' });
    }
  });
}

/** Serves tests/fixtures/editors on `EDITOR_ORIGIN`, e.g. `${EDITOR_ORIGIN}/textarea.html`. */
export async function routeEditors(context: BrowserContext): Promise<void> {
  await context.route(`${EDITOR_ORIGIN}/**`, async (route) => {
    const name = new URL(route.request().url()).pathname.replace(/^\//, '');
    if (!/^[\w-]+\.html$/.test(name)) return route.fulfill({ status: 404, body: '' });
    await route.fulfill({ path: resolve(FIXTURES, 'editors', name), contentType: 'text/html' });
  });
}

/**
 * The picker page framed in `page`. Its iframe sits in a closed shadow root, which selectors cannot
 * enter (nor can the page's scripts), so it is found among the page's frames: the extension's
 * picker.html whose frame is shown (a picker that inserted lingers hidden for a while).
 */
export async function pickerFrame(page: Page): Promise<Frame> {
  const find = async (): Promise<Frame | undefined> => {
    const candidates = page.frames().filter((frame) => !frame.isDetached() && /^chrome-extension:\/\/[^/]+\/picker\.html(?:[?#]|$)/.test(frame.url()));
    for (const frame of candidates.reverse()) {
      const element = await frame.frameElement().catch(() => null);
      if (element && (await element.isVisible().catch(() => false))) return frame;
    }
    return undefined;
  };
  let found: Frame | undefined;
  await expect.poll(async () => (found = await find()) !== undefined, { message: 'a picker is shown in the page' }).toBe(true);
  return found!;
}

/**
 * What Ctrl+Shift+Space runs (the 'insert-block' command, hosts/text-input/background.ts):
 * `startInsertion` on the top frame of the tab at `urlPattern`. Key presses of Playwright reach
 * the page, never Chrome's shortcut handling. True when the picker found the focused field.
 */
export function startInsertionIn(extension: LoadedExtension, urlPattern: string): Promise<boolean> {
  return extension.serviceWorker.evaluate(async (url) => {
    const sw = globalThis as unknown as {
      cannery: CanneryBackgroundHooks;
      chrome: { tabs: { query(query: { url?: string }): Promise<Array<{ id?: number }>> } };
    };
    const [tab] = await sw.chrome.tabs.query({ url });
    return tab?.id == null ? false : sw.cannery.startInsertion({ tabId: tab.id, frameId: 0 });
  }, urlPattern);
}
