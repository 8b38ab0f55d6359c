import { expect, test, type Page } from '@playwright/test';
import { STAND_IN_ACCOUNTS } from '../../server/sso/stand-in';
import { fakeOutlook, OFFICE_JS_URL, openTaskPane, TASK_PANE_PATH } from './support/outlook';
import { besideOutbox, signInAtStandIn, tokenKeys } from './support/sign-in';
import { waitForPageClosed } from './support/pages';

/**
 * Work-account sign-in in the Outlook task pane (rules §2 dialog-landing/logout-landing, §7, §8, §9),
 * against the server's stand-in provider. The fake Office.js behaves as Office on the web does:
 * `displayDialogAsync` opens a real pop-up at the task pane's dialog-landing route, the page there
 * loads Office.js again and is a dialog (no mailbox); it goes on to the provider, comes back to the
 * task pane's address (the redirect URI) and reports with `messageParent`; the task pane closes it.
 */

const [sam, stranger] = STAND_IN_ACCOUNTS;

// Neither the task pane nor any of its dialog pages may throw.
const pageErrors: string[] = [];
test.beforeEach(({ page, context }) => {
  pageErrors.length = 0;
  const watch = (target: Page) => target.on('pageerror', (error) => pageErrors.push(`${target.url()}: ${error.message}`));
  watch(page);
  context.on('page', watch);
});
test.afterEach(() => {
  expect(pageErrors).toEqual([]);
});

const workAccountButton = (page: Page) => page.getByRole('button', { name: 'Sign in with your work account' });
const storedKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).sort());
const TOKEN_KEYS = ['cannery:microsoftAccessToken', 'cannery:microsoftIdToken', 'cannery:microsoftRefreshToken'];

/** Dialog pages are routes of the task pane: the spec's 50 by 50 dialog (rules §9), opened without a prompt. */
const SSO_DIALOG_OPTIONS = { width: 50, height: 50, promptBeforeOpen: false };

/** Opens the task pane on the login screen, with nothing selected in Outlook. */
async function openLogin(page: Page) {
  await openTaskPane(page, { item: null, hash: '#/login' });
  await expect(workAccountButton(page)).toBeEnabled();
}

/**
 * Clicks the work-account button and returns the dialog's window once it shows the provider's
 * sign-in page, with what it asked the provider and how often it loaded Office.js.
 */
async function openSignInDialog(page: Page) {
  const authorizeRequests: URL[] = [];
  const officeLoads: Page[] = [];
  page.context().on('request', (request) => {
    if (request.url().includes('/oauth2/v2.0/authorize')) authorizeRequests.push(new URL(request.url()));
    if (request.url() === OFFICE_JS_URL) officeLoads.push(request.frame().page());
  });
  const opening = page.waitForEvent('popup');
  await workAccountButton(page).click();
  const dialog = await opening;
  await expect(dialog.getByRole('heading', { name: 'Work account (stand-in)' })).toBeVisible();
  return { dialog, authorizeRequests, officeLoadsIn: (target: Page) => officeLoads.filter((loadedBy) => loadedBy === target).length };
}

/** Signs in as Sam through the dialog and waits for the Quick Tips. */
async function signInAsSam(page: Page) {
  await openLogin(page);
  const { dialog } = await openSignInDialog(page);
  await signInAtStandIn(dialog, sam!.email);
  await waitForPageClosed(dialog);
  await expect(page.getByRole('heading', { name: 'Quick Tips' })).toBeVisible();
}

test('a work-account user signs in through the Office dialog and reaches the Quick Tips', async ({ page, baseURL }) => {
  await openLogin(page);
  const { dialog, authorizeRequests, officeLoadsIn } = await openSignInDialog(page);

  // The task pane asked Office for a 50 by 50 dialog on its own dialog-landing route, and the fake
  // opened it as a window of half the screen each way.
  const screen = await page.evaluate(() => ({ width: window.screen.availWidth, height: window.screen.availHeight }));
  const [opened] = await fakeOutlook(page).dialogs();
  expect(opened).toMatchObject({
    url: `${baseURL}${TASK_PANE_PATH}#/dialog-landing`,
    options: SSO_DIALOG_OPTIONS,
    closed: false,
    closedBy: null,
    window: { width: Math.round(screen.width / 2), height: Math.round(screen.height / 2) },
  });
  // The dialog page loaded Office.js (the fake) before going on to the provider, and the provider
  // was asked to return to the task pane's address.
  expect(officeLoadsIn(dialog)).toBe(1);
  expect(authorizeRequests).toHaveLength(1);
  expect(Object.fromEntries(authorizeRequests[0]!.searchParams)).toMatchObject({
    response_type: 'code',
    response_mode: 'fragment',
    client_id: 'cannery-app',
    redirect_uri: `${baseURL}${TASK_PANE_PATH}`,
    code_challenge_method: 'S256',
    prompt: 'login',
  });
  // While the dialog is open the button says so and cannot start another one.
  await expect(page.getByRole('button', { name: 'Signing in with your work account…' })).toBeDisabled();

  await signInAtStandIn(dialog, sam!.email);
  // Back on the task pane's address the dialog redeems the code, reports with messageParent, and
  // the task pane closes it.
  await waitForPageClosed(dialog);
  expect(officeLoadsIn(dialog)).toBe(2);
  expect((await fakeOutlook(page).dialogs())[0]).toMatchObject({ closed: true, closedBy: 'parent' });
  await expect(page.getByRole('heading', { name: 'Quick Tips' })).toBeVisible();
  expect(tokenKeys(await storedKeys(page))).toEqual(TOKEN_KEYS);
  // The pane is still the task pane: it has the mailbox, the dialog never did.
  expect(await fakeOutlook(page).isDialog()).toBe(false);
});

test('closing the dialog window leaves the login screen without an error, ready to try again', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'info') logged.push(message.text());
  });
  await openLogin(page);
  const { dialog } = await openSignInDialog(page);
  await dialog.close();

  // Office reports 12006; the app only logs 'Dialog window closed'.
  await expect(workAccountButton(page)).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(logged).toContain('Dialog window closed');
  expect((await fakeOutlook(page).dialogs())[0]).toMatchObject({ closed: true, closedBy: 'user' });
  expect(await storedKeys(page)).not.toContain('cannery:microsoftIdToken');
  await expect(page).toHaveURL(/#\/login$/);

  // Office allows one dialog at a time: the closed one is gone, so another opens.
  const again = await openSignInDialog(page);
  await again.dialog.close();
  await expect(workAccountButton(page)).toBeEnabled();
  expect(await fakeOutlook(page).dialogs()).toHaveLength(2);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a work-account user unknown to Cannery ends on could-not-find-user', async ({ page }) => {
  await openLogin(page);
  const { dialog } = await openSignInDialog(page);
  await signInAtStandIn(dialog, stranger!.email);
  await waitForPageClosed(dialog);
  await expect(page).toHaveURL(/#\/could-not-find-user$/);
  await expect(page.getByRole('heading', { name: 'User not found' })).toBeVisible();
});

test('logging out opens the logout-landing dialog, which closes by itself, and leaves the pane on login', async ({
  page,
  baseURL,
}) => {
  await signInAsSam(page);
  await page.evaluate(() => {
    window.location.hash = '#/user-settings';
  });
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();

  const signOutRequests: URL[] = [];
  page.context().on('request', (request) => {
    const url = new URL(request.url());
    // The stand-in then confirms the sign-out on its own (`/logout/confirm`).
    if (url.pathname.endsWith('/oauth2/v2.0/logout')) signOutRequests.push(url);
  });
  const opening = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Log out' }).click();
  const dialog = await opening;
  // The dialog went to the provider's sign-out, came back to the task pane's address and reported
  // 'signed-out'; the task pane closed it.
  await waitForPageClosed(dialog);
  expect(signOutRequests).toHaveLength(1);
  expect(signOutRequests[0]!.searchParams.get('post_logout_redirect_uri')).toBe(`${baseURL}${TASK_PANE_PATH}`);
  const dialogs = await fakeOutlook(page).dialogs();
  expect(dialogs).toHaveLength(2);
  expect(dialogs[1]).toMatchObject({
    url: `${baseURL}${TASK_PANE_PATH}#/logout-landing`,
    options: SSO_DIALOG_OPTIONS,
    closed: true,
    closedBy: 'parent',
  });
  await expect(page).toHaveURL(/#\/login$/);
  await expect(workAccountButton(page)).toBeEnabled();
  expect(besideOutbox(await storedKeys(page))).toEqual([]);
});
