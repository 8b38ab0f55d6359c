import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';
import { pane, signInToHome } from './support/sign-in';

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
