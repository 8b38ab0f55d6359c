import type { Locator, Page } from '@playwright/test';

/**
 * With CANNERY_SCREENSHOTS=1, saves what the page shows into docs/screenshots/ (the README's
 * pictures); `part` keeps only that part of the page (the playground's pane). Otherwise does nothing.
 */
export async function documentScreenshot(page: Page, name: string, part?: Locator): Promise<void> {
  if (!process.env.CANNERY_SCREENSHOTS) return;
  await page.mouse.move(0, 0);
  const path = `docs/screenshots/${name}.png`;
  await (part ? part.screenshot({ path }) : page.screenshot({ path }));
}
