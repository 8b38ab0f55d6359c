import { expect, test } from '@playwright/test';
import { pane, signInToHome } from './support/sign-in';
import { sessionsOf } from './support/usage-probe';
import { SESSION_IDLE_MINUTES } from './support/servers';
import { e2eUserFor } from './support/users';

/**
 * Usage sessions (rules §4) against the real server, with Playwright's clock: a session starts with
 * the signed-in user, the 300,000 ms refresh records the last interaction as its end, logout ends
 * it, and the next user gets a session of their own.
 */

const REFRESH_MS = 300_000;

test('a session starts at sign-in, is refreshed every 300,000 ms with the last interaction, ends at logout; the next user gets a new one', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const first = e2eUserFor('sessions', testInfo);
  const second = e2eUserFor('sessions-next', testInfo);
  await page.clock.install();
  await signInToHome(page, first.email, first.password);

  await expect.poll(() => sessionsOf(first.email)).toHaveLength(1);
  const [started] = await sessionsOf(first.email);
  expect(started).toMatchObject({ context: 'self-serve', updateInterval: REFRESH_MS });
  expect(started!.endTime).toBe(started!.startTime);

  // Two minutes on, the user moves the mouse; three minutes later the refresh records that moment.
  await page.clock.fastForward(120_000);
  await page.mouse.move(200, 200);
  await page.mouse.move(220, 240);
  const interactedAt = await page.evaluate(() => Date.now());
  await page.clock.fastForward(REFRESH_MS - 120_000);
  await expect.poll(async () => Date.parse((await sessionsOf(first.email))[0]!.endTime)).toBeGreaterThan(Date.parse(started!.startTime));
  const refreshed = Date.parse((await sessionsOf(first.email))[0]!.endTime);
  expect(Math.abs(refreshed - interactedAt)).toBeLessThan(2000);

  // A last interaction, then logout: the session ends there, without waiting for the next refresh.
  await page.clock.fastForward(30_000);
  await page.goto('/#/user-settings');
  await pane(page).getByRole('button', { name: /log ?out/i }).hover();
  const lastAt = await page.evaluate(() => Date.now());
  await pane(page).getByRole('button', { name: /log ?out/i }).click();
  await expect(page).toHaveURL(/#\/login$/);
  await expect.poll(async () => Date.parse((await sessionsOf(first.email))[0]!.endTime)).toBeGreaterThan(refreshed);
  expect(Math.abs(Date.parse((await sessionsOf(first.email))[0]!.endTime) - lastAt)).toBeLessThan(2000);
  expect(await sessionsOf(first.email)).toHaveLength(1);

  await signInToHome(page, second.email, second.password);
  await expect.poll(() => sessionsOf(second.email)).toHaveLength(1);
  expect(await sessionsOf(first.email)).toHaveLength(1);
});

test("the deployment's idle time ends a session at its last interaction; the next interaction starts another", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const user = e2eUserFor('sessions-idle', testInfo);
  await page.clock.install();
  await signInToHome(page, user.email, user.password);
  await expect.poll(() => sessionsOf(user.email)).toHaveLength(1);

  await page.clock.fastForward(60_000);
  await page.mouse.move(200, 200);
  const lastAt = await page.evaluate(() => Date.now());
  // The refresh at 20 minutes finds 19 minutes without interaction; the one at 25 minutes finds
  // 24, past this deployment's 20 (with the default 30 the session would still be going).
  await page.clock.fastForward(SESSION_IDLE_MINUTES * 60_000 - 60_000);
  await page.clock.fastForward(REFRESH_MS);
  await expect.poll(async () => Math.abs(Date.parse((await sessionsOf(user.email))[0]!.endTime) - lastAt)).toBeLessThan(2000);

  // Ended: the next interaction starts a new session.
  await page.mouse.move(260, 260);
  await expect.poll(() => sessionsOf(user.email)).toHaveLength(2);
});

test('closing the pane records the last interaction as the end at once, without waiting for the refresh', async ({ page }, testInfo) => {
  const user = e2eUserFor('sessions-close', testInfo);
  await page.clock.install();
  await signInToHome(page, user.email, user.password);
  await expect.poll(() => sessionsOf(user.email)).toHaveLength(1);
  const [started] = await sessionsOf(user.email);

  await page.clock.fastForward(90_000);
  await page.mouse.move(200, 200);
  const lastAt = await page.evaluate(() => Date.now());
  await page.goto('about:blank');
  await expect.poll(async () => Date.parse((await sessionsOf(user.email))[0]!.endTime)).toBeGreaterThan(Date.parse(started!.endTime));
  expect(Math.abs(Date.parse((await sessionsOf(user.email))[0]!.endTime) - lastAt)).toBeLessThan(2000);
});
