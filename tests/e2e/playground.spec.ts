import { expect, test } from '@playwright/test';

test('the playground shows the simulated email beside the splash screen', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(page).toHaveTitle('Cannery - Welcome');
  await expect(page.getByLabel('Subject')).toHaveValue('Did my mail ballot arrive?');
  await page.getByRole('button', { name: 'Continue to Login' }).click();
  await expect(page).toHaveURL(/#\/login$/);
});
