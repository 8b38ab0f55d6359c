import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNT, DEMO_CHECKLISTS, DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';
import { wcagViolations } from './support/axe';
import { failOnPageErrors } from './support/page-errors';
import { pane, signInToHome } from './support/sign-in';

/**
 * A clerk reading an email opens a checklist in the playground (rules §8 "Checklist opened from
 * read view"): as Outlook opens a new message window where the add-in is opened again, the
 * playground opens a new message with a new pane beside it, and the checklist goes on there. Then
 * Complete with no task ticked asks first: Cancel stays, Complete anyway records the run.
 */

const dana = DEMO_USERS[0]!;
if (!DEMO_ACCOUNT.hasPhoneFlowAccess) throw new Error('The demo account needs phone-flow access for checklists');
const cure = DEMO_CHECKLISTS.find((checklist) => checklist.name === 'Signature Cure Call');
if (!cure) throw new Error('This test needs the demo checklist "Signature Cure Call"');

const NEW_WINDOW = 'Please open the add-in in the new window to access Checklists.';

failOnPageErrors();

test.use({ viewport: { width: 1280, height: 1100 } });

test('playground, reading an email: Checklists opens a new message with the pane in it, where the checklist is run and completed', async ({ page }, testInfo) => {
  await signInToHome(page, dana.email, DEMO_PASSWORD);
  await expect(page.getByRole('tab', { name: 'Read' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Subject')).toHaveValue('Did my mail ballot arrive?');

  await pane(page).getByRole('button', { name: 'Checklists' }).click();
  await expect(page.getByRole('tab', { name: 'Compose' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Subject')).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Message body' })).toBeVisible();
  await expect(pane(page).getByText('Please select a checklist:')).toBeVisible();
  await expect(pane(page).getByText(NEW_WINDOW)).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('checklists-from-read-view.png') });
  expect(await wcagViolations(page)).toEqual([]);

  await pane(page).getByRole('searchbox', { name: 'Search checklists' }).fill(cure.name);
  await pane(page).getByRole('list', { name: 'Search results' }).getByRole('link', { name: cure.name }).click();
  await expect(pane(page).getByRole('heading', { level: 1, name: cure.name })).toBeVisible();
  await expect(pane(page).getByText('Please complete checklist before sending email.')).toBeVisible();

  const complete = pane(page).getByRole('button', { name: 'Complete' });
  await complete.click();
  const dialog = page.getByRole('alertdialog', { name: 'Complete with no tasks ticked?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('No task of this checklist is ticked. It will be recorded as completed with none done.');
  expect(await wcagViolations(page, '[role="alertdialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(complete).toBeFocused();
  await expect(pane(page).getByRole('heading', { level: 1, name: cure.name })).toBeVisible();

  await complete.click();
  await dialog.getByRole('button', { name: 'Complete anyway' }).click();
  await expect(pane(page).getByRole('heading', { level: 1, name: 'Complete!' })).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
});
