import { expect, test, type Page, type Route } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';
import { logInToHome, pane, signInToHome } from './support/sign-in';
import { classificationOutcomesOf } from './support/usage-probe';
import { e2eUserFor } from './support/users';

/**
 * Home's classification panel in the playground (rules §4 "Classification"), against the real
 * server, its classifier and sign-in. Requests to `POST /classify` are watched at the network
 * boundary (to read the scrubbed text that leaves the device, and to hold the answer while the
 * LOADING state is checked) and then passed on to the real server; only the error state is made up
 * there, as a 503.
 */

const dana = DEMO_USERS[0]!;
const ERROR = 'Error classifying email. Please reload the add-in to try again.';
const panel = (page: Page) => pane(page).getByRole('region', { name: 'Email classification' });
/** How long an edit must stand still before it is classified again (src/screens/blocks/use-classification.ts). */
const EDIT_PAUSE_MS = 1500;

/** Passes `POST /api/classify` on to the server once `held` settles (at once without one); records the texts sent. */
async function watchClassifier(page: Page, held?: Promise<void>) {
  const texts: string[] = [];
  await page.route('**/api/classify', async (route: Route) => {
    texts.push((route.request().postDataJSON() as { text: string }).text);
    await held;
    await route.continue();
  });
  return texts;
}

test('an email from outside: LOADING, then the question; Yes is stored on the server with the scrubbed text', async ({ page }, testInfo) => {
  const user = e2eUserFor('classification', testInfo);
  let release = () => {};
  const texts = await watchClassifier(page, new Promise<void>((resolve) => (release = resolve)));
  await page.goto('/#/login');
  // The email being read carries a phone number and an address that must not leave the device.
  await page.getByLabel('Message', { exact: true }).fill('Hello, I mailed my ballot on Tuesday. Is it counted yet? Call me at 555-867-5309 or write to jordan.lee@example.com.');
  await logInToHome(pane(page), user.email, user.password);

  await expect(panel(page).getByText('Classifying this email...')).toBeVisible();
  // The blocks below the panel stay where they are as its answer arrives: a click aimed at one lands on it.
  const search = pane(page).getByRole('searchbox', { name: 'Search name or content' });
  const searchTop = async () => (await search.boundingBox())?.y;
  const loadingTop = await searchTop();
  release();
  await expect(panel(page).getByText('Is this email about Election?')).toBeVisible();
  await expect(panel(page).getByText('Classifying this email...')).toHaveCount(0);
  expect(await searchTop()).toBe(loadingTop);
  expect(texts).toHaveLength(1);
  expect(texts[0]).toContain('mailed my ballot');
  for (const secret of ['555', '5309', 'jordan.lee', '@', 'example.com']) expect(texts[0]).not.toContain(secret);

  await panel(page).getByRole('button', { name: 'Yes' }).click();
  await expect(panel(page).getByText('Thank you for your feedback.')).toBeVisible();
  await expect(panel(page).getByRole('button', { name: 'Yes' })).toHaveCount(0);
  expect(await searchTop()).toBe(loadingTop);
  await expect.poll(() => classificationOutcomesOf(user.email), { timeout: 15_000 }).toHaveLength(1);
  const [stored] = await classificationOutcomesOf(user.email);
  expect(stored).toEqual({
    emailBody: texts[0],
    userEmail: user.email,
    classificationFromModel: 'Election',
    actualClassification: 'Election',
    cognitoSub: expect.any(String),
    microsoftSub: null,
  });
});

test("the server's classifier labels the playground's emails: the sample about a mail ballot, then one about a deed", async ({ page }) => {
  await signInToHome(page, dana.email, DEMO_PASSWORD);
  await expect(panel(page).getByText('Is this email about Election?')).toBeVisible();

  await page.getByLabel('Message', { exact: true }).fill(
    'Good afternoon,\n\nWe bought a house last month. How do I get a certified copy of the recorded grant deed, and what is the fee?\n\nThanks',
  );
  await expect(panel(page).getByText('Is this email about Recorder?')).toBeVisible();
});

test('a classifier that cannot answer shows the spec\'s error and no question', async ({ page }) => {
  await page.route('**/api/classify', (route) => route.fulfill({ status: 503, json: { error: { code: 'classifier_unavailable', message: 'Unavailable' } } }));
  await signInToHome(page, dana.email, DEMO_PASSWORD);
  await expect(panel(page).getByText(ERROR, { exact: true })).toBeVisible();
  await expect(panel(page).getByRole('button', { name: 'Yes' })).toHaveCount(0);
});

test('a message addressed only inside the user domain hides the panel; an outside recipient brings it back', async ({ page }) => {
  const texts = await watchClassifier(page);
  await signInToHome(page, dana.email, DEMO_PASSWORD);
  await expect(panel(page).getByText('Is this email about Election?')).toBeVisible();

  // The playground's compose keeps the To of the sample, elections@aldercounty.example: Dana's domain.
  await page.getByRole('tab', { name: 'Compose' }).click();
  await expect(page.getByLabel('To', { exact: true })).toHaveValue('elections@aldercounty.example');
  await page.getByRole('textbox', { name: 'Message body' }).click();
  await page.keyboard.type('Please file the recorded deed for the county archive.');
  await expect(panel(page)).toHaveCount(0);
  await page.waitForTimeout(EDIT_PAUSE_MS + 1000);
  await expect(panel(page)).toHaveCount(0);
  expect(texts).toHaveLength(1);

  await page.getByLabel('To', { exact: true }).fill('elections@aldercounty.example, jordan.lee@example.com');
  await expect(panel(page).getByText('Is this email about Recorder?')).toBeVisible();
  expect(texts).toHaveLength(2);
  expect(texts[1]).toContain('recorded deed');
});
