import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_EXTENSION_DIR, launchWithExtension } from './support/extension';

/**
 * The production build of the extension (`npm run build:ext`, `.output/chrome-mv3`) carries no test
 * hooks: its service worker, loaded in Chromium, has no `globalThis.cannery`, while the e2e build's
 * has them (so this test would see hooks that leaked into production).
 */
const PRODUCTION_EXTENSION_DIR = resolve(import.meta.dirname, '../../.output/chrome-mv3');

async function hookKeysOf(extensionDir: string): Promise<string[] | null> {
  const extension = await launchWithExtension(extensionDir);
  try {
    return await extension.serviceWorker.evaluate(() => {
      const hooks = (globalThis as { cannery?: object }).cannery;
      return hooks === undefined ? null : Object.keys(hooks).sort();
    });
  } finally {
    await extension.close();
  }
}

test('the production extension exposes no test hooks in its service worker; the e2e build does', async () => {
  expect(await hookKeysOf(PRODUCTION_EXTENSION_DIR)).toBeNull();
  expect(await hookKeysOf(E2E_EXTENSION_DIR)).toEqual(['checkGmailPage', 'insertInto', 'insertIntoGmail', 'readGmailItem', 'startInsertion']);
});
