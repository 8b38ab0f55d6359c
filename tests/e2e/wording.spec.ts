import { expect, test, type Browser, type Frame, type Page } from '@playwright/test';
import { EDITOR_ORIGIN, GMAIL_THREAD_URL, launchWithExtension, pickerFrame, routeEditors, routeGmail, startInsertionIn } from './support/extension';
import { logInToHome, pane, signInToHome, submitLoginIn } from './support/sign-in';
import { e2eUserFor, type E2eUser } from './support/users';
import { WORDING_BLOCKS } from './support/wording-blocks';
import { documentScreenshot } from './support/screenshots';

/**
 * Wording that stays right, against the real e2e server (support/wording-blocks.ts): a block whose
 * last day was yesterday is not there for staff in the playground, Gmail's side panel or the
 * picker, and is marked for its admins; a change a team admin schedules reaches staff at its time
 * (the server looks every second here); an editor's change waits until a team admin approves it.
 */

test.describe.configure({ timeout: 90_000 });

const results = (scope: Page | Frame | ReturnType<typeof pane>) => scope.getByRole('list', { name: 'Search results' });

/** Staff's search for `query` in the playground's pane, from a fresh load of their blocks. */
async function playgroundSearch(page: Page, query: string) {
  await page.reload();
  const search = pane(page).getByRole('searchbox', { name: 'Search name or content' });
  await search.fill(query);
  return results(pane(page));
}

async function adminSignIn(browser: Browser, user: E2eUser): Promise<Page> {
  const admin = await (await browser.newContext()).newPage();
  await admin.goto('/admin/');
  await submitLoginIn(admin, user.email, user.password);
  await expect(admin.getByRole('heading', { name: 'Blocks', level: 1 })).toBeVisible();
  return admin;
}

/** Opens the team's block whose name starts with `prefix` in the admin app. */
async function openBlock(admin: Page, prefix: string) {
  await admin.goto('/admin/#/home');
  await admin.getByRole('link', { name: new RegExp(`^${prefix}`) }).first().click();
  await expect(admin.getByRole('heading', { name: 'Edit block', level: 1 })).toBeVisible();
}

test('a block whose last day was yesterday is not there for staff in the playground, Gmail and the picker; its admin sees it marked', async ({ page, browser }, testInfo) => {
  const staff = e2eUserFor('wording-staff', testInfo);
  const { ended, current } = WORDING_BLOCKS;

  await signInToHome(page, staff.email, staff.password);
  const found = await playgroundSearch(page, 'registration');
  await expect(found.getByRole('button', { name: current.name, exact: true })).toBeVisible();
  await expect(found.getByRole('button', { name: ended.name, exact: true })).toHaveCount(0);

  const extension = await launchWithExtension();
  try {
    const panel = await extension.context.newPage();
    await panel.goto(`chrome-extension://${extension.extensionId}/sidepanel.html#/login`);
    await logInToHome(panel, staff.email, staff.password);
    await routeGmail(extension.context);
    const gmail = await extension.context.newPage();
    await gmail.goto(GMAIL_THREAD_URL);
    await gmail.bringToFront();
    await panel.getByRole('searchbox', { name: 'Search name or content' }).fill('registration');
    await expect(results(panel).getByRole('button', { name: current.name, exact: true })).toBeVisible();
    await expect(results(panel).getByRole('button', { name: ended.name, exact: true })).toHaveCount(0);
    await panel.close();

    await routeEditors(extension.context);
    const editor = await extension.context.newPage();
    await editor.goto(`${EDITOR_ORIGIN}/textarea.html`);
    await editor.getByRole('textbox', { name: 'Message' }).click();
    expect(await startInsertionIn(extension, `${EDITOR_ORIGIN}/*`)).toBe(true);
    const picker = await pickerFrame(editor);
    await picker.getByRole('searchbox', { name: 'Search name or content' }).fill('registration');
    await expect(results(picker).getByRole('button', { name: current.name, exact: true })).toBeVisible();
    await expect(results(picker).getByRole('button', { name: ended.name, exact: true })).toHaveCount(0);
  } finally {
    await extension.close();
  }

  const admin = await adminSignIn(browser, e2eUserFor('wording-admin', testInfo));
  const row = admin.getByRole('row').filter({ hasText: ended.name });
  await expect(row).toContainText('hidden from staff');
  await expect(row).toContainText('Ended');
  await expect(admin.getByRole('row').filter({ hasText: current.name })).not.toContainText('hidden from staff');
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Coming up' }).click();
  await expect(admin.getByRole('heading', { name: 'Coming up', level: 1 })).toBeVisible();
  await admin.context().close();
});

test('a change a team admin schedules reaches staff at its time, not before', async ({ page, browser }, testInfo) => {
  const staff = e2eUserFor('wording-staff', testInfo);
  const admin = await adminSignIn(browser, e2eUserFor('wording-admin', testInfo));
  const prefix = WORDING_BLOCKS.scheduled.name;
  const renamed = `${prefix}, pickup moved ${Date.now()}`;
  await openBlock(admin, prefix);
  await admin.getByRole('textbox', { name: 'Name' }).fill(renamed);
  await admin.getByRole('radio', { name: 'Publish at a time' }).check();
  // Twenty seconds from now, in the browser's local time, as the field takes it.
  const at = new Date(Date.now() + 20_000);
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
  await admin.getByRole('textbox', { name: 'Publish at' }).fill(local);
  await admin.getByRole('button', { name: 'Schedule' }).click();
  await expect(admin.getByRole('status')).toContainText('Scheduled. Your team sees this change from');
  await admin.goto('/admin/#/changes');
  await expect(admin.getByRole('region', { name: 'Scheduled' }).getByRole('listitem').filter({ hasText: renamed })).toContainText('Scheduled by');
  await documentScreenshot(admin, 'admin-changes');

  await signInToHome(page, staff.email, staff.password);
  let found = await playgroundSearch(page, prefix);
  await expect(found.getByRole('button', { name: new RegExp(`^${prefix}`) })).toHaveCount(1);
  await expect(found.getByRole('button', { name: renamed, exact: true })).toHaveCount(0);

  await expect
    .poll(
      async () => {
        found = await playgroundSearch(page, prefix);
        return found.getByRole('button', { name: renamed, exact: true }).count();
      },
      { timeout: 45_000, intervals: [2_000] },
    )
    .toBe(1);
  expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
  await admin.context().close();
});

test("with review required, an editor's change stays out of staff's sight until a team admin approves it", async ({ page, browser }, testInfo) => {
  const staff = e2eUserFor('wording-staff', testInfo);
  const admin = await adminSignIn(browser, e2eUserFor('wording-admin', testInfo));
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Changes' }).click();
  const review = admin.getByRole('switch', { name: 'Editors’ changes wait for a team admin’s approval' });
  if (!(await review.isChecked())) await review.click();
  await expect(review).toBeChecked();

  const editor = await adminSignIn(browser, e2eUserFor('wording-editor', testInfo));
  // An editor sees the team's blocks and Changes, not the admins' pages.
  const nav = editor.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Checklists' })).toHaveCount(0);
  const prefix = WORDING_BLOCKS.reviewed.name;
  const renamed = `${prefix}, until 8 p.m. ${Date.now()}`;
  await openBlock(editor, prefix);
  await editor.getByRole('textbox', { name: 'Name' }).fill(renamed);
  await editor.getByRole('button', { name: 'Send for approval' }).click();
  await expect(editor.getByRole('status')).toContainText('Sent for approval.');

  await signInToHome(page, staff.email, staff.password);
  let found = await playgroundSearch(page, prefix);
  await expect(found.getByRole('button', { name: new RegExp(`^${prefix}`) })).toHaveCount(1);
  await expect(found.getByRole('button', { name: renamed, exact: true })).toHaveCount(0);

  await admin.reload();
  const change = admin.getByRole('region', { name: 'Waiting for approval' }).getByRole('listitem').filter({ hasText: renamed });
  await expect(change).toContainText(`→ ${renamed}`);
  await change.getByRole('button', { name: 'Approve' }).click();
  await expect(change).toHaveCount(0);

  found = await playgroundSearch(page, prefix);
  await expect(found.getByRole('button', { name: renamed, exact: true })).toBeVisible();
  await admin.context().close();
  await editor.context().close();
});
