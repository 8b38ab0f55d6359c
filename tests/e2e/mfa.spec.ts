import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { wcagViolations } from './support/axe';
import { documentScreenshot } from './support/screenshots';
import { pane, signInToHome, submitLogin } from './support/sign-in';
import { e2eUserFor } from './support/users';

/**
 * Multi-factor sign-in in the playground against the real server: the user turns on an
 * authenticator app in User settings (the test is the app: it computes codes from the key the
 * setup screen shows), signs out, signs in with a code and remembers the device, signs in again
 * without a code, then forgets the device and is asked for a code again.
 *
 * The pool accepts the codes of the current 30-second step and its neighbours, and never the same
 * step twice; each code here is one step later than the one before, so no test waits for the clock.
 */

function codeFor(key: string, step: number): string {
  const totp = new TOTP({ secret: Secret.fromBase32(key), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + step * 30_000 });
}

async function openSettings(page: Page) {
  await pane(page).getByRole('link', { name: 'Settings' }).click();
  await expect(pane(page).getByRole('heading', { name: 'Settings' })).toBeVisible();
}

async function logOut(page: Page) {
  await pane(page).getByRole('button', { name: 'Log out' }).click();
  await expect(pane(page).getByRole('heading', { name: 'Log in' })).toBeVisible();
}

test('an authenticator turned on in settings asks for a code at sign-in, until the device is remembered and then forgotten', async ({ page }, testInfo) => {
  const user = e2eUserFor('mfa', testInfo);
  await signInToHome(page, user.email, user.password);
  await openSettings(page);
  await expect(pane(page).getByText('Authenticator app: off. Signing in asks for your password only.')).toBeVisible();

  await pane(page).getByRole('button', { name: 'Turn on authenticator app' }).click();
  await expect(pane(page).getByRole('heading', { name: 'Set up your authenticator app' })).toBeVisible();
  await expect(pane(page).getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const key = ((await pane(page).getByLabel('Setup key').textContent()) ?? '').replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await documentScreenshot(page, 'authenticator-setup', pane(page));
  expect(await wcagViolations(page)).toEqual([]);

  // A wrong code first: the pool's message, and the app stays off.
  await pane(page).getByRole('textbox', { name: 'Code' }).fill('000000');
  await pane(page).getByRole('button', { name: 'Turn on' }).click();
  await expect(pane(page).getByRole('alert')).toContainText('That code did not work.');
  await pane(page).getByRole('textbox', { name: 'Code' }).fill(codeFor(key, -1));
  await pane(page).getByRole('button', { name: 'Turn on' }).click();
  await expect(pane(page).getByText('Authenticator app: on. Signing in asks for a code from the app after your password.')).toBeVisible();
  await expect(pane(page).getByText(/^No device is remembered\./)).toBeVisible();

  // Signing in now asks for a code; this device is remembered.
  await logOut(page);
  await submitLogin(page, user.email, user.password);
  await expect(pane(page).getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  await pane(page).getByRole('textbox', { name: 'Code' }).fill(codeFor(key, 0));
  await pane(page).getByRole('checkbox', { name: 'Remember this device' }).check();
  await documentScreenshot(page, 'sign-in-code', pane(page));
  expect(await wcagViolations(page)).toEqual([]);
  await pane(page).getByRole('button', { name: 'Verify' }).click();
  // Quick Tips came at this device's first sign-in: later ones go on to Home.
  await expect(pane(page).getByRole('heading', { name: 'Blocks' })).toBeVisible();

  // The remembered device signs in with the password alone.
  await openSettings(page);
  await logOut(page);
  await submitLogin(page, user.email, user.password);
  await expect(pane(page).getByRole('heading', { name: 'Blocks' })).toBeVisible();

  // Forgotten from settings, it is asked for a code again.
  await openSettings(page);
  const devices = pane(page).getByRole('list', { name: 'Remembered devices' });
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(devices.getByRole('listitem')).toContainText('Chrome on Linux');
  await documentScreenshot(page, 'sign-in-security', pane(page));
  expect(await wcagViolations(page)).toEqual([]);
  await devices.getByRole('button', { name: 'Forget Chrome on Linux' }).click();
  await expect(pane(page).getByText(/^No device is remembered\./)).toBeVisible();
  await logOut(page);
  await submitLogin(page, user.email, user.password);
  await expect(pane(page).getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  await pane(page).getByRole('textbox', { name: 'Code' }).fill(codeFor(key, 1));
  await pane(page).getByRole('button', { name: 'Verify' }).click();
  await expect(pane(page).getByRole('heading', { name: 'Blocks' })).toBeVisible();
});
