import { expect, test, type Page } from '@playwright/test';
import { SAMPLE_EMAILS } from '../../hosts/playground/mail-store';
import { SPANISH_VARIANTS } from '../../server/seed/demo-variants-es';
import { GMAIL_THREAD_URL, launchWithExtension, routeGmail, type LoadedExtension } from './support/extension';
import { logInToHome } from './support/sign-in';
import { sentLanguagesOf } from './support/usage-probe';
import { e2eUserFor } from './support/users';

/**
 * The Gmail side panel (e2e build of the extension, the fake Gmail): a thread whose latest message
 * is in Spanish shows the Spanish variants; a click opens a reply carrying the Spanish text, its
 * variables filled, and the use is recorded as `es`; an English thread in the same session shows English blocks again.
 * The side panel is driven as a tab beside Gmail's, as in extension-blocks.spec.ts.
 */

// A browser with the extension, a sign-in, then three threads and inserts: more than the suite's 30 s.
test.describe.configure({ timeout: 120_000 });

let extension: LoadedExtension;
test.beforeEach(async () => {
  extension = await launchWithExtension();
});
test.afterEach(async () => {
  await extension.close();
});

const replacement = SPANISH_VARIANTS['Request a Replacement Ballot']!;
const followUp = SPANISH_VARIANTS['Ballot Status Follow-up']!;
const boleta = SAMPLE_EMAILS.find((sample) => /boleta/.test(sample.label))!;
const ballot = SAMPLE_EMAILS.find((sample) => /English/.test(sample.label))!;

/** Opens the fake Gmail's thread with `text` as its latest message, as a resident wrote it. */
async function openThread(text: string): Promise<Page> {
  const gmail = await extension.context.newPage();
  await gmail.goto(GMAIL_THREAD_URL);
  await gmail.locator('.a3s').first().evaluate((body, value) => {
    body.textContent = '';
    const message = body.ownerDocument.createElement('div');
    message.dir = 'ltr';
    for (const [i, line] of value.split('\n').entries()) {
      if (i > 0) message.append(body.ownerDocument.createElement('br'));
      message.append(line);
    }
    body.append(message);
  }, text);
  await gmail.bringToFront();
  return gmail;
}

async function languagesOf(email: string, count: number) {
  await expect.poll(async () => (await sentLanguagesOf(email)).length, { timeout: 15_000 }).toBe(count);
  return sentLanguagesOf(email);
}

test('Gmail: a Spanish thread shows Spanish variants and a reply carries the Spanish text; an English thread English', async () => {
  await routeGmail(extension.context);
  const user = e2eUserFor('languages-gmail', test.info());
  const panel = await extension.context.newPage();
  await panel.goto(`chrome-extension://${extension.extensionId}/sidepanel.html#/login`);
  await logInToHome(panel, user.email, user.password);

  const spanishThread = await openThread(boleta.email.readBody);
  const recommended = panel.getByRole('list', { name: 'Recommended' });
  await recommended.getByRole('button', { name: replacement.name, exact: true }).click();
  await expect(spanishThread.locator('.ip [g_editable="true"]')).toContainText('A todos los votantes registrados del Condado de Alder');
  let uses = await languagesOf(user.email, 1);
  expect(uses.at(-1)).toMatchObject({ autoResponseName: replacement.name, language: 'es' });
  await spanishThread.close();

  // A Spanish block with variables, in a reply to the Spanish thread: the sender's first name and the answer to its question.
  const withVariables = await openThread(boleta.email.readBody);
  await panel.getByRole('searchbox', { name: 'Search name or content' }).fill('seguimiento');
  await panel.getByRole('list', { name: 'Search results' }).getByRole('button', { name: followUp.name, exact: true }).click();
  const question = panel.getByRole('dialog', { name: followUp.name });
  await question.getByRole('textbox', { name: 'Ballot tracking number' }).fill('AB-1234');
  await question.getByRole('button', { name: 'Insert' }).click();
  const reply = withVariables.locator('.ip [g_editable="true"]');
  await expect(reply).toContainText('Estimado(a) Dana:');
  await expect(reply).toContainText('número AB-1234:');
  expect(await reply.innerText()).not.toMatch(/\{\{|\}\}/);
  uses = await languagesOf(user.email, 2);
  expect(uses.at(-1)).toMatchObject({ autoResponseName: followUp.name, language: 'es' });
  await panel.getByPlaceholder('Search name or content').fill('');
  await withVariables.close();

  const englishThread = await openThread(ballot.email.readBody);
  await recommended.getByRole('button', { name: 'Track My Ballot', exact: true }).click();
  await expect(englishThread.locator('.ip [g_editable="true"]')).toContainText('Ballot Tracker');
  uses = await languagesOf(user.email, 3);
  expect(uses.at(-1)).toMatchObject({ autoResponseName: 'Track My Ballot', language: 'en' });
});
