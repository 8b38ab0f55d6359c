import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { openTaskPane, routeFakeOffice } from './support/outlook';

/**
 * Every page Cannery serves names its icon: the task pane, the development outbox and the
 * work-account sign-in page show Cannery's icon in the tab, and the browser asks for no
 * `/favicon.ico` that would answer 404.
 */

/** Every answer of 400 or more the context receives from Cannery's server while `during` runs. */
async function failedRequests(context: BrowserContext, during: () => Promise<void>): Promise<string[]> {
  const failed: string[] = [];
  const listener = (response: { status(): number; url(): string }) => {
    if (response.status() >= 400 && new URL(response.url()).hostname === 'localhost') failed.push(`${response.status()} ${response.url()}`);
  };
  context.on('response', listener);
  try {
    await during();
    // The browser asks for an icon after the page has loaded.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  } finally {
    context.off('response', listener);
  }
  return failed;
}

async function iconOf(page: Page): Promise<string | null> {
  return page.locator('link[rel="icon"]').getAttribute('href');
}

test('the task pane names its icon and asks for nothing missing', async ({ page, context }) => {
  await routeFakeOffice(context);
  const failed = await failedRequests(context, async () => {
    await openTaskPane(page);
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  });
  expect(failed).toEqual([]);
  expect(await iconOf(page)).toBe('/assets/icon-32.png');
});

test('the development outbox names its icon and asks for nothing missing', async ({ page, context }) => {
  const failed = await failedRequests(context, async () => {
    await page.goto('/identity/dev/outbox');
    await expect(page.getByRole('heading', { name: 'Identity outbox' })).toBeVisible();
  });
  expect(failed).toEqual([]);
  expect(await iconOf(page)).toBe('/assets/icon-32.png');
});

test('the work-account sign-in page names its icon and asks for nothing missing', async ({ page, context }) => {
  await page.goto('/#/login');
  let popup: Page | null = null;
  const failed = await failedRequests(context, async () => {
    const opening = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Sign in with your work account' }).click();
    popup = await opening;
    await expect(popup.getByRole('heading', { name: 'Work account (stand-in)' })).toBeVisible();
  });
  expect(failed).toEqual([]);
  expect(await iconOf(popup!)).toBe('/assets/icon-32.png');
});
