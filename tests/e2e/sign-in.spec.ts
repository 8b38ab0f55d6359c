import { expect, test, type Page } from '@playwright/test';
import { DEMO_FIRST_SIGN_IN, DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';
import { pane, submitLogin } from './support/sign-in';

/**
 * Sign-in through the playground against the real server: the built-in user pool speaks
 * Cognito's protocol and the unchanged Amplify client signs in with SRP.
 */

const dana = DEMO_USERS[0]!;

/** The task pane beside the simulated email. */
async function logIn(page: Page, email: string, password: string) {
  await page.goto('/#/login');
  await submitLogin(page, email, password);
}

test('a user signs in with a password, sees the quick tips, goes home and logs out', async ({ page }) => {
  await logIn(page, dana.email, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Quick Tips' })).toBeVisible();
  await pane(page).getByRole('link', { name: 'Continue to Home' }).click();
  await expect(page.getByRole('heading', { name: 'Blocks' })).toBeVisible();
  await expect(page).toHaveTitle('Cannery - Blocks');

  await page.goto('/#/user-settings');
  await pane(page).getByRole('button', { name: /log ?out/i }).click();
  await expect(page).toHaveURL(/#\/login$/);
  await page.goto('/#/home');
  await expect(page).toHaveURL(/#\/login$/);
});

test("a wrong password shows the provider's message and keeps what was typed", async ({ page }) => {
  await logIn(page, dana.email, 'Not-The-Password-1!');
  await expect(page.getByText('Incorrect username or password.')).toBeVisible();
  await expect(pane(page).getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(dana.email);
  await expect(page).toHaveURL(/#\/login$/);
});

test('a first sign-in with a temporary password asks for a new password, then signs in', async ({ page }) => {
  await logIn(page, DEMO_FIRST_SIGN_IN.email, DEMO_FIRST_SIGN_IN.temporaryPassword);
  await expect(page).toHaveURL(/#\/change-first-time-password$/);
  await pane(page).getByLabel('New password', { exact: true }).fill('Brand-New-Password-9!');
  await pane(page).getByLabel('Confirm new password', { exact: true }).fill('Brand-New-Password-9!');
  await pane(page).getByRole('button', { name: 'Update Password' }).click();
  await expect(pane(page).getByRole('heading', { name: /Quick Tips|Blocks/ })).toBeVisible();
});
