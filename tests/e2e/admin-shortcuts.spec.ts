import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';
import { documentScreenshot } from './support/screenshots';
import { submitLoginIn } from './support/sign-in';

/**
 * Block shortcuts in the admin app: morgan gives a block a shortcut in the editor, sees the rule
 * when it is not one, and sees which block already has it when another block asks for it in
 * another case.
 */

const morgan = DEMO_USERS.find((user) => user.email.startsWith('morgan@'))!;

test.use({ viewport: { width: 1280, height: 900 } });

async function newBlock(page: Page, name: string, shortcut: string) {
  await page.goto('/admin/#/blocks/new');
  await expect(page.getByRole('heading', { name: 'New block' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Block Content' }).click();
  await page.keyboard.type(`${name}: you can track your ballot online.`);
  await page.getByRole('textbox', { name: 'Shortcut' }).fill(shortcut);
}

test('morgan sets a shortcut on a block, and another block cannot take it', async ({ page }, testInfo) => {
  const stamp = `${testInfo.repeatEachIndex}${testInfo.retry}${Date.now().toString(36)}`;
  const shortcut = `;trk${stamp}`;
  await page.goto('/admin/');
  await submitLoginIn(page, morgan.email, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Blocks' })).toBeVisible();

  await newBlock(page, `Ballot tracking ${stamp}`, 'track');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Shortcut must be 2 to 32 characters without spaces, starting with a symbol such as ; / or #.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Shortcut' }).fill(shortcut);
  await expect(page.getByText(`Shortcut: ${shortcut}`)).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText('Saved.');
  await expect(page).toHaveURL(/#\/blocks\/[0-9a-f]{24}$/);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Shortcut' })).toHaveValue(shortcut);
  await documentScreenshot(page, 'admin-editor-shortcut', page.getByRole('main'));

  await newBlock(page, `Another block ${stamp}`, shortcut.toUpperCase());
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`The shortcut ${shortcut.toUpperCase()} is already used by the block "Ballot tracking ${stamp}". Choose another shortcut.`)).toBeVisible();
  await expect(page.getByText('Some fields need attention before the block can be saved.')).toBeVisible();
  await expect(page).toHaveURL(/#\/blocks\/new$/);
});
