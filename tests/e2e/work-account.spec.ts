import { expect, test, type Page } from '@playwright/test';
import { STAND_IN_ACCOUNTS } from '../../server/sso/stand-in';
import { besideOutbox, pane, signInAtStandIn, tokenKeys } from './support/sign-in';
import { waitForPageClosed } from './support/pages';

/**
 * Work-account sign-in in the playground (rules §2 dialog-landing/logout-landing, §7, §8): a real
 * pop-up opens the app's dialog-landing page, which goes on to the provider (the server's stand-in,
 * a real OpenID provider); the provider returns the code to the app in the pop-up, which redeems it
 * and hands the tokens to the playground.
 */

const [sam, stranger] = STAND_IN_ACCOUNTS;

const workAccountButton = (page: Page) => pane(page).getByRole('button', { name: 'Sign in with your work account' });

/**
 * Clicks the work-account button and returns the pop-up, on the provider's sign-in page, and the
 * authorize request the pop-up made there.
 */
async function openSignInPopup(page: Page) {
  await page.goto('/#/login');
  const authorizeRequests: URL[] = [];
  page.context().on('request', (request) => {
    if (request.url().includes('/oauth2/v2.0/authorize')) authorizeRequests.push(new URL(request.url()));
  });
  const opening = page.waitForEvent('popup');
  await workAccountButton(page).click();
  const popup = await opening;
  await expect(popup.getByRole('heading', { name: 'Work account (stand-in)' })).toBeVisible();
  return Object.assign(popup, { authorizeRequests });
}

const storedKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).sort());

test('a work-account user signs in through the pop-up, reaches the tips, and logs out of the provider too', async ({ page }) => {
  const popup = await openSignInPopup(page);
  // The pop-up went from the app's dialog-landing page to the provider with the spec's request.
  expect(popup.authorizeRequests).toHaveLength(1);
  const authorize = popup.authorizeRequests[0]!;
  expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
    response_type: 'code',
    response_mode: 'fragment',
    client_id: 'cannery-app',
    redirect_uri: 'http://localhost:' + new URL(page.url()).port + '/',
    code_challenge_method: 'S256',
    prompt: 'login',
  });
  expect(authorize.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
  expect(authorize.searchParams.get('state')).toMatch(/^[0-9a-f]{32}$/);

  await signInAtStandIn(popup, sam!.email);
  await waitForPageClosed(popup);
  await expect(pane(page).getByRole('heading', { name: 'Quick Tips' })).toBeVisible();
  expect(tokenKeys(await storedKeys(page))).toEqual(['cannery:microsoftAccessToken', 'cannery:microsoftIdToken', 'cannery:microsoftRefreshToken']);

  await pane(page).getByRole('link', { name: 'Continue to Home' }).click();
  await expect(pane(page).getByRole('heading', { name: 'Blocks' })).toBeVisible();

  // Logout clears everything here and signs out of the provider in the logout-landing pop-up,
  // which closes itself once the provider has sent it back.
  await page.goto('/#/user-settings');
  const signingOut = page.waitForEvent('popup');
  await pane(page).getByRole('button', { name: /log ?out/i }).click();
  const logoutPopup = await signingOut;
  await waitForPageClosed(logoutPopup);
  await expect(page).toHaveURL(/#\/login$/);
  expect(besideOutbox(await storedKeys(page))).toEqual([]);
  await page.goto('/#/home');
  await expect(page).toHaveURL(/#\/login$/);
});

test('a work-account user unknown to Cannery lands on could-not-find-user', async ({ page }) => {
  const popup = await openSignInPopup(page);
  await signInAtStandIn(popup, stranger!.email);
  await waitForPageClosed(popup);
  await expect(page).toHaveURL(/#\/could-not-find-user$/);
});

test('cancelling at the provider shows the sign-in failure message', async ({ page }) => {
  const popup = await openSignInPopup(page);
  await popup.getByRole('button', { name: 'Cancel' }).click();
  await waitForPageClosed(popup);
  await expect(pane(page).getByRole('alert')).toHaveText('An error occurred while logging in. Please try again.');
  await expect(page).toHaveURL(/#\/login$/);
  await expect(workAccountButton(page)).toBeEnabled();
});

test('closing the pop-up leaves the login screen as it was, ready to try again', async ({ page }) => {
  const popup = await openSignInPopup(page);
  await expect(workAccountButton(page)).toHaveCount(0); // relabelled while the pop-up is open
  await popup.close();
  await expect(workAccountButton(page)).toBeEnabled();
  await expect(pane(page).getByRole('alert')).toHaveCount(0);
  expect(await storedKeys(page)).not.toContain('cannery:microsoftIdToken');
});
