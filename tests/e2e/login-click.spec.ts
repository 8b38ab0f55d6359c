import { expect, test } from '@playwright/test';
import { pane } from './support/sign-in';
import { e2eUserFor } from './support/users';

/**
 * The login form's first click on 'Log in' after a validation message: the click's mouse-down
 * blurs the field, its message goes, and the button must still be under the pointer at mouse-up
 * (each field keeps a line for its message, src/ui/form-bits.tsx). A real mouse press
 * in Chromium, since only a laid-out page can move a button; tests/unit/screens/login-layout.test.tsx
 * checks the structure that keeps it still.
 */

test("one click on 'Log in' signs in right after the email's message goes", async ({ page }, testInfo) => {
  // Signing in changes nothing about a user. The main server's 'refresh' users are otherwise
  // unused: token-refresh.spec.ts signs them in on the short-token server.
  const user = e2eUserFor('refresh', testInfo);
  await page.goto('/#/login');
  const email = pane(page).getByRole('textbox', { name: 'Email', exact: true });
  const password = pane(page).getByLabel('Password', { exact: true });
  const logIn = pane(page).getByRole('button', { name: 'Log in' });
  const message = pane(page).getByText('Email is required.');
  await expect(logIn).toBeVisible();
  const untouched = await logIn.boundingBox();
  expect(untouched).not.toBeNull();

  await email.focus();
  await page.keyboard.press('Tab');
  await expect(message).toBeVisible();
  expect(await logIn.boundingBox()).toEqual(untouched);

  // The password first, then the email: the focus stays in the corrected email while its message
  // still shows, so the press on the button is what blurs it, as for a user going straight there.
  await password.fill(user.password);
  await email.fill(user.email);
  await expect(message).toBeVisible();
  const box = await logIn.boundingBox();
  if (!box) throw new Error("the 'Log in' button has no box");
  expect(box).toEqual(untouched);

  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await expect(message).toBeHidden();
  expect(await logIn.boundingBox()).toEqual(untouched);
  await page.mouse.up();

  await expect(pane(page).getByRole('button', { name: 'loading...' }).or(pane(page).getByRole('heading', { name: 'Quick Tips' }))).toBeVisible();
  await expect(pane(page).getByRole('heading', { name: 'Quick Tips' })).toBeVisible();
});
