import { expect, test, type Page } from '@playwright/test';
import { fakeOutlook, openTaskPane } from './support/outlook';
import { logInToHome } from './support/sign-in';
import { sentRecordsOf } from './support/usage-probe';
import { e2eUserFor } from './support/users';
import { failOnPageErrors } from './support/page-errors';
import { madeUpWord } from './support/made-up-words';

/**
 * Learning from the team's choices, as a user meets it in the Outlook task pane (fake Office.js,
 * real server): an email in words no block uses gets no recommendation; the user finds the right
 * block by search and uses it; the next email in the same words has that block recommended.
 * The words are made up per run, so that what one run teaches the team never meets another's.
 */

failOnPageErrors();

const jordan = { displayName: 'Jordan Lee', emailAddress: 'jordan.lee@example.org' };
const recommended = (page: Page) => page.getByRole('list', { name: 'Recommended' });

test('a block chosen for an email whose words match nothing is recommended for the next email in those words', async ({ page }) => {
  const user = e2eUserFor('outlook-learning', test.info());
  const [one, two, three] = [madeUpWord(9), madeUpWord(10), madeUpWord(11)];
  await openTaskPane(page, {
    item: { mode: 'read', itemId: 'learning-first', subject: 'A question', from: jordan, body: `Hello,\nWhere is my ${one} ${two} ${three}?\nJordan` },
    hash: '#/login',
  });
  await logInToHome(page, user.email, user.password);
  await expect(page.getByText('Please select a block to auto-create an email reply to Jordan Lee')).toBeVisible();
  // The blocks are listed, and none is recommended: no block uses these words.
  await expect(page.getByRole('button', { name: /^Mail Ballots \(\d+\)$/ })).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(recommended(page)).toHaveCount(0);

  // The user finds the right block by search and uses it: a reply with it opens.
  await page.getByRole('searchbox', { name: 'Search name or content' }).fill('Vote Center Hours');
  await page.getByRole('list', { name: 'Search results' }).getByRole('button', { name: 'Vote Center Hours', exact: true }).click();
  const outlook = fakeOutlook(page);
  await expect.poll(() => outlook.insertions()).toHaveLength(1);
  await expect.poll(async () => (await sentRecordsOf(user.email)).reduce((sum, row) => sum + row.n, 0), { timeout: 15_000 }).toBe(1);
  await page.getByRole('searchbox', { name: 'Search name or content' }).fill('');

  // Another email in the same words: the block the user chose is recommended.
  await outlook.setItem({ mode: 'read', itemId: 'learning-second', subject: 'Another question', from: jordan, body: `Hi,\nAnd what about my ${three} ${one} ${two}?\nJordan` });
  await outlook.fireItemChanged();
  await expect(recommended(page).getByRole('button', { name: 'Vote Center Hours', exact: true })).toBeVisible({ timeout: 15_000 });
});
