import { expect, test } from '@playwright/test';
import { fakeOutlook, openTaskPane, routeOfficeUnavailable, TASK_PANE_PATH } from './support/outlook';

test('the task pane in Outlook shows the splash screen', async ({ page }) => {
  await openTaskPane(page, {
    item: {
      mode: 'read',
      subject: 'Did my mail ballot arrive?',
      from: { displayName: 'Dana Ortiz', emailAddress: 'dana@example.org' },
      body: 'Hello, did you receive my ballot?',
    },
  });
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to Login' })).toBeVisible();
  await expect(page).toHaveTitle(/^Cannery/);
  // The page really runs on the fake: the item preset before load is the one Office reports.
  expect(await fakeOutlook(page).insertions()).toEqual([]);
});

test('route guards redirect in Outlook, although Office.js nulls the History API', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // A guest asking for home is sent to login with history.replaceState.
  await openTaskPane(page, { hash: '#/home' });
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page).toHaveTitle(/^Cannery/);
  expect(errors).toEqual([]);
});

test('the task pane opened outside Outlook says to open it inside Outlook', async ({ page }) => {
  await routeOfficeUnavailable(page);
  await page.goto(TASK_PANE_PATH);
  await expect(page.getByRole('heading', { name: 'Open Cannery inside Outlook' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try Cannery in the playground' })).toHaveAttribute('href', '/');
  await expect(page).toHaveTitle(/^Cannery/);
});

test('the page also starts inside an Office dialog, which has no mailbox', async ({ page }) => {
  // Dialog pages (dialog-landing, logout-landing) are routes of this page; a route open to anyone
  // stands in for them here, since the real landing pages navigate to the sign-in provider.
  await openTaskPane(page, { item: null, config: { inDialog: true }, hash: '#/tips-screen' });
  await expect(page.getByRole('heading', { name: 'Quick Tips' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Open Cannery inside Outlook' })).toHaveCount(0);
});
