import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';
import { pane, signInToHome } from './support/sign-in';
import { sentRecordsOf } from './support/usage-probe';
import { e2eUserFor } from './support/users';

/**
 * Home in the playground, as a user walks it: recommendations for the open email, a click that
 * puts a block into the reply, search, teams, categories and Frequently Used, against the real
 * server and the real sign-in.
 */

const dana = DEMO_USERS[0]!;
const body = (page: Page) => page.getByRole('textbox', { name: 'Message body' });
const recommended = (page: Page) => pane(page).getByRole('list', { name: 'Recommended' });

test('reading an email: Recommended offers the block that answers it, and a click opens a reply that carries it', async ({ page }) => {
  await signInToHome(page, dana.email, DEMO_PASSWORD);
  await expect(pane(page).getByText('Please select a block to auto-create an email reply to Jordan Lee')).toBeVisible();
  await expect(recommended(page).getByRole('button', { name: 'Track My Ballot', exact: true })).toBeVisible();
  // Why: the email's own words that matched, read out as the button's description too.
  await expect(recommended(page).getByRole('button', { name: 'Track My Ballot', exact: true })).toHaveAccessibleDescription(
    'Matches: track, counted, received',
  );

  await recommended(page).getByRole('button', { name: 'Track My Ballot', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Compose' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Subject')).toHaveValue('RE: Did my mail ballot arrive?');
  await expect(body(page)).toContainText('You can follow your mail ballot with Ballot Tracker.');
  await expect(body(page).getByRole('link', { name: 'Ballot Tracker' })).toHaveAttribute('href', /^https:/);
  const text = await body(page).innerText();
  expect(text.indexOf('You can follow your mail ballot')).toBeLessThan(text.indexOf('From: Jordan Lee'));
  // The reply greets its recipient by name.
  await expect(pane(page).getByText('Please select a block to auto-create an email reply to Jordan Lee')).toBeVisible();
});

test('writing an email: a block found by search lands at the caret and the text around it stays', async ({ page }) => {
  await signInToHome(page, dana.email, DEMO_PASSWORD);
  await page.getByRole('tab', { name: 'Compose' }).click();
  await body(page).click();
  await page.keyboard.type('Dear voter, Kind regards');
  await page.keyboard.press('End');
  for (let i = 0; i < 'Kind regards'.length; i++) await page.keyboard.press('ArrowLeft');

  await pane(page).getByRole('searchbox', { name: 'Search name or content' }).fill('vote center hours');
  const results = pane(page).getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('button').first()).toHaveText('Vote Center Hours');
  // The flat results replace the grouping, and the team selector hides while searching.
  await expect(pane(page).getByRole('list', { name: 'Recommended' })).toHaveCount(0);
  await expect(pane(page).getByRole('combobox', { name: 'Team' })).toHaveCount(0);
  await results.getByRole('button', { name: 'Vote Center Hours', exact: true }).click();

  // The insertion goes through the host's asynchronous API: the reply changes a moment after the click.
  const text = () => body(page).innerText().then((inner) => inner.replace(/\s+/g, ' '));
  await expect.poll(text).toMatch(/^Dear voter, .*[Vv]ote center.*Kind regards$/);
});

test('a caret moved just before the pane takes the focus is where the block lands', async ({ page }) => {
  await signInToHome(page, dana.email, DEMO_PASSWORD);
  await page.getByRole('tab', { name: 'Compose' }).click();
  await body(page).click();
  await page.keyboard.type('Dear voter, Kind regards');
  for (let i = 0; i < 'Kind regards'.length - 1; i++) await page.keyboard.press('ArrowLeft');
  // The last caret move (as ArrowLeft makes it) and the move into the pane in one turn of the page,
  // before its next frame: Chrome tells of a caret move (`selectionchange`) only at that frame.
  const search = pane(page).getByRole('searchbox', { name: 'Search name or content' });
  await search.evaluate((input) => {
    document.getSelection()?.modify('move', 'backward', 'character');
    (input as HTMLInputElement).focus();
  });
  await expect(search).toBeFocused();

  await search.fill('vote center hours');
  await pane(page).getByRole('list', { name: 'Search results' }).getByRole('button', { name: 'Vote Center Hours', exact: true }).click();
  const text = () => body(page).innerText().then((inner) => inner.replace(/\s+/g, ' '));
  await expect.poll(text).toMatch(/^Dear voter, .*[Vv]ote center.*Kind regards$/);
});

test('search finds by name and by content, and says when nothing matches', async ({ page }) => {
  await signInToHome(page, dana.email, DEMO_PASSWORD);
  // The blocks and the recommendations for the open email are there before the search starts.
  await expect(pane(page).getByRole('list', { name: 'Recommended' })).toBeVisible({ timeout: 15_000 });
  const search = pane(page).getByRole('searchbox', { name: 'Search name or content' });
  await search.fill('Ballot Tracker');
  await expect(pane(page).getByRole('list', { name: 'Search results' }).getByRole('button', { name: 'Track My Ballot', exact: true })).toBeVisible();
  await search.fill('zzqx nothing like this');
  await expect(pane(page).getByText('No blocks match "zzqx nothing like this".')).toBeVisible();
  await search.fill('');
  await expect(pane(page).getByRole('list', { name: 'Recommended' })).toBeVisible({ timeout: 15_000 });
});

test('teams, categories and Recommended: switching, expanding, Show more / Show less, remembered visibility', async ({ page }) => {
  await signInToHome(page, dana.email, DEMO_PASSWORD);
  const team = pane(page).getByRole('combobox', { name: 'Team' });
  await expect(team).toHaveValue(/.+/);
  await team.selectOption({ label: 'Elections' });
  const mailBallots = pane(page).getByRole('button', { name: /^Mail Ballots \(\d+\)$/ });
  await expect(mailBallots).toHaveAttribute('aria-expanded', 'false');
  await mailBallots.click();
  await expect(mailBallots).toHaveAttribute('aria-expanded', 'true');
  const inCategory = pane(page).getByRole('list', { name: 'Mail Ballots' }).getByRole('button', { name: 'Track My Ballot', exact: true });
  await expect(inCategory).toBeVisible();

  await team.selectOption({ label: 'Front Counter' });
  await expect(pane(page).getByRole('button', { name: /^Mail Ballots/ })).toHaveCount(0);
  await page.reload();
  await expect(pane(page).getByRole('combobox', { name: 'Team' })).toHaveValue(await pane(page).getByRole('combobox', { name: 'Team' }).locator('option', { hasText: 'Front Counter' }).getAttribute('value') ?? '');

  // An email that asks several things: more than three blocks answer it well enough to be shown.
  await page.getByRole('tab', { name: 'Compose' }).click();
  await body(page).fill(
    'Hello, my mail ballot has not arrived. Can I request a replacement ballot, or vote in person at a vote center instead? Where is the nearest ballot drop box, and how do I track my ballot?',
  );
  // The first 3 of at most 5 recommendations, then all of them.
  await expect(recommended(page).getByRole('listitem')).toHaveCount(3);
  await pane(page).getByRole('button', { name: 'Show more' }).click();
  const all = await recommended(page).getByRole('listitem').count();
  expect(all).toBeGreaterThan(3);
  expect(all).toBeLessThanOrEqual(5);
  await pane(page).getByRole('button', { name: 'Show less' }).click();
  await expect(recommended(page).getByRole('listitem')).toHaveCount(3);

  // Hiding the group is remembered across a reload.
  await pane(page).getByRole('button', { name: 'Recommended', exact: true }).click();
  await expect(recommended(page)).toHaveCount(0);
  await page.reload();
  await expect(pane(page).getByRole('button', { name: 'Recommended', exact: true })).toHaveAttribute('aria-expanded', 'false');
});

test('a block used a few times shows under Frequently Used, and each use is recorded with where it was picked', async ({ page }, testInfo) => {
  const user = e2eUserFor('blocks', testInfo);
  await signInToHome(page, user.email, user.password);
  const frequentlyUsed = () => pane(page).getByRole('list', { name: 'Frequently Used' });
  // The user's team of its own (support/frequent-blocks.ts): no block of it has been used yet, so
  // Home has no Frequently Used group, only the team's two blocks.
  await expect(pane(page).getByRole('button', { name: 'Track My Ballot', exact: true }).first()).toBeVisible();
  await expect(frequentlyUsed()).toHaveCount(0);

  await page.getByRole('tab', { name: 'Compose' }).click();
  const search = pane(page).getByRole('searchbox', { name: 'Search name or content' });
  await search.fill('Candidate Filing Period');
  const result = pane(page).getByRole('list', { name: 'Search results' }).getByRole('button', { name: 'Candidate Filing Period', exact: true });
  for (let use = 0; use < 7; use++) await result.click();

  await expect.poll(async () => (await sentRecordsOf(user.email)).reduce((sum, row) => sum + row.n, 0), { timeout: 15_000 }).toBe(7);
  const rows = await sentRecordsOf(user.email);
  expect(rows).toEqual([expect.objectContaining({ uiSource: 'search', contextUsed: 'outlook', n: 7 })]);

  await page.reload();
  await expect(frequentlyUsed().getByRole('button', { name: 'Candidate Filing Period', exact: true })).toBeVisible();
  await expect(frequentlyUsed().getByRole('listitem')).toHaveCount(1);
  await frequentlyUsed().getByRole('button', { name: 'Candidate Filing Period', exact: true }).click();
  await expect.poll(async () => (await sentRecordsOf(user.email)).find((row) => row.uiSource === 'frequently_used')?.n ?? 0).toBe(1);
});

test("a block's preview stays beside it when the list moves under a resting pointer, so the block can still be clicked", async ({ page }) => {
  await signInToHome(page, dana.email, DEMO_PASSWORD);
  const block = recommended(page).getByRole('button', { name: 'Track My Ballot', exact: true });
  const tip = page.getByRole('tooltip');
  // Once the recommendations have settled (a new answer renders new rows, which drop the preview).
  await expect(block).toHaveAccessibleDescription(/^Matches: /);
  await expect(async () => {
    await page.mouse.move(0, 0);
    await block.hover();
    await expect(tip).toContainText('Ballot Tracker', { timeout: 2_000 });
  }).toPass({ timeout: 10_000 });

  // Something arrives above the list (an answer, a notice) and pushes the rows down: no scroll, no resize.
  await pane(page).evaluate((root) => {
    const arrival = document.createElement('div');
    arrival.style.height = '120px';
    root.prepend(arrival);
  });
  // The pointer follows the block, as a click's would (wherever the preview is).
  await block.hover({ force: true });
  await expect(async () => {
    const [tipBox, blockBox] = [(await tip.boundingBox())!, (await block.boundingBox())!];
    // Below the block, or above it where the pane has no room below: never over it.
    const clear = tipBox.y >= blockBox.y + blockBox.height || tipBox.y + tipBox.height <= blockBox.y;
    expect(clear, `preview ${JSON.stringify(tipBox)} over block ${JSON.stringify(blockBox)}`).toBe(true);
  }).toPass({ timeout: 5_000 });

  await block.click({ timeout: 5_000 });
  await expect(page.getByRole('tab', { name: 'Compose' })).toHaveAttribute('aria-selected', 'true');
});
