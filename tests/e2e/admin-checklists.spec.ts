import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';
import { wcagViolations } from './support/axe';
import { documentScreenshot } from './support/screenshots';
import { pane, signInToHome, submitLoginIn } from './support/sign-in';

/**
 * Checklists in the admin app against the real server: morgan (admin of Elections) writes a
 * checklist with tasks in order and recommended blocks, dana (a member of Elections) finds it in
 * the playground at her next load and works through it, then morgan deletes it (dana no longer
 * sees it) and restores it from the list, and a save from a second window meets a conflict.
 */

const dana = DEMO_USERS.find((user) => user.email.startsWith('dana@'))!;
const morgan = DEMO_USERS.find((user) => user.email.startsWith('morgan@'))!;

test.use({ viewport: { width: 1280, height: 900 } });

async function signInToAdmin(page: Page) {
  await page.goto('/admin/');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await submitLoginIn(page, morgan.email, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Blocks' })).toBeVisible();
}

/** Dana's checklist home in the playground, writing a new message, after a fresh load (signing in the first time). */
async function danasChecklists(page: Page, signIn = false) {
  if (signIn) await signInToHome(page, dana.email, DEMO_PASSWORD);
  else {
    await page.goto('/#/home');
    await page.reload();
    await expect(pane(page).getByRole('heading', { name: 'Blocks' })).toBeVisible();
  }
  await page.getByRole('tab', { name: 'Compose' }).click();
  await pane(page).getByRole('button', { name: 'Checklists' }).click();
  await expect(pane(page).getByText('Please select a checklist:')).toBeVisible();
}

const task = (page: Page, n: number) => page.getByRole('textbox', { name: `Task ${n}` });

test('morgan writes a checklist that dana finds and works through; deleted, she no longer sees it; restored, it is back', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const name = `Precinct Lookup Call ${testInfo.retry}-${Date.now()}`;
  const category = `Phone Scripts ${Date.now()}`;
  await signInToAdmin(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Checklists' }).click();
  await expect(page.getByRole('heading', { name: 'Checklists' })).toBeVisible();
  await expect(page).toHaveTitle('Cannery - Admin - Checklists');
  await expect(page.getByRole('table', { name: 'Checklists' }).getByRole('link', { name: 'Signature Cure Call' })).toBeVisible();

  await page.getByRole('button', { name: 'New checklist' }).click();
  await expect(page.getByRole('heading', { name: 'New checklist' })).toBeVisible();
  // An empty form says what it needs, and sends nothing.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Some fields need attention before the checklist can be saved.' })).toBeVisible();
  await expect(page.getByText('Name is required.')).toBeVisible();
  await expect(page.getByText('Add at least one task.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  // Enter in a task adds the next one, focused.
  await task(page, 1).fill('Read back the polling place address');
  await task(page, 1).press('Enter');
  await expect(task(page, 2)).toBeFocused();
  await page.keyboard.type('Ask for the caller’s home address');
  await task(page, 2).press('Enter');
  await page.keyboard.type('Offer to mail a sample ballot');
  // The address comes first: move task 2 up.
  await page.getByRole('button', { name: 'Move task 2 up' }).click();
  await expect(task(page, 1)).toHaveValue('Ask for the caller’s home address');
  await expect(task(page, 2)).toHaveValue('Read back the polling place address');

  const picker = page.getByRole('combobox', { name: 'Add a block' });
  for (const block of ['Vote Center Hours', 'Track My Ballot']) {
    await picker.click();
    await picker.pressSequentially(block.split(' ')[0]!);
    await page.getByRole('option', { name: block }).click();
  }
  const linked = page.getByRole('list', { name: 'Recommended blocks' });
  await expect(linked.getByRole('listitem')).toHaveText(['Vote Center Hours', 'Track My Ballot']);
  await page.getByRole('button', { name: 'Move Track My Ballot up' }).click();
  await expect(linked.getByRole('listitem')).toHaveText(['Track My Ballot', 'Vote Center Hours']);
  await page.getByRole('textbox', { name: 'Categories' }).fill(category);

  const preview = page.getByTestId('checklist-preview');
  await expect(preview.getByRole('checkbox')).toHaveCount(3);
  await expect(preview).toContainText('Recommended Blocks for this checklist:');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText('Saved. Your team sees this checklist the next time their checklists load.');
  await expect(page).toHaveURL(/#\/checklists\/[0-9a-f]{24}$/);
  await expect(page).toHaveTitle('Cannery - Admin - Edit checklist');
  await documentScreenshot(page, 'admin-checklist-editor');
  expect(await wcagViolations(page, 'main')).toEqual([]);
  const editorUrl = page.url();

  // Dana, at her next load, finds it under its category and works through it.
  const member = await browser.newPage();
  await danasChecklists(member, true);
  await pane(member).getByRole('button', { name: `${category} (1)` }).click();
  await pane(member).getByRole('link', { name }).click();
  await expect(pane(member).getByText('Please complete checklist before sending email.')).toBeVisible();
  const boxes = pane(member).getByRole('checkbox');
  await expect(boxes).toHaveCount(3);
  for (const [index, label] of ['Ask for the caller’s home address', 'Read back the polling place address', 'Offer to mail a sample ballot'].entries()) {
    await expect(boxes.nth(index)).toHaveAccessibleName(label);
  }
  await expect(pane(member).getByText('Recommended Blocks for this checklist:')).toBeVisible();
  await expect(pane(member).getByRole('button', { name: 'Track My Ballot', exact: true })).toBeVisible();
  await expect(pane(member).getByRole('button', { name: 'Vote Center Hours', exact: true })).toBeVisible();

  // A second admin window saves first; this window's save is refused, then loads theirs.
  const other = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signInToAdmin(other);
  await other.goto(editorUrl);
  await other.getByRole('textbox', { name: 'Task 3' }).fill('Offer to mail a sample ballot in Spanish');
  await other.getByRole('button', { name: 'Save' }).click();
  await expect(other.getByRole('status')).toContainText('Saved.');
  await task(page, 3).fill('Offer to email a sample ballot');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Someone else changed this checklist since you opened it, so it was not saved.' })).toBeVisible();
  await page.getByRole('button', { name: 'Load their version' }).click();
  await expect(task(page, 3)).toHaveValue('Offer to mail a sample ballot in Spanish');
  await other.close();

  // Deleted: the list says so, and dana no longer sees it.
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { name: 'Checklists' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`"${name}" was deleted. Members no longer see it; turn on Show deleted to restore it.`);
  await expect(page.getByRole('table', { name: 'Checklists' }).getByText(name)).toHaveCount(0);
  await danasChecklists(member);
  await expect(pane(member).getByRole('button', { name: new RegExp(`^${category}`) })).toHaveCount(0);

  // Restored from the list, it is back for her.
  await page.getByRole('switch', { name: 'Show deleted' }).check();
  await page.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(page.getByRole('status')).toContainText(`"${name}" is back. Members see it the next time their checklists load.`);
  await expect(page.getByRole('table', { name: 'Checklists' }).getByRole('link', { name })).toBeVisible();
  await documentScreenshot(page, 'admin-checklists');
  expect(await wcagViolations(page, 'main')).toEqual([]);
  await danasChecklists(member);
  await expect(pane(member).getByRole('button', { name: `${category} (1)` })).toBeVisible();

  // Leave the demo team's checklists as they were for the other tests.
  await page.getByRole('table', { name: 'Checklists' }).getByRole('link', { name }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status')).toContainText('was deleted');
  await member.close();
});
