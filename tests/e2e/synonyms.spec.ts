import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';
import { openTaskPane } from './support/outlook';
import { logInToHome, submitLoginIn } from './support/sign-in';
import { e2eUserFor } from './support/users';
import { failOnPageErrors } from './support/page-errors';
import { pageWcagViolations } from './support/axe';

/**
 * An account's synonyms, end to end against the real server: an email in Outlook uses a word of
 * the public's own that no block uses, and Home recommends nothing for it; morgan, the demo's
 * account admin, adds that word in the admin app's Synonyms page as meaning "ballot tracker"; the
 * task pane opened again on the same email recommends Track My Ballot and names the email's word.
 * The word is made up per run, so repeated runs on one server never meet each other's synonym.
 * Then the Synonyms page at a phone's 320 px, axe clean.
 */

const morgan = DEMO_USERS.find((user) => user.accountAdmin)!;
const recommended = (page: Page) => page.getByRole('list', { name: 'Recommended' });

failOnPageErrors();

test('an account admin adds a synonym; Home then recommends the block it points at for an email using the word', async ({ page, browser }, testInfo) => {
  test.setTimeout(90_000);
  const user = e2eUserFor('synonyms', testInfo);
  // A word no block uses, nor anything one letter away from one: letters only, one per run.
  const word = `zorblefax${'abcdefghij'[testInfo.repeatEachIndex * (testInfo.project.retries + 1) + testInfo.retry] ?? 'k'}`;
  const item = { mode: 'read' as const, subject: 'Question', from: { displayName: 'Jordan Lee', emailAddress: 'jordan.lee@example.org' }, body: `Hello,\nwhere is my ${word}?\nJordan` };

  await openTaskPane(page, { item, hash: '#/login' });
  await logInToHome(page, user.email, user.password);
  await expect(page.getByRole('searchbox', { name: 'Search name or content' })).toBeVisible();
  // Home has had the time to load its hints and build its index: still nothing for the word.
  await page.waitForTimeout(1500);
  await expect(recommended(page)).toHaveCount(0);

  const admin = await (await browser.newContext()).newPage();
  await admin.goto('/admin/');
  await submitLoginIn(admin, morgan.email, DEMO_PASSWORD);
  await expect(admin.getByRole('heading', { name: 'Blocks', level: 1 })).toBeVisible();
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Synonyms' }).click();
  await expect(admin.getByRole('heading', { name: 'Synonyms', level: 1 })).toBeVisible();
  // The demo account's own synonyms are listed.
  await expect(admin.getByRole('textbox', { name: 'Word or phrase the public writes (1)' })).toHaveValue('absentee');
  await admin.getByRole('button', { name: 'Add a synonym' }).click();
  await admin.keyboard.type(word);
  await admin.keyboard.press('Tab');
  await admin.keyboard.type('ballot tracker');
  await admin.getByRole('button', { name: 'Save synonyms' }).click();
  await expect(admin.getByRole('status')).toContainText('The synonyms were saved.');
  await admin.context().close();

  // The pane opened again on the same email, as Outlook opens it for the next email.
  const again = await (await browser.newContext()).newPage();
  await openTaskPane(again, { item, hash: '#/login' });
  await logInToHome(again, user.email, user.password);
  const track = recommended(again).getByRole('button', { name: 'Track My Ballot', exact: true });
  await expect(track).toBeVisible({ timeout: 15_000 });
  await expect(track).toHaveAccessibleDescription(`Matches: ${word}`);
});

test.describe('at a phone width', () => {
  test.use({ viewport: { width: 320, height: 800 } });

  test('Synonyms passes axe and fits the width', async ({ page }) => {
    await page.goto('/admin/');
    await submitLoginIn(page, morgan.email, DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Blocks', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Synonyms' }).click();
    await expect(page.getByRole('textbox', { name: 'Word or phrase the public writes (1)' })).toHaveValue('absentee');
    expect(await pageWcagViolations(page), 'Synonyms').toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});
