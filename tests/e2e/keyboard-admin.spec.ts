import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';
import { focusedName, pressAndExpectFocus, tabTo } from './support/keyboard';
import { failOnPageErrors } from './support/page-errors';

/**
 * The admin app with the keyboard alone (WCAG 2.1.1, 2.1.2, 2.4.3, 2.4.7, 2.4.11, 3.3.1, 4.1.3):
 * the sign-in form, every page opened from the nav, the block editor from New block to Delete
 * with its formatting toolbar and variable dialog, and every dialog the pages open, each taking
 * the focus, keeping it, closing on Escape and giving it back to the button that opened it.
 * Every stop of each walk is seen (`tabTo`); what a screen reader is given on each screen and
 * dialog is kept as an ARIA snapshot.
 */

failOnPageErrors();
// A walk presses Tab dozens of times and looks at every stop: minutes on two busy cores, not seconds.
test.describe.configure({ timeout: 300_000 });
test.use({ viewport: { width: 1280, height: 900 } });

const morgan = DEMO_USERS.find((user) => user.email.startsWith('morgan@'))!;

const nav = (page: Page) => page.getByRole('navigation', { name: 'Admin' });
const main = (page: Page) => page.getByRole('main');

/** Puts the focus back at the start of the page, as a user who presses Tab from the top. */
async function fromTheTop(page: Page) {
  await page.locator('body').focus();
}

/** Waits until the page has loaded what it shows: no spinner left in it. */
async function settled(page: Page) {
  await expect(main(page).getByRole('progressbar')).toHaveCount(0);
}

/** Signs in to the admin app as morgan, typing into the sign-in form. */
async function signInByKeyboard(page: Page, snapshot = false) {
  await page.goto('/admin/');
  const email = page.getByRole('textbox', { name: 'Email', exact: true });
  await expect(email).toBeVisible();
  if (snapshot) await expect(main(page)).toMatchAriaSnapshot({ name: 'admin-login.aria.yml' });
  await fromTheTop(page);
  await tabTo(page, email);
  await page.keyboard.type(morgan.email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Blocks', level: 1 })).toBeVisible();
  await settled(page);
}

/** Tabs from the top to the nav's `label` link and follows it with Enter. */
async function openFromNav(page: Page, label: string, heading = label) {
  const link = nav(page).getByRole('link', { name: label, exact: true });
  await fromTheTop(page);
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(link).toHaveAttribute('aria-current', 'page');
  await settled(page);
}

/**
 * With `dialog` just opened from `opener`: the focus is in it, each Tab keeps it there until it
 * comes round to where it started, and Escape closes it and gives the focus back to `opener`.
 */
async function expectDialogKeepsFocus(page: Page, dialog: Locator, opener: Locator, snapshot: string) {
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('*:focus'), 'the focus moves into the dialog').toHaveCount(1);
  await expect(dialog).toMatchAriaSnapshot({ name: snapshot });
  const start = await dialog.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? '');
  await dialog.evaluate(() => document.activeElement?.setAttribute('data-walk-start', ''));
  let presses = 0;
  for (;;) {
    expect(presses, `Tab comes back round to ${start} in the dialog`).toBeLessThan(80);
    await page.keyboard.press('Tab');
    presses += 1;
    // One look per press (a dialog of checkboxes has dozens of stops): inside the dialog, and back at the start?
    const at = await dialog.evaluate((surface) => ({ inside: surface.contains(document.activeElement), back: document.activeElement?.hasAttribute('data-walk-start') === true }));
    if (!at.inside) expect(at.inside, `Tab ${presses} keeps the focus in the dialog, not on ${await focusedName(page)}`).toBe(true);
    if (at.back) break;
  }
  expect(presses, 'the dialog has more than one stop').toBeGreaterThan(1);
  await dialog.evaluate(() => document.querySelector('[data-walk-start]')?.removeAttribute('data-walk-start'));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener, 'the focus goes back to what opened the dialog').toBeFocused();
}

/** Opens each of `pages` from the nav with the keyboard and compares its main landmark with its snapshot. */
async function walkPages(page: Page, pages: ReadonlyArray<[label: string, snapshot: string]>) {
  for (const [label, snapshot] of pages) {
    await openFromNav(page, label);
    await expect(main(page)).toMatchAriaSnapshot({ name: snapshot });
  }
}

test('the sign-in form, then the library pages from the nav: Blocks, Checklists, Languages, Changes, Coming up', async ({ page }) => {
  await signInByKeyboard(page, true);
  await expect(main(page)).toMatchAriaSnapshot({ name: 'admin-blocks.aria.yml' });
  await walkPages(page, [
    ['Checklists', 'admin-checklists.aria.yml'],
    ['Languages', 'admin-languages.aria.yml'],
    ['Changes', 'admin-changes.aria.yml'],
    ['Coming up', 'admin-coming-up.aria.yml'],
    ['Blocks', 'admin-blocks.aria.yml'],
  ]);
});

test('the team pages from the nav: Suggestions with its tabs by arrow keys, Needs review, Clean up, Usage, Activity', async ({ page }) => {
  await signInByKeyboard(page);
  await walkPages(page, [['Suggestions', 'admin-suggestions.aria.yml']]);
  // The tabs are one stop, moved through with the arrow keys and chosen with Enter.
  const open = main(page).getByRole('tab', { name: 'Open' });
  await tabTo(page, open);
  await pressAndExpectFocus(page, 'ArrowRight', main(page).getByRole('tab', { name: 'Approved' }));
  await page.keyboard.press('Enter');
  await expect(main(page).getByRole('tab', { name: 'Approved' })).toHaveAttribute('aria-selected', 'true');
  await pressAndExpectFocus(page, 'ArrowLeft', open);
  await page.keyboard.press('Enter');
  await expect(open).toHaveAttribute('aria-selected', 'true');
  await walkPages(page, [
    ['Needs review', 'admin-needs-review.aria.yml'],
    ['Clean up', 'admin-clean-up.aria.yml'],
    ['Usage', 'admin-usage.aria.yml'],
    ['Activity', 'admin-activity.aria.yml'],
  ]);
});

test('the account pages from the nav: People, Teams, Settings, Synonyms, Mailboxes, Audit log, each walked to its end', async ({ page }) => {
  await signInByKeyboard(page);
  const pages: Array<[label: string, heading: string, snapshot: string]> = [
    ['People', 'People', 'admin-people.aria.yml'],
    ['Teams', 'Teams', 'admin-teams.aria.yml'],
    ['Settings', 'Account settings', 'admin-settings.aria.yml'],
    ['Synonyms', 'Synonyms', 'admin-synonyms.aria.yml'],
    ['Mailboxes', 'Mailboxes', 'admin-mailboxes.aria.yml'],
    ['Audit log', 'Audit log', 'admin-audit-log.aria.yml'],
  ];
  for (const [label, heading, snapshot] of pages) {
    await openFromNav(page, label, heading);
    await expect(main(page)).toMatchAriaSnapshot({ name: snapshot });
  }
});

test('the block editor: an empty save said at the name, a block typed and formatted from the toolbar, the variable dialog, saved with its status read, then deleted', async ({ page }, testInfo) => {
  const name = `Keyboard Hours ${testInfo.retry}-${Date.now()}`;
  await signInByKeyboard(page);
  const newBlock = main(page).getByRole('button', { name: 'New block' });
  await fromTheTop(page);
  await tabTo(page, newBlock);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'New block' })).toBeVisible();
  await settled(page);
  await expect(main(page)).toMatchAriaSnapshot({ name: 'admin-block-new.aria.yml' });

  // Saving with no name: the error is announced, and tied to the field it is about.
  const nameField = main(page).getByRole('textbox', { name: 'Name', exact: true });
  const save = main(page).getByRole('button', { name: 'Save' });
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await expect(main(page).getByRole('alert').first()).toBeVisible();
  await expect(nameField).toHaveAttribute('aria-invalid', 'true');
  await expect(nameField).toHaveAccessibleDescription(/required/i);

  await tabTo(page, nameField);
  await page.keyboard.type(name);
  const content = main(page).getByRole('textbox', { name: 'Block Content' });
  await tabTo(page, content);
  await page.keyboard.type('The office is open 8 to 5.');
  await page.keyboard.press('Shift+Home');

  // The toolbar is one stop: Bold from it, then the arrow keys to Insert variable.
  const toolbar = main(page).getByRole('toolbar', { name: 'Formatting' });
  const bold = toolbar.getByRole('button', { name: 'Bold' });
  await tabTo(page, toolbar, { backwards: true });
  await expect(bold).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(content.locator('strong')).toHaveText('The office is open 8 to 5.');
  await bold.focus();
  await pressAndExpectFocus(page, 'ArrowRight', toolbar.getByRole('button', { name: 'Italic' }));
  const insertVariable = toolbar.getByRole('button', { name: 'Insert variable' });
  await pressAndExpectFocus(page, 'End', insertVariable);

  // Insert variable's prompt asks in a dialog; its empty label is said at its field.
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  const ask = page.getByRole('dialog', { name: 'Ask for a value' });
  await expect(ask).toBeVisible();
  const label = ask.getByRole('textbox', { name: 'What to ask for' });
  await expect(label).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(label).toHaveAttribute('aria-invalid', 'true');
  await expect(label).toHaveAccessibleDescription(/Say what to ask for/);
  await expectDialogKeepsFocus(page, ask, insertVariable, 'admin-variable-dialog.aria.yml');

  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await expect(main(page).getByRole('status')).toContainText('Saved.');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit block' })).toBeVisible();
  await expect(main(page)).toMatchAriaSnapshot({ name: 'admin-block-edit.aria.yml' });

  await fromTheTop(page);
  await tabTo(page, main(page).getByRole('button', { name: 'Delete' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Blocks' })).toBeVisible();
  await expect(main(page).getByRole('link', { name })).toHaveCount(0);
});

test('Blocks: the Export menu and the Import dialog; the checklist editor: an empty save said at the name', async ({ page }) => {
  await signInByKeyboard(page);
  const exportButton = main(page).getByRole('button', { name: 'Export' });
  await fromTheTop(page);
  await tabTo(page, exportButton);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'JSON file' })).toBeFocused();
  await pressAndExpectFocus(page, 'ArrowDown', menu.getByRole('menuitem', { name: 'CSV file (spreadsheets)' }));
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(exportButton).toBeFocused();

  const importButton = main(page).getByRole('button', { name: 'Import' });
  await tabTo(page, importButton);
  await page.keyboard.press('Enter');
  await expectDialogKeepsFocus(page, page.getByRole('dialog', { name: 'Import blocks' }), importButton, 'admin-import-blocks-dialog.aria.yml');

  await openFromNav(page, 'Checklists');
  const newChecklist = main(page).getByRole('button', { name: 'New checklist' });
  await tabTo(page, newChecklist);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'New checklist' })).toBeVisible();
  await settled(page);
  await expect(main(page)).toMatchAriaSnapshot({ name: 'admin-checklist-new.aria.yml' });
  const nameField = main(page).getByRole('textbox', { name: 'Name', exact: true });
  await tabTo(page, main(page).getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(main(page).getByRole('alert').first()).toBeVisible();
  await expect(nameField).toHaveAttribute('aria-invalid', 'true');
  await expect(nameField).toHaveAccessibleDescription(/required/i);
  await tabTo(page, main(page).getByRole('button', { name: 'Back to checklists' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Checklists' })).toBeVisible();
});

test('People: the Invite dialog with its missing email, Invite from a file, and a person\'s Edit and Disable dialogs from the Actions menu', async ({ page }) => {
  await signInByKeyboard(page);
  await openFromNav(page, 'People');

  const invite = main(page).getByRole('button', { name: 'Invite', exact: true });
  await tabTo(page, invite);
  await page.keyboard.press('Enter');
  const inviteDialog = page.getByRole('dialog', { name: 'Invite someone' });
  await expect(inviteDialog).toBeVisible();
  const email = inviteDialog.getByRole('textbox', { name: 'Email' });
  await tabTo(page, inviteDialog.getByRole('button', { name: 'Invite' }));
  await page.keyboard.press('Enter');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(/email/i);
  await expectDialogKeepsFocus(page, inviteDialog, invite, 'admin-invite-dialog.aria.yml');

  const fromFile = main(page).getByRole('button', { name: 'Invite from a file' });
  await tabTo(page, fromFile, { backwards: true });
  await page.keyboard.press('Enter');
  await expectDialogKeepsFocus(page, page.getByRole('dialog').first(), fromFile, 'admin-import-people-dialog.aria.yml');

  // Dana's row, found by typing in the search box.
  const dana = DEMO_USERS.find((user) => user.email.startsWith('dana@'))!;
  await tabTo(page, main(page).getByRole('searchbox'));
  await page.keyboard.type(dana.email);
  const actions = main(page).getByRole('table', { name: 'People' }).getByRole('button', { name: /^Actions for / });
  await expect(actions).toHaveCount(1);
  await tabTo(page, actions);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectDialogKeepsFocus(page, page.getByRole('dialog', { name: /^Edit / }), actions, 'admin-edit-person-dialog.aria.yml');

  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  const disable = menu.getByRole('menuitem', { name: 'Disable' });
  for (let press = 0; press < 6 && !(await disable.evaluate((element) => element === document.activeElement)); press += 1) await page.keyboard.press('ArrowDown');
  await expect(disable).toBeFocused();
  await page.keyboard.press('Enter');
  await expectDialogKeepsFocus(page, page.getByRole('alertdialog', { name: /^Disable / }), actions, 'admin-disable-person-dialog.aria.yml');
});

test('Teams: New team with an empty name said at its field, then Cancel gives the focus back', async ({ page }) => {
  await signInByKeyboard(page);
  await openFromNav(page, 'Teams');
  const newTeam = main(page).getByRole('button', { name: 'New team' });
  await tabTo(page, newTeam);
  await page.keyboard.press('Enter');
  const form = main(page).getByRole('form', { name: 'New team' });
  const teamName = form.getByRole('textbox', { name: 'Team name' });
  await expect(teamName).toBeFocused();
  await expect(form).toMatchAriaSnapshot({ name: 'admin-new-team-form.aria.yml' });
  await page.keyboard.press('Enter');
  await expect(teamName).toHaveAttribute('aria-invalid', 'true');
  await expect(teamName).toHaveAccessibleDescription(/Name/);
  await tabTo(page, form.getByRole('button', { name: 'Cancel' }));
  await page.keyboard.press('Enter');
  await expect(form).toBeHidden();
  await expect(newTeam).toBeFocused();
});
