import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';
import { wcagViolations } from './support/axe';
import { pane, signInToHome } from './support/sign-in';

/**
 * Accessibility of Home in the playground's task pane, checked with axe-core in its states a user
 * meets: the grouped list with a category open, search results, and a block's inline preview.
 * Violations of impact serious or critical fail; the simulated mail window around it is not ours.
 */

const dana = DEMO_USERS[0]!;

// Tall enough that the pane does not scroll: axe cannot judge the contrast of text scrolled out
// of view (it reports it as obscured, not as a violation).
test.use({ viewport: { width: 1280, height: 2400 } });

test.beforeEach(async ({ page }) => {
  await signInToHome(page, dana.email, DEMO_PASSWORD);
});

test('Home: Recommended and the grouped blocks with a category open', async ({ page }) => {
  await pane(page).getByRole('combobox', { name: 'Team' }).selectOption({ label: 'Elections' });
  await expect(pane(page).getByRole('list', { name: 'Recommended' })).toBeVisible();
  await pane(page).getByRole('button', { name: /^Mail Ballots \(\d+\)$/ }).click();
  await expect(pane(page).getByRole('list', { name: 'Mail Ballots' })).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
});

test('Home: search results', async ({ page }) => {
  await pane(page).getByRole('searchbox', { name: 'Search name or content' }).fill('ballot');
  await expect(pane(page).getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
});

test('Home: a block with its text shown inline', async ({ page }) => {
  const recommended = pane(page).getByRole('list', { name: 'Recommended' });
  await recommended.getByRole('button', { name: 'Show the text of Track My Ballot' }).click();
  await expect(recommended.getByTestId('block-preview')).toContainText('Ballot Tracker');
  expect(await wcagViolations(page)).toEqual([]);
});

/** Checklists need the email being written (rules §8): the playground opens a new message first. */
async function openChecklists(page: Page) {
  await page.getByRole('tab', { name: 'Compose' }).click();
  await page.goto('/#/checklist-home');
  await expect(pane(page).getByText('Please select a checklist:')).toBeVisible();
}

test("Home: a block's variables in its preview, and its question in a dialog", async ({ page }) => {
  await pane(page).getByRole('searchbox', { name: 'Search name or content' }).fill('ballot status follow-up');
  const results = pane(page).getByRole('list', { name: 'Search results' });
  await results.getByRole('button', { name: 'Show the text of Ballot Status Follow-up' }).click();
  await expect(results.getByTestId('block-preview').locator('[data-variable]').first()).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  await results.getByRole('button', { name: 'Ballot Status Follow-up', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Ballot Status Follow-up' })).toBeVisible();
  expect(await wcagViolations(page, '[role="dialog"]')).toEqual([]);
});

test('Checklist home with a category open', async ({ page }) => {
  await openChecklists(page);
  const category = pane(page).getByRole('button', { name: /\(\d+\)$/ }).first();
  await category.click();
  await expect(category).toHaveAttribute('aria-expanded', 'true');
  expect(await wcagViolations(page)).toEqual([]);
});

test('A checklist with a task done, the question about the others, then the complete screen', async ({ page }) => {
  await openChecklists(page);
  await pane(page).getByRole('searchbox', { name: 'Search checklists' }).fill('Replacement Ballot');
  await pane(page).getByRole('link', { name: 'Replacement Ballot Request' }).click();
  await expect(pane(page).getByText('Please complete checklist before sending email.')).toBeVisible();
  await pane(page).getByRole('checkbox').first().check();
  expect(await wcagViolations(page)).toEqual([]);
  await pane(page).getByRole('button', { name: 'Complete' }).click();
  const confirm = page.getByRole('alertdialog', { name: /^Complete with \d+ of \d+ tasks not ticked\?$/ });
  await expect(confirm).toBeVisible();
  expect(await wcagViolations(page, '[role="alertdialog"]')).toEqual([]);
  await confirm.getByRole('button', { name: 'Complete anyway' }).click();
  await expect(pane(page).getByText('Complete!')).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
});

test('Suggest a block with its messages showing', async ({ page }) => {
  await pane(page).getByRole('button', { name: 'Suggest New Block' }).click();
  await pane(page).getByRole('button', { name: 'Submit Suggestion' }).click();
  await expect(pane(page).getByText('Name is required.')).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
});

test('The classification panel asking its question', async ({ page }) => {
  await page.route('**/api/classify', (route) => route.fulfill({ json: { prediction: 'Election' } }));
  await page.reload();
  await expect(pane(page).getByRole('button', { name: 'Yes' })).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
});

test('Settings: the display name, with a name that could not be saved', async ({ page }) => {
  await pane(page).getByRole('link', { name: 'User settings' }).click();
  const name = pane(page).getByRole('textbox', { name: 'Display name' });
  await expect(name).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  // A name of more than the pool takes is refused in the form, before anything is sent.
  await name.fill('x'.repeat(2049));
  await pane(page).getByRole('button', { name: 'Save name' }).click();
  await expect(pane(page).getByText('Display name must be at most 2,048 characters.')).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
});
