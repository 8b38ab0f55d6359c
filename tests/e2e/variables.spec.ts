import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';
import { wcagViolations } from './support/axe';
import { pane, signInToHome } from './support/sign-in';
import { SIGNED_BLOCK } from './support/signed-blocks';
import { e2eUserFor } from './support/users';

/**
 * Block variables in the playground: the demo block "Ballot Status Follow-up" greets the sender of
 * the open email by first name, asks for a ballot tracking number before it goes in, and leaves the
 * caret where the reply goes on. Its preview shows the known values and names the rest.
 */

const dana = DEMO_USERS[0]!;
const BLOCK = 'Ballot Status Follow-up';
const body = (page: Page) => page.getByRole('textbox', { name: 'Message body' });

async function openEmailFrom(page: Page, name: string, address: string) {
  await page.getByLabel('From (name)').fill(name);
  await page.getByLabel('From (address)').fill(address);
  await expect(pane(page).getByText(`Please select a block to auto-create an email reply to ${name}`)).toBeVisible();
}

async function searchBlock(page: Page) {
  await pane(page).getByRole('searchbox', { name: 'Search name or content' }).fill('ballot status follow-up');
  return pane(page).getByRole('list', { name: 'Search results' });
}

test('a block with variables greets the sender, asks its question, and leaves the caret at its cursor', async ({ page }) => {
  await signInToHome(page, dana.email, DEMO_PASSWORD);
  await openEmailFrom(page, 'Maria Lopez', 'maria.lopez@example.com');
  const results = await searchBlock(page);

  // The preview fills in what the email tells and names what will be asked.
  await results.getByRole('button', { name: `Show the text of ${BLOCK}` }).click();
  const preview = results.getByTestId('block-preview');
  await expect(preview).toContainText('Dear Maria,');
  await expect(preview).toContainText(dana.email);
  await expect(preview.locator('[data-variable]')).toHaveText(['Ask: Ballot tracking number', 'Cursor position']);
  await expect(preview).not.toContainText('{{');

  // Escape leaves everything as it was.
  await results.getByRole('button', { name: BLOCK, exact: true }).click();
  let dialog = page.getByRole('dialog', { name: BLOCK });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Ballot tracking number' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Read' })).toHaveAttribute('aria-selected', 'true');

  await results.getByRole('button', { name: BLOCK, exact: true }).click();
  dialog = page.getByRole('dialog', { name: BLOCK });
  const number = dialog.getByRole('textbox', { name: 'Ballot tracking number' });
  await expect(number).toBeFocused();
  await page.keyboard.type('AB-1234');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  // A reply opened with the block, filled in.
  await expect(page.getByRole('tab', { name: 'Compose' })).toHaveAttribute('aria-selected', 'true');
  await expect(body(page)).toContainText('Dear Maria,');
  await expect(body(page)).toContainText('your mail ballot, number AB-1234, in our records:');
  await expect(body(page)).toContainText(dana.email);
  await expect(page.getByLabel('Subject')).toHaveValue('Your mail ballot AB-1234');
  const text = await body(page).innerText();
  expect(text).not.toMatch(/\{\{|\}\}|[\uE000-\uF8FF]/);

  // The caret is where {{cursor}} was, in the reply: typing goes on there.
  await expect(body(page)).toBeFocused();
  await page.keyboard.type('it was counted.');
  await expect(body(page)).toContainText('in our records: it was counted.');
});

test("a password user without a name is asked for it and for the sender's guessed first name, then sets it in Settings and is asked no more", async ({ page }, testInfo) => {
  // A team of its own holds one block: "Dear {{sender.firstName}}," ... "Kind regards,<br>{{me.name}}".
  const user = e2eUserFor('variables-names', testInfo);
  await signInToHome(page, user.email, user.password);
  // An email whose sender gives only an address: the first name is a guess from it.
  await page.getByLabel('From (name)').fill('');
  await page.getByLabel('From (address)').fill('jordan.smith@example.com');
  const block = pane(page).getByRole('list', { name: 'Other blocks' }).getByRole('button', { name: SIGNED_BLOCK.name, exact: true });
  await block.click();

  let dialog = page.getByRole('dialog', { name: SIGNED_BLOCK.name });
  const firstName = dialog.getByRole('textbox', { name: "Sender's first name" });
  await expect(firstName).toHaveValue('Jordan');
  await expect(firstName).toBeFocused();
  await expect(dialog.getByText('Guessed from the email address.')).toBeVisible();
  const myName = dialog.getByRole('textbox', { name: 'Your name' });
  await expect(myName).toHaveValue('');
  await expect(dialog.getByText('Set your display name in Settings and it is filled in for you.')).toBeVisible();
  expect(await wcagViolations(page, '[role="dialog"]')).toEqual([]);

  // Escape inserts nothing.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Read' })).toHaveAttribute('aria-selected', 'true');

  await block.click();
  dialog = page.getByRole('dialog', { name: SIGNED_BLOCK.name });
  await dialog.getByRole('textbox', { name: 'Your name' }).fill('Dana Whitfield');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Compose' })).toHaveAttribute('aria-selected', 'true');
  await expect(body(page)).toContainText('Dear Jordan,');
  await expect(body(page)).toContainText('Kind regards,');
  expect(collapse(await body(page).innerText())).toContain('Kind regards, Dana Whitfield');
  expect(await body(page).innerText()).not.toContain(user.email);

  // Settings: the display name, saved without signing out.
  await pane(page).getByRole('link', { name: 'User settings' }).click();
  const nameField = pane(page).getByRole('textbox', { name: 'Display name' });
  await expect(nameField).toHaveValue('');
  expect(await wcagViolations(page)).toEqual([]);
  await nameField.fill('Dana Whitfield');
  await pane(page).getByRole('button', { name: 'Save name' }).click();
  await expect(pane(page).getByText('Display name saved.')).toBeVisible();
  await expect(pane(page).getByText(`Signed in as ${user.email}`)).toBeVisible();
  await pane(page).getByRole('button', { name: 'Home' }).click();

  // The block now asks only for what the email does not say for sure; the name is filled in.
  await page.getByRole('tab', { name: 'Read' }).click();
  await block.click();
  dialog = page.getByRole('dialog', { name: SIGNED_BLOCK.name });
  await expect(dialog.getByRole('textbox', { name: "Sender's first name" })).toHaveValue('Jordan');
  await expect(dialog.getByRole('textbox', { name: 'Your name' })).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Compose' })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(async () => collapse(await body(page).innerText())).toContain('Dear Jordan, Your replacement ballot is on its way. Kind regards, Dana Whitfield');

  // A sender whose display name gives the first name is not asked about: the block goes straight in.
  await page.getByRole('tab', { name: 'Read' }).click();
  await openEmailFrom(page, 'Maria Lopez', 'mlopez@example.com');
  await block.click();
  await expect(page.getByRole('tab', { name: 'Compose' })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(async () => collapse(await body(page).innerText())).toContain('Dear Maria, Your replacement ballot is on its way. Kind regards, Dana Whitfield');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

/** Text with its runs of whitespace (line breaks included) made one space. */
function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
