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

/**
 * With CANNERY_SCREENSHOTS=1, saves a screen as it is drawn now (forced colours, dark, a narrow
 * window) into docs/accessibility/screenshots/, for a reviewer to look at; `part` keeps only that
 * part (the playground's pane, whole even where it runs past the window), otherwise the page from
 * its top, its whole width (a page too wide shows so) and down to `REVIEW_HEIGHT`. The focus
 * stays where the test put it: its indicator is part of what is reviewed.
 */
export async function reviewScreenshot(page: Page, name: string, part?: Locator): Promise<void> {
  if (!process.env.CANNERY_SCREENSHOTS) return;
  const path = `docs/accessibility/screenshots/${name}.png`;
  const options = { path, animations: 'disabled', caret: 'hide' } as const;
  if (part) {
    await part.screenshot(options);
    return;
  }
  const size = await page.evaluate(() => ({ width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight }));
  await page.screenshot({ ...options, fullPage: true, clip: { x: 0, y: 0, width: size.width, height: Math.min(size.height, REVIEW_HEIGHT) } });
}

/** The most of a page's height a review screenshot keeps: the top of a long list says what the rest looks like. */
const REVIEW_HEIGHT = 1600;
