import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';
import { wcagViolations } from './support/axe';
import { documentScreenshot } from './support/screenshots';
import { pane, signInAtStandIn, signInToHome, submitLoginIn } from './support/sign-in';

/**
 * The team admins' web app at /admin against the real server: morgan (admin of Elections and
 * Recorder) writes a block, saves it, meets another window's save as a conflict, deletes and
 * restores it; dana, who administers no team, is told so.
 */

const dana = DEMO_USERS.find((user) => user.email.startsWith('dana@'))!;
const morgan = DEMO_USERS.find((user) => user.email.startsWith('morgan@'))!;
const sam = DEMO_USERS.find((user) => user.microsoftSub)!;

test.use({ viewport: { width: 1280, height: 900 } });

async function signInToAdmin(page: Page, email: string) {
  await page.goto('/admin/');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await submitLoginIn(page, email, DEMO_PASSWORD);
}

const bodyEditor = (page: Page) => page.getByRole('textbox', { name: 'Block Content' });

test('morgan writes a block, meets a conflicting save from another window, deletes it and restores it', async ({ page, context }, testInfo) => {
  // A long walk through the whole editor, with three accessibility checks.
  test.setTimeout(90_000);
  const name = `Polling Place Moved ${testInfo.repeatEachIndex}-${testInfo.retry}-${Date.now()}`;
  await signInToAdmin(page, morgan.email);
  await expect(page.getByRole('heading', { name: 'Blocks' })).toBeVisible();
  await expect(page).toHaveTitle('Cannery - Admin - Blocks');
  await expect(page.getByRole('table', { name: 'Blocks' }).getByRole('row').nth(1)).toBeVisible();
  await documentScreenshot(page, 'admin-blocks');
  expect(await wcagViolations(page, 'main')).toEqual([]);

  await page.getByRole('button', { name: 'New block' }).click();
  await expect(page.getByRole('heading', { name: 'New block' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Name is required.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await bodyEditor(page).click();
  await page.keyboard.type('Dear ');
  await page.getByRole('button', { name: 'Insert variable' }).click();
  await page.getByRole('menuitem', { name: "Sender's first name" }).click();
  await page.keyboard.type(', your polling place for precinct ');
  await page.getByRole('button', { name: 'Insert variable' }).click();
  await page.getByRole('menuitem', { name: 'Ask for a value…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask for a value' });
  await dialog.getByRole('textbox', { name: 'What to ask for' }).fill('Precinct');
  await dialog.getByRole('button', { name: 'Insert' }).click();
  await expect(dialog).toBeHidden();
  // The editor takes the focus back on the next frame: type once it has it, as a person would.
  await expect(bodyEditor(page)).toBeFocused();
  await page.keyboard.type(' has moved to the Alder County Library.');
  await expect(bodyEditor(page)).toContainText('Dear {{sender.firstName}}, your polling place for precinct {{ask:Precinct}} has moved');
  await page.getByRole('button', { name: 'Bold' }).click();
  await expect(bodyEditor(page)).toBeFocused();
  await page.keyboard.type(' Bring your ID.');
  // Categories: typed, or picked from the team's.
  await page.getByRole('textbox', { name: 'Categories' }).fill('Polling Places');
  await page.getByRole('group', { name: "The team's categories" }).getByRole('button', { name: 'Mail Ballots' }).click();
  await expect(page.getByRole('textbox', { name: 'Categories' })).toHaveValue('Polling Places, Mail Ballots');
  await page.getByRole('group', { name: "The team's categories" }).getByRole('button', { name: 'Mail Ballots' }).click();
  await expect(page.getByRole('textbox', { name: 'Categories' })).toHaveValue('Polling Places');
  await page.getByRole('textbox', { name: 'Categories' }).fill('Polling Places, Notices');
  // The preview is the members' one: what cannot be known yet shows as a chip naming it.
  const preview = page.getByTestId('block-preview');
  await expect(preview.locator('strong')).toHaveText('Bring your ID.');
  await expect(preview.locator('[data-variable]')).toHaveText(["Sender's first name", 'Ask: Precinct']);
  await expect(preview).not.toContainText('{{');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText('Saved.');
  await expect(page).toHaveURL(/#\/blocks\/[0-9a-f]{24}$/);
  await documentScreenshot(page, 'admin-editor');
  expect(await wcagViolations(page, 'main')).toEqual([]);

  // Another window opens the same block and saves first.
  const other = await context.newPage();
  await other.goto(page.url());
  await expect(other.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await other.getByRole('textbox', { name: 'Name' }).fill(`${name} (updated)`);
  await bodyEditor(other).click();
  await other.keyboard.press('Control+End');
  await other.keyboard.type(' Parking is free.');
  await other.getByRole('button', { name: 'Save' }).click();
  await expect(other.getByRole('status')).toContainText('Saved.');

  await bodyEditor(page).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Doors open at 7.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText('Someone else changed this block since you opened it, so it was not saved.');
  await page.getByRole('button', { name: 'Load their version' }).click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(`${name} (updated)`);
  await expect(bodyEditor(page)).not.toContainText('Doors open at 7.');
  await expect(bodyEditor(page)).toContainText('Parking is free.');
  await other.close();

  // The history shows what each save changed; restoring the first version brings its name back.
  const versions = page.getByRole('list', { name: 'Versions' });
  await expect(versions.getByRole('listitem')).toHaveCount(2);
  await versions.getByRole('button', { name: /^Version 2: Edited by morgan@/ }).click();
  const changes = page.getByRole('region', { name: 'Changes in version 2' });
  await expect(changes).toContainText(`Name: ${name} → ${name} (updated)`);
  await expect(changes.locator('ins')).toContainText(['Parking is free.']);
  await versions.getByRole('button', { name: /^Version 1: Created/ }).click();
  await page.getByRole('button', { name: 'Restore version 1' }).click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await expect(bodyEditor(page)).not.toContainText('Parking is free.');
  await expect(bodyEditor(page)).toContainText('has moved to the Alder County Library.');
  await expect(versions.getByRole('listitem')).toHaveCount(3);
  await expect(versions.getByRole('listitem').first()).toContainText('Version 3: Restored an earlier version');

  // Deleted, it leaves the list; shown again with the deleted ones, it is restored.
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { name: 'Blocks' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Blocks' });
  await page.getByRole('searchbox').fill(name);
  await expect(page.getByText('0 blocks')).toBeVisible();
  await page.getByRole('switch', { name: 'Show deleted' }).check();
  await expect(table.getByRole('row', { name: /\(deleted\)/ })).toBeVisible();
  await table.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(table.getByRole('link', { name })).toBeVisible();
  await page.getByRole('switch', { name: 'Show deleted' }).uncheck();
  await expect(page.getByText('1 block', { exact: true })).toBeVisible();

  // A copy starts as its own block; the team's activity lists every change with who made it.
  await table.getByRole('link', { name }).click();
  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(`Copy of ${name}`);
  await expect(page.getByRole('status')).toContainText('This is a copy');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Activity' }).click();
  const activity = page.getByRole('table', { name: 'Activity' });
  // Other tests change the team's blocks at the same time: the copy's row is found by what it says.
  await expect(activity.getByRole('row').filter({ hasText: 'Copied a block' }).first()).toContainText(morgan.email);
  for (const what of ['Brought back a deleted block', 'Deleted a block', 'Restored version 1 of a block', 'Edited a block (name, text)', 'Created a block']) {
    await expect(activity.getByRole('row').filter({ hasText: what }).first()).toBeVisible();
  }
  expect(await wcagViolations(page, 'main')).toEqual([]);
});

test('a user who administers no team is told so', async ({ page }) => {
  await signInToAdmin(page, dana.email);
  await expect(page.getByRole('heading', { name: 'You are not an admin of any team' })).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
});

test('a work account signs in to the admin app through its pop-up, and one that administers no team is told so', async ({ page }) => {
  await page.goto('/admin/');
  const opening = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in with your work account' }).click();
  const popup = await opening;
  await signInAtStandIn(popup, sam.email);
  await expect(page.getByRole('heading', { name: 'You are not an admin of any team' })).toBeVisible();
  await expect.poll(() => popup.isClosed()).toBe(true);
});

test("a block morgan writes with variables reaches dana's Home at her next load, and goes into a reply filled in", async ({ page, browser }, testInfo) => {
  const name = `Precinct Reply ${testInfo.repeatEachIndex}-${testInfo.retry}-${Date.now()}`;
  // Dana is already working: her blocks are loaded (and cached) before morgan writes the new one.
  const danaContext = await browser.newContext();
  const pane2 = await danaContext.newPage();
  await signInToHome(pane2, dana.email, DEMO_PASSWORD);

  await signInToAdmin(page, morgan.email);
  await page.getByRole('button', { name: 'New block' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await bodyEditor(page).click();
  await page.keyboard.type('Dear {{sender.firstName}}, your polling place for precinct {{ask:Precinct}} is the Alder County Library.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText('Saved.');

  await pane2.reload();
  await pane2.getByLabel('From (name)').fill('Lopez, Maria');
  await pane2.getByLabel('From (address)').fill('maria.lopez@example.com');
  await pane(pane2).getByRole('searchbox', { name: 'Search name or content' }).fill(name);
  const results = pane(pane2).getByRole('list', { name: 'Search results' });
  await results.getByRole('button', { name, exact: true }).click();
  const dialog = pane2.getByRole('dialog', { name });
  await dialog.getByRole('textbox', { name: 'Precinct' }).fill('12-B');
  await dialog.getByRole('button', { name: 'Insert' }).click();
  const reply = pane2.getByRole('textbox', { name: 'Message body' });
  await expect(reply).toContainText('Dear Maria, your polling place for precinct 12-B is the Alder County Library.');
  expect(await reply.innerText()).not.toMatch(/\{\{|\}\}/);
  await danaContext.close();
});

test('a block dana suggests is approved by morgan, shaped in the editor, and becomes a block of the team', async ({ page, browser }, testInfo) => {
  const name = `Drop Box Hours ${testInfo.repeatEachIndex}-${testInfo.retry}-${Date.now()}`;
  const danaContext = await browser.newContext();
  const danaPage = await danaContext.newPage();
  await signInToHome(danaPage, dana.email, DEMO_PASSWORD);
  await pane(danaPage).getByRole('button', { name: 'Suggest New Block' }).click();
  await pane(danaPage).getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await pane(danaPage).getByRole('textbox', { name: 'Block Content' }).fill('Drop boxes are open until 8 p.m.\n\nBring your signed <envelope>.');
  await pane(danaPage).getByRole('button', { name: 'Submit Suggestion' }).click();
  await expect(pane(danaPage).getByText('Successfully suggested a new block!', { exact: true })).toBeVisible();

  await signInToAdmin(page, morgan.email);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Suggestions' }).click();
  const card = page.getByRole('group', { name });
  await expect(page.getByText(`Suggested by ${dana.email}`).first()).toBeVisible();
  await expect(card).toContainText('Bring your signed <envelope>.');
  expect(await wcagViolations(page, 'main')).toEqual([]);
  await documentScreenshot(page, 'admin-suggestions');
  await card.getByRole('button', { name: 'Review and approve' }).click();

  await expect(page.getByRole('heading', { name: 'Approve a suggestion' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  // Dana's suggestion names Outlook and Gmail; the block starts in every place, text fields too.
  for (const place of ['Outlook', 'Gmail', 'Text fields']) await expect(page.getByRole('group', { name: 'Used in' }).getByRole('checkbox', { name: place })).toBeChecked();
  await expect(page.getByTestId('block-preview').locator('p')).toHaveText(['Drop boxes are open until 8 p.m.', 'Bring your signed <envelope>.']);
  await page.getByRole('textbox', { name: 'Categories' }).fill('Mail Ballots');
  await page.getByRole('button', { name: 'Approve and create block' }).click();
  await expect(page).toHaveURL(/#\/blocks\/[0-9a-f]{24}$/);
  await expect(page.getByRole('status')).toContainText('Saved.');

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Suggestions' }).click();
  await expect(page.getByText(name)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Approved' }).click();
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(page.getByText(`Approved by ${morgan.email}`).first()).toBeVisible();

  // Dana finds the new block at her next load.
  await danaPage.goto('/#/home');
  await danaPage.reload();
  await pane(danaPage).getByRole('searchbox', { name: 'Search name or content' }).fill(name);
  await expect(pane(danaPage).getByRole('list', { name: 'Search results' }).getByRole('button', { name, exact: true })).toBeVisible();
  await danaContext.close();
});
