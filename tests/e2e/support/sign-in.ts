import type { Page } from '@playwright/test';
import { STAND_IN_PASSWORD } from '../../../server/sso/stand-in';

/** The playground's task pane, beside the simulated email. */
export const pane = (page: Page) => page.getByRole('complementary', { name: 'Cannery task pane' });

/** Fills the login form in the pane and submits it; the caller has the login screen open. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await pane(page).getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await pane(page).getByLabel('Password', { exact: true }).fill(password);
  await pane(page).getByRole('button', { name: 'Log in' }).click();
}

/** At the work-account stand-in's login page (a pop-up, a dialog, Chrome's sign-in window): signs in as `email`. */
export async function signInAtStandIn(window: Page, email: string): Promise<void> {
  await window.getByLabel('Account').selectOption(email);
  await window.getByLabel('Password').fill(STAND_IN_PASSWORD);
  await window.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the playground's pane and continues from the tips to Home. */
export async function signInToHome(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/#/login');
  await submitLogin(page, email, password);
  await pane(page).getByRole('link', { name: 'Continue to Home' }).click();
  await pane(page).getByRole('heading', { name: 'Blocks' }).waitFor();
}
