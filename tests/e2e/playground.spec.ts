import { expect, test, type Page } from '@playwright/test';
import type { HostAdapter } from '../../hosts/host';

/** Inserts through the playground's adapter, as the task pane does when a block is picked. */
async function insertBlock(page: Page, html: string) {
  return page.evaluate(async (blockHtml) => {
    const { adapter } = (globalThis as unknown as { cannery: { adapter: HostAdapter } }).cannery;
    return adapter.insertBlock({ html: blockHtml, text: blockHtml.replace(/<[^>]+>/g, '') });
  }, html);
}

test('the playground shows the simulated email beside the splash screen', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(page).toHaveTitle('Cannery - Welcome');
  await expect(page.getByLabel('Subject')).toHaveValue('Did my mail ballot arrive?');
  await page.getByRole('button', { name: 'Continue to Login' }).click();
  await expect(page).toHaveURL(/#\/login$/);
});

test('a block is inserted at the cursor of the compose body', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('tab', { name: 'Compose' }).click();
  const body = page.getByRole('textbox', { name: 'Message body' });
  await body.click();
  await page.keyboard.type('Dear voter, Kind regards');
  // Put the caret right after "Dear voter, " and move focus away, as a click in the pane would.
  await page.keyboard.press('End');
  for (let i = 0; i < 'Kind regards'.length; i++) await page.keyboard.press('ArrowLeft');
  await page.getByLabel('Subject').click();

  const result = await insertBlock(page, '<strong>Your ballot was received.</strong> ');
  expect(result).toEqual({ outcome: 'inserted', skipped: [] });
  await expect(body).toHaveText('Dear voter, Your ballot was received. Kind regards');
  await expect(body.locator('strong')).toHaveText('Your ballot was received.');
});

test('using a block while reading opens a reply with the block above the quoted email', async ({ page }) => {
  await page.goto('/');
  const result = await insertBlock(page, '<p>Thank you for writing to us.</p>');
  expect(result.outcome).toBe('reply-opened');
  await expect(page.getByRole('tab', { name: 'Compose' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Subject')).toHaveValue('RE: Did my mail ballot arrive?');
  const body = page.getByRole('textbox', { name: 'Message body' });
  await expect(body).toContainText('Thank you for writing to us.');
  const text = await body.innerText();
  expect(text.indexOf('Thank you for writing to us.')).toBeLessThan(text.indexOf('From: Jordan Lee'));
});
