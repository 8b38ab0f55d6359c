import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';
import { pressAndExpectFocus, tabTo } from './support/keyboard';
import { pane } from './support/sign-in';

/**
 * The task pane in the playground with the keyboard alone (WCAG 2.1.1, 2.1.2, 2.4.3, 2.4.7,
 * 2.4.11): every stop of each walk is seen, the order follows the screen, Escape closes what it
 * opened and the focus goes back where it was.
 */

const dana = DEMO_USERS[0]!;

test('signs in, finds a block by search and inserts it, all from the keyboard; the insertion is announced', async ({ page }) => {
  await page.goto('/#/login');
  const app = pane(page);
  await expect(app.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(app).toMatchAriaSnapshot({ name: 'login.aria.yml' });
  const email = app.getByRole('textbox', { name: 'Email', exact: true });
  await page.locator('body').focus();
  await tabTo(page, email);
  await page.keyboard.type(dana.email);
  await tabTo(page, app.getByLabel('Password', { exact: true }));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  const tips = app.getByRole('link', { name: 'Continue to Home' });
  await expect(tips).toBeVisible();
  await tabTo(page, tips);
  await page.keyboard.press('Enter');
  await expect(app.getByRole('heading', { name: 'Blocks' })).toBeVisible();

  const search = app.getByRole('searchbox', { name: 'Search name or content' });
  await tabTo(page, search);
  await page.keyboard.type('vote center hours');
  const results = app.getByRole('list', { name: 'Search results' });
  const block = results.getByRole('button', { name: 'Vote Center Hours', exact: true });
  await expect(block).toBeVisible();
  await pressAndExpectFocus(page, 'ArrowDown', block);
  await page.keyboard.press('Enter');
  // The playground reads an email: using a block opens a reply with it, and says so.
  await expect(app.getByRole('status')).toHaveText('A reply with Vote Center Hours is open.');
  await expect(page.getByTestId('compose-body')).toContainText('Vote center');
  // The reply has the focus, as Outlook's does, so the clerk types on below the block.
  await expect(page.getByRole('textbox', { name: 'Message body' })).toBeFocused();
});
