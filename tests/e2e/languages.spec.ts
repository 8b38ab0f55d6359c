import { expect, test, type Page } from '@playwright/test';
import { SAMPLE_EMAILS } from '../../hosts/playground/mail-store';
import { DEMO_BLOCKS } from '../../server/seed/demo-data';
import { SPANISH_VARIANTS } from '../../server/seed/demo-variants-es';
import { fakeOutlook, openTaskPane } from './support/outlook';
import { documentScreenshot } from './support/screenshots';
import { logInToHome, pane, signInToHome } from './support/sign-in';
import { sentLanguagesOf } from './support/usage-probe';
import { e2eUserFor } from './support/users';
import { failOnPageErrors } from './support/page-errors';

/**
 * Blocks in the open email's language (the demo account answers in English and Spanish): a
 * Spanish email shows the Spanish variants, recommended with Spanish words; a click inserts the
 * Spanish text with its variables filled and the use is recorded as `es`; a block without a
 * Spanish version is shown in English with a marker; a block's preview switches its language; an
 * English email in the same session shows English again. In the playground and in the Outlook task
 * pane (fake Office.js); the Gmail side panel is in extension-languages.spec.ts.
 */

const spanish = (name: string) => {
  const text = SPANISH_VARIANTS[name];
  if (!text || !DEMO_BLOCKS.some((block) => block.name === name)) throw new Error(`No Spanish variant of the demo block "${name}"`);
  return text;
};
const replacement = spanish('Request a Replacement Ballot');
const followUp = spanish('Ballot Status Follow-up');
const sample = (label: RegExp) => {
  const found = SAMPLE_EMAILS.find((candidate) => label.test(candidate.label));
  if (!found) throw new Error(`No sample email ${String(label)}`);
  return found;
};
const boleta = sample(/boleta/);
const ballot = sample(/English/);

const body = (page: Page) => page.getByRole('textbox', { name: 'Message body' });

async function openSample(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Sample email' }).click();
  await page.getByRole('option', { name: label }).click();
}

/** Waits until `email` has `count` uses recorded, and returns their languages, oldest first. */
async function languagesOf(email: string, count: number) {
  await expect.poll(async () => (await sentLanguagesOf(email)).length, { timeout: 15_000 }).toBe(count);
  return sentLanguagesOf(email);
}

failOnPageErrors();
// Each test walks several emails and inserts, each use polled until the server has it.
test.describe.configure({ timeout: 90_000 });

test('playground: a Spanish email shows and inserts Spanish variants, an English one English', async ({ page }, testInfo) => {
  const user = e2eUserFor('languages-playground', testInfo);
  await signInToHome(page, user.email, user.password);
  await openSample(page, boleta.label);
  const home = pane(page);
  const recommended = home.getByRole('list', { name: 'Recommended' });
  await expect(recommended.getByRole('button', { name: replacement.name, exact: true })).toBeVisible();
  await expect(recommended.getByRole('button', { name: 'Request a Replacement Ballot', exact: true })).toHaveCount(0);
  // Its preview, on hover, is the Spanish text.
  await page.mouse.move(0, 0);
  await recommended.getByRole('button', { name: replacement.name, exact: true }).hover();
  await expect(page.getByRole('tooltip').getByText('A todos los votantes registrados', { exact: false }).first()).toBeVisible();
  // Marked as Spanish, so a screen reader reads it in a Spanish voice (WCAG 3.1.2).
  await expect(page.getByRole('tooltip').getByTestId('block-preview')).toHaveAttribute('lang', 'es');
  await expect(recommended.getByRole('button', { name: replacement.name, exact: true }).locator('span')).toHaveAttribute('lang', 'es');
  await page.mouse.move(0, 0);
  await documentScreenshot(page, 'languages-spanish-email');

  // One click: the reply carries the Spanish text.
  await recommended.getByRole('button', { name: replacement.name, exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Compose' })).toHaveAttribute('aria-selected', 'true');
  await expect(body(page)).toContainText('A todos los votantes registrados del Condado de Alder');
  let uses = await languagesOf(user.email, 1);
  expect(uses.at(-1)).toMatchObject({ autoResponseName: replacement.name, language: 'es' });

  // Variables are filled in the Spanish text too.
  await openSample(page, boleta.label);
  await home.getByRole('searchbox', { name: 'Search name or content' }).fill('seguimiento');
  const results = home.getByRole('list', { name: 'Search results' });
  await results.getByRole('button', { name: followUp.name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: followUp.name });
  await dialog.getByRole('textbox', { name: 'Ballot tracking number' }).fill('AB-1234');
  await page.keyboard.press('Enter');
  await expect(body(page)).toContainText('Estimado(a) Rosa:');
  await expect(body(page)).toContainText('su boleta de voto por correo, número AB-1234:');
  await expect(page.getByLabel('Subject')).toHaveValue('Su boleta de voto por correo AB-1234');
  expect(await body(page).innerText()).not.toMatch(/\{\{|\}\}/);
  uses = await languagesOf(user.email, 2);
  expect(uses.at(-1)).toMatchObject({ autoResponseName: followUp.name, language: 'es' });

  // A block with no Spanish version reads in English, marked; search finds blocks by their Spanish words.
  await openSample(page, boleta.label);
  const search = home.getByRole('searchbox', { name: 'Search name or content' });
  await search.fill('poll worker application');
  const english = results.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Poll Worker Application', exact: true }) });
  await expect(english.getByText('English', { exact: true })).toBeVisible();
  await expect(english.getByText('English', { exact: true })).toHaveAttribute('title', 'No Spanish version yet: this is the English text');
  await search.fill('subsanar');
  await expect(results.getByRole('button', { name: 'Carta para subsanar la firma', exact: true })).toBeVisible();

  // The preview switches a block to English: a click then inserts the English text.
  await search.fill('');
  await recommended.getByRole('button', { name: `Show the text of ${replacement.name}` }).click();
  const languages = recommended.getByRole('group', { name: `Language of ${replacement.name}` });
  await expect(languages.getByRole('button', { name: 'Spanish' })).toHaveAttribute('aria-pressed', 'true');
  await languages.getByRole('button', { name: 'English' }).click();
  await expect(recommended.getByTestId('block-preview')).toContainText('Every registered voter in Alder County');
  await expect(recommended.getByTestId('block-preview')).toHaveAttribute('lang', 'en');
  await recommended.getByRole('button', { name: 'Request a Replacement Ballot', exact: true }).click();
  await expect(body(page)).toContainText('Every registered voter in Alder County');
  uses = await languagesOf(user.email, 3);
  expect(uses.at(-1)).toMatchObject({ autoResponseName: 'Request a Replacement Ballot', language: 'en' });

  // An English email in the same session: English blocks, no markers.
  await openSample(page, ballot.label);
  await expect(recommended.getByRole('button', { name: 'Track My Ballot', exact: true })).toBeVisible();
  await expect(home.getByText('English', { exact: true })).toHaveCount(0);
  await recommended.getByRole('button', { name: 'Track My Ballot', exact: true }).click();
  uses = await languagesOf(user.email, 4);
  expect(uses.at(-1)).toMatchObject({ autoResponseName: 'Track My Ballot', language: 'en' });
});

test('Outlook: a Spanish email shows Spanish variants and a reply carries the Spanish text; an English email English', async ({ page }, testInfo) => {
  const user = e2eUserFor('languages-outlook', testInfo);
  await openTaskPane(page, {
    item: { mode: 'read', subject: boleta.email.subject, from: boleta.email.sender, body: boleta.email.readBody },
    hash: '#/login',
  });
  await logInToHome(page, user.email, user.password);
  const outlook = fakeOutlook(page);
  const recommended = page.getByRole('list', { name: 'Recommended' });
  await recommended.getByRole('button', { name: replacement.name, exact: true }).click();
  await expect.poll(() => outlook.insertions()).toEqual([
    expect.objectContaining({ method: 'displayReplyForm', htmlBody: expect.stringContaining('A todos los votantes registrados del Condado de Alder') }),
  ]);
  let uses = await languagesOf(user.email, 1);
  expect(uses.at(-1)).toMatchObject({ autoResponseName: replacement.name, language: 'es' });

  // A Spanish block with variables: the sender's first name and the answer to its question.
  await page.getByRole('searchbox', { name: 'Search name or content' }).fill('seguimiento');
  await page.getByRole('list', { name: 'Search results' }).getByRole('button', { name: followUp.name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: followUp.name });
  // The modal hides the pane behind it from assistive technology, and shows it again once closed.
  await expect(page.locator('#root')).toHaveAttribute('aria-hidden', 'true');
  await dialog.getByRole('textbox', { name: 'Ballot tracking number' }).fill('AB-1234');
  await page.keyboard.press('Enter');
  await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden', 'true');
  await expect.poll(async () => (await outlook.insertions()).length).toBe(2);
  const filled = (await outlook.insertions())[1]!;
  expect(filled).toMatchObject({ htmlBody: expect.stringContaining('Estimado(a) Rosa:') });
  expect(filled).toMatchObject({ htmlBody: expect.stringContaining('número AB-1234:') });
  expect(JSON.stringify(filled)).not.toMatch(/\{\{|\}\}/);
  uses = await languagesOf(user.email, 2);
  expect(uses.at(-1)).toMatchObject({ autoResponseName: followUp.name, language: 'es' });
  await page.getByPlaceholder('Search name or content').fill('');

  // The user opens an English email in the same session.
  await outlook.setItem({ mode: 'read', itemId: 'languages-english', subject: ballot.email.subject, from: ballot.email.sender, body: ballot.email.readBody });
  await outlook.fireItemChanged();
  await recommended.getByRole('button', { name: 'Track My Ballot', exact: true }).click();
  uses = await languagesOf(user.email, 3);
  expect(uses.at(-1)).toMatchObject({ autoResponseName: 'Track My Ballot', language: 'en' });
  await expect.poll(async () => (await outlook.insertions()).length).toBe(3);
  expect((await outlook.insertions())[2]).toMatchObject({ htmlBody: expect.stringContaining('Ballot Tracker') });
});

test("playground: a checklist's recommended blocks follow the language of the email being written", async ({ page }, testInfo) => {
  const user = e2eUserFor('languages-playground', testInfo);
  await signInToHome(page, user.email, user.password);
  await page.getByRole('tab', { name: 'Compose' }).click();
  await body(page).click();
  await page.keyboard.type('Hola, le escribo porque no me llegó la boleta por correo y quisiera saber cómo pedir otra.');
  await pane(page).getByRole('button', { name: 'Checklists' }).click();
  await pane(page).getByRole('button', { name: /^Mail Ballots \(\d+\)$/ }).click();
  await pane(page).getByRole('list', { name: 'Mail Ballots' }).getByRole('link', { name: 'Replacement Ballot Request' }).click();
  const recommended = pane(page).getByRole('list', { name: 'Recommended blocks' });
  await expect(recommended.getByRole('button', { name: replacement.name, exact: true })).toBeVisible();
  await expect(recommended.getByRole('button', { name: spanish('Track My Ballot').name, exact: true })).toBeVisible();
  await expect(recommended.getByRole('button', { name: 'Request a Replacement Ballot', exact: true })).toHaveCount(0);
});
