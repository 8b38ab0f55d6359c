import { expect, test, type Page } from '@playwright/test';
import { REVIEW_BLOCKS, reviewAdminFor } from './support/review-blocks';
import { pane, signInToHome, submitLoginIn } from './support/sign-in';

/**
 * Keeping wording right, against the real server: an admin of a team of this run's own (seeded
 * with a block whose review fell due and one nobody used, support/review-blocks.ts) reads the
 * weekly mail of the due review in the dev outbox, finds it on Needs review, confirms it as still right and it leaves the list; archives the unused
 * block from Clean up, and it is gone from the playground's search; brings it back, and it returns.
 */
test.use({ viewport: { width: 1280, height: 900 } });

const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name, exact: true });

/** The playground's search for `text`, after a fresh load of the member's blocks. */
async function search(page: Page, text: string) {
  await page.goto('/#/home');
  await page.reload();
  await expect(pane(page).getByRole('heading', { name: 'Blocks' })).toBeVisible();
  await pane(page).getByRole('searchbox', { name: 'Search name or content' }).fill(text);
  return pane(page).getByRole('list', { name: 'Search results' });
}

test('a due review is confirmed as still right, and an unused block is archived from Clean up and brought back', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const admin = reviewAdminFor(testInfo);
  await page.goto('/admin/');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await submitLoginIn(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Blocks' })).toBeVisible();

  // The weekly mail the server queued at start (the dev outbox stands in for the owner's inbox).
  const outbox = await page.context().newPage();
  await outbox.goto('/identity/dev/outbox');
  const mail = outbox.getByRole('article').filter({ hasText: `To ${admin.email}` }).filter({ hasText: 'review is due' }).first();
  await expect(mail.getByRole('heading', { name: '1 review is due in Cannery' })).toBeVisible();
  const text = await mail.locator('pre').innerText();
  expect(text).toContain(REVIEW_BLOCKS.due);
  expect(text).toContain('/admin/#/reviews');
  await outbox.close();

  await nav(page, 'Needs review').click();
  await expect(page.getByRole('heading', { name: 'Needs review' })).toBeVisible();
  await expect(page).toHaveTitle('Cannery - Admin - Needs review');
  const due = page.getByRole('table', { name: 'Due reviews' }).getByRole('row').filter({ hasText: REVIEW_BLOCKS.due });
  await expect(due).toContainText(admin.email);
  await expect(due).toContainText('Overdue by 10 days');
  await expect(page.getByRole('switch', { name: 'Email me my due reviews every week' })).toBeChecked();
  await page.getByRole('button', { name: `Still right: ${REVIEW_BLOCKS.due}` }).click();
  await expect(page.getByText(`"${REVIEW_BLOCKS.due}" is confirmed as still right. Its next review is in 90 days.`)).toBeVisible();
  await expect(page.getByText('Nothing in this team needs a review now.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Nothing in this team needs a review now.')).toBeVisible();

  // The member's playground, in a window of its own: both blocks are found.
  const memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const member = await memberContext.newPage();
  await signInToHome(member, admin.email, admin.password);
  let results = await search(member, 'Polling Place');
  await expect(results.getByRole('button', { name: REVIEW_BLOCKS.unused, exact: true })).toBeVisible();

  await nav(page, 'Clean up').click();
  await expect(page.getByRole('heading', { name: 'Clean up' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Not used in' })).toHaveValue('90');
  const unused = page.getByRole('table', { name: 'Blocks not used' }).getByRole('row').filter({ hasText: REVIEW_BLOCKS.unused });
  await expect(unused).toContainText('Never used');
  await page.getByRole('button', { name: `Archive ${REVIEW_BLOCKS.unused}` }).click();
  await expect(page.getByText(`"${REVIEW_BLOCKS.unused}" is archived. Members no longer see it; find it under Archived to bring it back.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Archive ${REVIEW_BLOCKS.unused}` })).toHaveCount(0);

  // Archived, it is gone from the member's search; the other block is still found.
  results = await search(member, 'Early Voting');
  await expect(results.getByRole('button', { name: REVIEW_BLOCKS.due, exact: true })).toBeVisible();
  await pane(member).getByRole('searchbox', { name: 'Search name or content' }).fill('Polling Place');
  await expect(pane(member).getByRole('button', { name: REVIEW_BLOCKS.unused, exact: true })).toHaveCount(0);

  // The Blocks page lists it under Archived; Clean up brings it back with one click.
  await nav(page, 'Blocks').click();
  await page.getByRole('switch', { name: 'Archived' }).click();
  await expect(page.getByRole('table', { name: 'Archived blocks' })).toContainText(REVIEW_BLOCKS.unused);
  await nav(page, 'Clean up').click();
  await page.getByRole('tab', { name: 'Archived' }).click();
  await page.getByRole('button', { name: `Bring back ${REVIEW_BLOCKS.unused}` }).click();
  await expect(page.getByText(`"${REVIEW_BLOCKS.unused}" is back. Members see it the next time their blocks load.`)).toBeVisible();

  results = await search(member, 'Polling Place');
  await expect(results.getByRole('button', { name: REVIEW_BLOCKS.unused, exact: true })).toBeVisible();
  await memberContext.close();
});
