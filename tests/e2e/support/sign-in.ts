import type { FrameLocator, Locator, Page } from '@playwright/test';
import { STAND_IN_PASSWORD } from '../../../server/sso/stand-in';

/** The playground's task pane, beside the simulated email. */
export const pane = (page: Page) => page.getByRole('complementary', { name: 'Cannery task pane' });

/** Where the app is on screen: a whole page (task pane, side panel), the playground's pane, the picker's frame. */
export type AppScope = Page | Locator | FrameLocator;

/** Fills the login form of the app in `scope` and submits it; the caller has the login screen open. */
export async function submitLoginIn(scope: AppScope, email: string, password: string): Promise<void> {
  await scope.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await scope.getByLabel('Password', { exact: true }).fill(password);
  await scope.getByRole('button', { name: 'Log in' }).click();
}

/** Fills the login form in the pane and submits it; the caller has the login screen open. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await submitLoginIn(pane(page), email, password);
}

/**
 * Logs in with a password on the login screen shown in `scope` and goes on to Home: through the
 * Quick Tips at a device's first sign-in, straight there after.
 */
export async function logInToHome(scope: AppScope, email: string, password: string): Promise<void> {
  await submitLoginIn(scope, email, password);
  const tips = scope.getByRole('link', { name: 'Continue to Home' });
  const home = scope.getByRole('heading', { name: 'Blocks' });
  await tips.or(home).first().waitFor();
  if (await tips.isVisible()) await tips.click();
  await home.waitFor();
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
  await logInToHome(pane(page), email, password);
}

/** Stored keys that logout keeps on purpose: the outbox of unsent records (src/tracking/usage-tracking.tsx). */
const OUTBOX_KEYS = ['persistedUserAutoResponsesRecord', 'persistedOutboxResults'];
/** Kept through logout because they are about the device, not the user (src/auth/token-lifecycle.ts). */
const DEVICE_KEYS = ['tipsSeen'];

/** Stored keys (with or without the page's `cannery:` prefix) beside the outbox's and the device's. */
export const besideOutbox = (keys: readonly string[]) => keys.filter((key) => ![...OUTBOX_KEYS, ...DEVICE_KEYS].includes(key.replace(/^cannery:/, '')));

/** The stored keys that hold tokens. */
export const tokenKeys = (keys: readonly string[]) => keys.filter((key) => /token/i.test(key)).sort();
