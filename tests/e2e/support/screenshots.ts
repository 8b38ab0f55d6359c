import type { Page } from '@playwright/test';

/**
 * With CANNERY_SCREENSHOTS=1, saves what the page shows into docs/screenshots/ (the README's
 * pictures of each host with a block inserted); otherwise does nothing.
 */
export async function documentScreenshot(page: Page, name: string): Promise<void> {
  if (!process.env.CANNERY_SCREENSHOTS) return;
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `docs/screenshots/${name}.png` });
}
