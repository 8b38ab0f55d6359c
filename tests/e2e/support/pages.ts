import type { Page } from '@playwright/test';

/**
 * Resolves once `page` has closed, also when it already has. Sign-in pop-ups, Office dialogs and
 * Chrome's web-auth window close on their own, possibly before a test gets to listen, and
 * `page.waitForEvent('close')` on a page already closed waits until the test times out.
 */
export async function waitForPageClosed(page: Page): Promise<void> {
  if (page.isClosed()) return;
  await page.waitForEvent('close');
}
