import { expect, test, type Page, type Route } from '@playwright/test';
import { besideOutbox, pane, signInToHome } from './support/sign-in';
import { sentRecordsOf } from './support/usage-probe';
import { e2eUserFor } from './support/users';
import { createRandom } from '../../bench/random';

/**
 * Records that are never lost: 100 uses of a block while 30% of the record requests fail at
 * random (half before the server sees them, half after it stored the record but before the answer
 * arrives) and the pane is reloaded halfway, give exactly 100 records on the server.
 */

const USES = 100;
const FAILURE_RATE = 0.3;

async function makeRecordsFlaky(page: Page, next: () => number, stats: { aborted: number; lostAnswers: number; passed: number }) {
  await page.route('**/api/accounts/*/teams/*/sentautoresponses', async (route: Route) => {
    const roll = next();
    if (roll < FAILURE_RATE / 2) {
      stats.aborted++;
      await route.abort('connectionreset');
    } else if (roll < FAILURE_RATE) {
      // The server stores the record; the answer never reaches the pane, which will send it again.
      await route.fetch();
      stats.lostAnswers++;
      await route.abort('connectionreset');
    } else {
      stats.passed++;
      await route.continue();
    }
  });
}

test('100 uses through a flaky network and a reload give exactly 100 records', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const seed = Number(process.env.OUTBOX_SEED ?? Date.now() % 100_000);
  testInfo.annotations.push({ type: 'seed', description: String(seed) });
  const next = createRandom(seed).next;
  const stats = { aborted: 0, lostAnswers: 0, passed: 0 };
  const user = e2eUserFor('outbox', testInfo);

  await signInToHome(page, user.email, user.password);
  await makeRecordsFlaky(page, next, stats);
  await page.getByRole('tab', { name: 'Compose' }).click();
  const search = pane(page).getByRole('searchbox', { name: 'Search name or content' });
  const block = () => pane(page).getByRole('list', { name: 'Search results' }).getByRole('button', { name: 'Track My Ballot', exact: true });

  await search.fill('Track My Ballot');
  for (let use = 0; use < USES / 2; use++) await block().click();
  // A use is recorded once its block is in the reply: the user reloads after seeing the 50th go in
  // (reloaded while an insertion is still under way, neither the block nor its record is sure).
  const inserted = async () => (await page.getByRole('textbox', { name: 'Message body' }).innerText()).split('Ballot Tracker').length - 1;
  await expect.poll(inserted, { timeout: 30_000 }).toBe(USES / 2);
  // Reloaded halfway, with records still waiting in the outbox.
  await page.reload();
  await pane(page).getByRole('heading', { name: 'Blocks' }).waitFor();
  await page.getByRole('tab', { name: 'Compose' }).click();
  await search.fill('Track My Ballot');
  for (let use = USES / 2; use < USES; use++) await block().click();

  await expect
    .poll(async () => (await sentRecordsOf(user.email)).reduce((sum, row) => sum + row.n, 0), {
      timeout: 150_000,
      intervals: [500, 1000, 2000],
      message: `records on the server (seed ${seed})`,
    })
    .toBe(USES);
  // Nothing more arrives once the outbox is empty: none twice.
  await expect
    .poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('cannery:persistedUserAutoResponsesRecord') ?? '[]') as unknown[]).length), {
      // A record whose answer was lost is stored already; its retry may still be backing off.
      timeout: 90_000,
      intervals: [500, 1000, 2000],
    })
    .toBe(0);
  expect(await sentRecordsOf(user.email)).toEqual([expect.objectContaining({ uiSource: 'search', n: USES })]);
  expect(stats.aborted + stats.lostAnswers).toBeGreaterThan(0);
});

test('logging out while records cannot be sent keeps them for the next sign-in, which sends them', async ({ page }, testInfo) => {
  const user = e2eUserFor('outbox-logout', testInfo);
  await signInToHome(page, user.email, user.password);
  // The server cannot be reached for records: the use waits in the outbox.
  await page.route('**/api/accounts/*/teams/*/sentautoresponses', (route) => route.abort('internetdisconnected'));
  await page.getByRole('tab', { name: 'Compose' }).click();
  await pane(page).getByRole('searchbox', { name: 'Search name or content' }).fill('Track My Ballot');
  await pane(page).getByRole('list', { name: 'Search results' }).getByRole('button', { name: 'Track My Ballot', exact: true }).click();
  await expect.poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('cannery:persistedUserAutoResponsesRecord') ?? '[]') as unknown[]).length)).toBe(1);

  await page.goto('/#/user-settings');
  await pane(page).getByRole('button', { name: /log ?out/i }).click();
  await expect(page).toHaveURL(/#\/login$/);
  // Logout cleared the rest of local storage but kept the unsent record.
  const kept = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('cannery:')));
  expect(kept).toContain('cannery:persistedUserAutoResponsesRecord');
  expect(besideOutbox(kept)).toEqual([]);
  expect(await sentRecordsOf(user.email)).toEqual([]);

  await page.unroute('**/api/accounts/*/teams/*/sentautoresponses');
  await signInToHome(page, user.email, user.password);
  await expect.poll(async () => (await sentRecordsOf(user.email)).reduce((sum, row) => sum + row.n, 0), { timeout: 20_000 }).toBe(1);
});
