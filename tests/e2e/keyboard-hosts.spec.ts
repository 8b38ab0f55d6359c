import { expect, test, type Frame, type Page } from '@playwright/test';
import { PICKER_DIALOG_NAME } from '../../hosts/text-input/picker-frame';
import { frameWcagViolations, pageWcagViolations } from './support/axe';
import { EDITOR_ORIGIN, GMAIL_THREAD_URL, launchWithExtension, pickerFrame, routeEditors, routeGmail, startInsertionIn, type LoadedExtension } from './support/extension';
import { focusedName, pressAndExpectFocus, tabTo } from './support/keyboard';
import { fakeOutlook, openTaskPane } from './support/outlook';
import { failOnPageErrors } from './support/page-errors';
import { e2eUserFor, type E2eUser } from './support/users';

/**
 * The task pane in Outlook, the Gmail side panel and the text-field picker with the keyboard alone
 * (WCAG 2.1.1, 2.1.2, 2.4.3, 2.4.7, 2.4.11, 4.1.2, 4.1.3): sign-in, search and insert in each, the
 * insertion announced, strict axe on each page, and the picker announced as a dialog that Escape
 * closes, giving the focus back to the field at its caret.
 */

failOnPageErrors();
test.describe.configure({ timeout: 180_000 });

/** Signs in from the login form with the keyboard alone: Tab to each field, type, Enter. */
async function signInWithKeyboard(page: Page, user: E2eUser) {
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await page.locator('body').focus();
  await tabTo(page, page.getByRole('textbox', { name: 'Email', exact: true }));
  await page.keyboard.type(user.email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  const tips = page.getByRole('link', { name: 'Continue to Home' });
  await expect(tips.or(page.getByRole('heading', { name: 'Blocks' }))).toBeVisible();
  if (await tips.isVisible()) {
    await tabTo(page, tips);
    await page.keyboard.press('Enter');
  }
  await expect(page.getByRole('heading', { name: 'Blocks' })).toBeVisible();
}

/** Types `query` into Home's search box, moves to the result named `name` with the arrow keys and uses it. */
async function searchAndUse(page: Page, query: string, name: string) {
  const search = page.getByRole('searchbox', { name: 'Search name or content' });
  await page.locator('body').focus();
  await tabTo(page, search);
  await page.keyboard.type(query);
  const first = page.getByRole('list', { name: 'Search results' }).getByRole('button').first();
  await expect(first).toHaveText(name);
  await pressAndExpectFocus(page, 'ArrowDown', first);
  await page.keyboard.press('Enter');
}

test('Outlook, writing an email: sign-in, search and insert from the keyboard; the insertion is announced and the pane passes axe', async ({ page }, testInfo) => {
  const user = e2eUserFor('keyboard-outlook', testInfo);
  const before = '<p>Dear Jordan,</p>';
  await openTaskPane(page, {
    item: { mode: 'compose', subject: 'RE: My ballot', to: [{ displayName: 'Jordan Lee', emailAddress: 'jordan.lee@example.org' }], bodyHtml: before, cursor: before.length },
    hash: '#/login',
  });
  await signInWithKeyboard(page, user);
  await expect(page.getByText('Please select a block to auto-create an email reply to Jordan Lee')).toBeVisible();
  await expect(page.getByRole('main', { name: 'Blocks' })).toMatchAriaSnapshot({ name: 'outlook-home.aria.yml' });
  expect(await pageWcagViolations(page)).toEqual([]);

  await searchAndUse(page, 'vote center hours', 'Vote Center Hours');
  await expect(page.getByRole('status')).toHaveText('Inserted Vote Center Hours.');
  await expect.poll(async () => (await fakeOutlook(page).insertions()).length).toBeGreaterThan(0);
  expect(await fakeOutlook(page).composeBody()).toMatch(/^<p>Dear Jordan,<\/p>.*[Vv]ote center/);

  // Settings and back, by the keyboard.
  await page.locator('body').focus();
  await tabTo(page, page.getByRole('link', { name: 'User settings' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  expect(await pageWcagViolations(page)).toEqual([]);
  await tabTo(page, page.getByRole('button', { name: 'Home' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Blocks' })).toBeVisible();
});

test.describe('the extension', () => {
  let extension: LoadedExtension;
  test.beforeEach(async () => {
    extension = await launchWithExtension();
  });
  test.afterEach(async () => {
    await extension.close();
  });

  test("the Gmail side panel: sign-in, search and insert into Gmail's compose from the keyboard; announced, and the panel passes axe", async ({ browserName: _browser }, testInfo) => {
    const user = e2eUserFor('keyboard-gmail', testInfo);
    const panel = await extension.context.newPage();
    await panel.goto(`chrome-extension://${extension.extensionId}/sidepanel.html#/login`);
    await signInWithKeyboard(panel, user);
    expect(await pageWcagViolations(panel)).toEqual([]);

    await routeGmail(extension.context);
    const gmail = await extension.context.newPage();
    await gmail.goto(GMAIL_THREAD_URL);
    await gmail.getByRole('button', { name: 'Compose' }).click();
    const body = gmail.getByRole('dialog').getByRole('textbox', { name: 'Message Body' });
    await body.focus();
    await gmail.keyboard.press('Control+End');
    await gmail.keyboard.type(' Thanks for writing.');
    await gmail.bringToFront();
    await expect(panel.getByText('Please select a block to auto-create an email reply to Lee Park')).toBeVisible();
    await expect(panel.locator('body')).toMatchAriaSnapshot({ name: 'side-panel-home.aria.yml' });
    expect(await pageWcagViolations(panel)).toEqual([]);

    await searchAndUse(panel, 'vote center hours', 'Vote Center Hours');
    await expect(body).toContainText(/[Vv]ote center/);
    await expect(panel.getByRole('main', { name: 'Blocks' }).getByRole('status')).toHaveText(/^Inserted/);
  });

  /** The picker's accessible node as the browser gives it to a screen reader on `page`. */
  async function pickerDialogNode(page: Page): Promise<{ role: string; name: string } | null> {
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: Array<{ role?: { value: string }; name?: { value: string } }> };
    await cdp.detach();
    const dialog = nodes.find((node) => node.role?.value === 'dialog');
    return dialog ? { role: dialog.role!.value, name: dialog.name?.value ?? '' } : null;
  }

  test('the text-field picker: announced as a dialog, walked with Tab, closed with Escape back to the caret, then a block inserted from it', async ({ browserName: _browser }, testInfo) => {
    const user = e2eUserFor('keyboard-picker', testInfo);
    const panel = await extension.context.newPage();
    await panel.goto(`chrome-extension://${extension.extensionId}/sidepanel.html#/login`);
    await signInWithKeyboard(panel, user);
    await panel.close();
    await routeEditors(extension.context);
    const page = await extension.context.newPage();
    await page.goto(`${EDITOR_ORIGIN}/textarea.html`);
    const field = page.getByRole('textbox', { name: 'Message' });
    await page.keyboard.press('Tab');
    await expect(field).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const caret = 'Dear customer,\n'.length;
    expect(await field.evaluate((element: HTMLTextAreaElement) => element.selectionStart)).toBe(caret);

    expect(await startInsertionIn(extension, `${EDITOR_ORIGIN}/*`)).toBe(true);
    let picker: Frame = await pickerFrame(page);
    const search = () => picker.getByRole('searchbox', { name: 'Search name or content' });
    await expect(search()).toBeFocused();
    expect(await pickerDialogNode(page)).toEqual({ role: 'dialog', name: PICKER_DIALOG_NAME });
    await expect(picker.locator('body')).toMatchAriaSnapshot({ name: 'picker.aria.yml' });
    expect(await frameWcagViolations(picker)).toEqual([]);

    // Every stop of the picker is seen, down to its last control, and Shift+Tab goes back up.
    const controls = picker.locator('button:visible, a[href]:visible, input:visible, select:visible');
    const last = controls.last();
    const stops = await tabTo(page, last, { scope: picker });
    expect(stops.length).toBeGreaterThan(0);
    await tabTo(page, search(), { scope: picker, backwards: true });

    // Escape closes it, and the field has the focus again with its caret where it was.
    await page.keyboard.down('Escape');
    await expect(page.locator('cannery-picker')).toHaveCount(0);
    await page.keyboard.up('Escape');
    await expect(field).toBeFocused();
    expect(await field.evaluate((element: HTMLTextAreaElement) => [element.selectionStart, element.selectionEnd])).toEqual([caret, caret]);

    // Opened again: a block found and inserted, the focus back in the field after it.
    expect(await startInsertionIn(extension, `${EDITOR_ORIGIN}/*`)).toBe(true);
    picker = await pickerFrame(page);
    await expect(search()).toBeFocused();
    await page.keyboard.type('find a vote center');
    const first = picker.getByRole('list', { name: 'Search results' }).getByRole('button').first();
    await expect(first).toHaveText('Find a Vote Center');
    await page.keyboard.press('ArrowDown');
    await expect(first).toBeFocused();
    expect(await focusedName(picker)).toBe('- button "Find a Vote Center"');
    await page.keyboard.press('Enter');
    await expect(page.locator('cannery-picker')).toBeHidden();
    await expect(field).toBeFocused();
    await expect(field).toHaveValue(/^Dear customer,\nYou can vote at any vote center in Alder County\./);
  });
});
