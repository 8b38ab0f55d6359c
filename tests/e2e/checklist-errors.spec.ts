import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';
import { pane, signInToHome } from './support/sign-in';

/**
 * Each checklist message of rules §8, forced in the playground against the real server: a
 * checklist that does not exist, the checklists failing to load, and the run's record failing to
 * be stored at the start and at an update (the device's storage refusing the write).
 */

const dana = DEMO_USERS[0]!;
const MESSAGES = {
  notFound: 'Error occurred trying to access checklist. It may have been removed from our system. Please refresh the add-in or contact our team if the issue persists.',
  loadFailure: 'Error occurred loading this view. Please try again or contact our team if the issue persists.',
  recordFailure: 'Error occurred trying to record checklist. Please try again or contact our team if the issue persists.',
  updateFailure: 'Error occurred trying to update checklist. Please try again or contact our team if the issue persists.',
};

/** Makes the page's storage refuse to store the outbox once `allowed` writes of it went through. */
async function refuseOutboxWrites(page: Page, allowed: number): Promise<void> {
  await page.evaluate((writes) => {
    let left = writes;
    const setItem = Object.getOwnPropertyDescriptor(Storage.prototype, 'setItem')!.value as (this: Storage, key: string, value: string) => void;
    Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
      if (key === 'cannery:persistedUserAutoResponsesRecord' && left-- <= 0) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      setItem.call(this, key, value);
    };
  }, allowed);
}

/** Opens the checklist named `name` from checklist home while an email is being written. */
async function openChecklist(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name: 'Compose' }).click();
  await page.goto('/#/checklist-home');
  await pane(page).getByRole('searchbox', { name: 'Search checklists' }).fill(name);
  await pane(page).getByRole('link', { name }).click();
  await expect(pane(page).getByText('Please complete checklist before sending email.')).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await signInToHome(page, dana.email, DEMO_PASSWORD);
});

test('a checklist that does not exist says it may have been removed', async ({ page }) => {
  await page.getByRole('tab', { name: 'Compose' }).click();
  await page.goto('/#/checklist/0123456789abcdef01234567');
  await expect(pane(page).getByText(MESSAGES.notFound)).toBeVisible();
});

test('checklists that cannot be loaded say so', async ({ page }) => {
  await page.route('**/api/accounts/*/phoneflows**', (route) => route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Down' } } }));
  await page.getByRole('tab', { name: 'Compose' }).click();
  await page.goto('/#/checklist/0123456789abcdef01234567');
  await expect(pane(page).getByText(MESSAGES.loadFailure)).toBeVisible();
});

test('a run whose record cannot be stored says so at the start', async ({ page }) => {
  await refuseOutboxWrites(page, 0);
  await openChecklist(page, 'Replacement Ballot Request');
  await expect(pane(page).getByText(MESSAGES.recordFailure)).toBeVisible();
});

test('an update that cannot be stored says so, and the screen stays usable', async ({ page }) => {
  await openChecklist(page, 'Replacement Ballot Request');
  // The start is stored; the next write of the outbox is refused.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('cannery:persistedUserAutoResponsesRecord') !== null)).toBe(true);
  await refuseOutboxWrites(page, 0);
  const first = pane(page).getByRole('checkbox').first();
  await first.check();
  await expect(pane(page).getByText(MESSAGES.updateFailure)).toBeVisible();
  await expect(first).toBeChecked();
});
