import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';
import { madeUpWord } from './support/made-up-words';
import { pane, signInToHome, submitLoginIn } from './support/sign-in';

/**
 * Example questions, as an admin writes them and a member meets them: morgan (admin of Elections)
 * gives a new block the questions people ask in their own words; dana (member of Elections) opens
 * an email in those words in the playground, and Home recommends the block, whose name and text
 * share none of them. The words are made up per run, so no other block or run matches them.
 */

const dana = DEMO_USERS.find((user) => user.email.startsWith('dana@'))!;
const morgan = DEMO_USERS.find((user) => user.email.startsWith('morgan@'))!;

test.use({ viewport: { width: 1280, height: 900 } });

const questions = (page: Page) => page.getByRole('textbox', { name: 'Questions people ask' });

test('questions an admin writes for a block make Home recommend it for an email in those words', async ({ page, browser }, testInfo) => {
  const [thing, place] = [madeUpWord(9), madeUpWord(10)];
  const name = `Lost Voting Packet ${testInfo.repeatEachIndex}-${testInfo.retry}-${Date.now()}`;

  await page.goto('/admin/');
  await submitLoginIn(page, morgan.email, DEMO_PASSWORD);
  await page.getByRole('button', { name: 'New block' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Block Content' }).click();
  await page.keyboard.type('We will send you a new one today.');
  // A question too long is named by its line, and nothing is saved.
  await questions(page).fill(`my ${thing} never showed up\n${'x'.repeat(301)}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Example question 2 must be at most 300 characters.')).toBeVisible();
  await questions(page).fill(`my ${thing} never showed up\n\nthe ${thing} went to the ${place} by mistake`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText('Saved.');
  await page.reload();
  await expect(questions(page)).toHaveValue(`my ${thing} never showed up\nthe ${thing} went to the ${place} by mistake`);

  const danaContext = await browser.newContext();
  const member = await danaContext.newPage();
  await signInToHome(member, dana.email, DEMO_PASSWORD);
  await member.getByRole('textbox', { name: 'Message' }).fill(`Hello,\nOur ${thing} ended up at the ${place} again. Can you help?\nJordan`);
  const recommended = pane(member).getByRole('list', { name: 'Recommended' });
  await expect(recommended.getByRole('button', { name, exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(recommended.getByRole('button', { name, exact: true })).toHaveAccessibleDescription(new RegExp(`^Matches: .*${thing}`));
  await danaContext.close();
});
