/**
 * The stores' screenshots, from the demo in Chromium: the playground (a mail page with the Cannery
 * task pane, the same app the add-in and the extension show) signed in as the demo user, at each
 * store's size, one device pixel per CSS pixel so each file is exactly that size. Home with the
 * blocks recommended for the open email, a search, and the reply a block was inserted into.
 * Used by `npm run package:stores` (scripts/package-stores.ts), which starts the demo server.
 */
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../server/seed/demo-data';
import { CHROMIUM_ARGS, findChromium } from '../tests/e2e/support/chromium';

/** Each store's screenshot size: the Chrome Web Store's 1280×800 (AMO takes the same), Marketplace's 1366×768. */
export const STORE_SIZES = {
  chrome: { width: 1280, height: 800 },
  firefox: { width: 1280, height: 800 },
  marketplace: { width: 1366, height: 768 },
} as const;

export type Store = keyof typeof STORE_SIZES;

const pane = (page: Page) => page.getByRole('complementary', { name: 'Cannery task pane' });

async function signedIn(browser: Browser, base: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto('/#/login');
  await pane(page).getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO_USERS[0]!.email);
  await pane(page).getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await pane(page).getByRole('button', { name: 'Log in' }).click();
  await pane(page).getByRole('link', { name: 'Continue to Home' }).click();
  await pane(page).getByRole('list', { name: 'Recommended' }).waitFor();
  return page;
}

/** Nothing hovered or focused: no tooltip or focus ring in the picture. */
async function settle(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.getByRole('tooltip').waitFor({ state: 'hidden' });
}

/** Takes the three screenshots of `store` from the demo server at `base` into `dir`; returns their paths. */
export async function storeScreenshots(base: string, store: Store, dir: string): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  const written: string[] = [];
  const shoot = async (page: Page, name: string) => {
    await settle(page);
    const path = join(dir, `${store}-${name}.png`);
    await page.screenshot({ path, animations: 'disabled' });
    written.push(path);
  };
  try {
    const page = await signedIn(browser, base, STORE_SIZES[store]);
    await shoot(page, '1-home');
    const search = pane(page).getByRole('searchbox', { name: 'Search name or content' });
    await search.fill('vote center');
    await pane(page).getByRole('list', { name: 'Search results' }).getByRole('listitem').first().waitFor();
    await shoot(page, '2-search');
    await search.fill('');
    await pane(page).getByRole('list', { name: 'Recommended' }).getByRole('button', { name: 'Track My Ballot', exact: true }).click();
    await page.getByRole('textbox', { name: 'Message body' }).getByText('Ballot Tracker').first().waitFor();
    await shoot(page, '3-reply');
  } finally {
    await browser.close();
  }
  return written;
}
