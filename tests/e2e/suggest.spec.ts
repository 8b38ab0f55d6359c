import { expect, test } from '@playwright/test';
import { DEMO_TEAMS } from '../../server/seed/demo-data';
import { pane, signInToHome } from './support/sign-in';
import { suggestionsOf } from './support/usage-probe';
import { e2eUserFor } from './support/users';

/**
 * Suggest a block in the playground, as a user walks it from Home, against the real server: what
 * the server stored is read back through the usage probe.
 */

test("a block suggested from Home's 'Suggest New Block' is stored for the user's team", async ({ page }, testInfo) => {
  const user = e2eUserFor('suggest', testInfo);
  await signInToHome(page, user.email, user.password);
  await pane(page).getByRole('button', { name: 'Suggest New Block' }).click();
  await expect(pane(page).getByRole('heading', { name: 'Suggest New Block' })).toBeVisible();

  const name = pane(page).getByRole('textbox', { name: 'Name', exact: true });
  const content = pane(page).getByRole('textbox', { name: 'Block Content' });
  // Leaving the Name empty says it is required.
  await name.click();
  await content.click();
  await expect(pane(page).getByText('Name is required.', { exact: true })).toBeVisible();

  await name.fill('Ballot drop box hours');
  await content.fill('Drop boxes are open around the clock until 8 p.m. on Election Day.\nBring your signed envelope.');
  await pane(page).getByRole('button', { name: 'Submit Suggestion' }).click();

  await expect(pane(page).getByText('Successfully suggested a new block!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/#\/suggest-auto-response-success$/);
  expect(await suggestionsOf(user.email)).toEqual([
    {
      teamId: DEMO_TEAMS.elections.id,
      name: 'Ballot drop box hours',
      body: 'Drop boxes are open around the clock until 8 p.m. on Election Day.\nBring your signed envelope.',
      supportedContexts: ['outlook', 'gmail'],
    },
  ]);

  // 'Suggest another block' starts over with an empty form.
  await pane(page).getByRole('button', { name: 'Suggest another block' }).click();
  await expect(name).toHaveValue('');
  await expect(content).toHaveValue('');
});
