import { expect, test, type Page } from '@playwright/test';
import { DEMO_CHECKLISTS, DEMO_PASSWORD, DEMO_USERS, DEMO_ACCOUNT } from '../../server/seed/demo-data';
import type { FakeItemSpec, FakeOfficeGlobals } from '../fixtures/office/fake-office-control';
import { openTaskPane } from './support/outlook';
import { logInToHome, pane, signInToHome } from './support/sign-in';
import { failOnPageErrors } from './support/page-errors';

/**
 * Checklist home (rules §2, §5, §8) against the real server and sign-in: reached from Home's icon,
 * it refuses an email being read and opens a new message where the host can, then lists the
 * team's checklists with search, the team selector and categories, each leading to its checklist.
 * Dana is in Elections and Front Counter of the demo account, which has phone-flow access.
 */

const dana = DEMO_USERS[0]!;
if (!DEMO_ACCOUNT.hasPhoneFlowAccess) throw new Error('The demo account needs phone-flow access for checklists');

const NEW_WINDOW = 'Please open the add-in in the new window to access Checklists.';
const START_NEW_EMAIL = 'Please start a new email and open the add-in in the new window to access Checklists.';
const PROMPT = 'Please select a checklist:';

function demoChecklist(name: string) {
  const checklist = DEMO_CHECKLISTS.find((candidate) => candidate.name === name);
  if (!checklist) throw new Error(`No demo checklist "${name}"`);
  return checklist;
}
const signatureCure = demoChecklist('Signature Cure Call');
const pollWorkers = demoChecklist('Poll Worker Sign-Up');
const recordsIntake = demoChecklist('Records Request Intake');

// Neither the playground nor the task pane may throw.
failOnPageErrors();

/** The checklists the server answered for the first `GET .../phoneflows` from now, by name. */
function checklistIdsByName(page: Page): Promise<Map<string, string>> {
  let checklists: Array<{ _id: string; name: string }> = [];
  // The first list may go to a pane the new message window replaces, whose answer the browser no
  // longer keeps: the first answer that can still be read counts.
  return page
    .waitForResponse(async (response) => {
      if (response.request().method() !== 'GET' || !/\/api\/accounts\/[^/]+\/phoneflows\?/.test(response.url())) return false;
      try {
        checklists = (await response.json()) as Array<{ _id: string; name: string }>;
        return true;
      } catch {
        return false;
      }
    })
    .then(() => new Map(checklists.map((checklist) => [checklist.name, checklist._id])));
}

test('playground: from Home in read mode a new message opens with the pane in it; there the checklists are searched, filtered by team and opened', async ({ page }) => {
  await signInToHome(page, dana.email, DEMO_PASSWORD);
  await expect(page.getByRole('tab', { name: 'Read' })).toHaveAttribute('aria-selected', 'true');
  const ids = checklistIdsByName(page);
  await pane(page).getByRole('button', { name: 'Checklists' }).click();

  // The new message window opens with the pane in it, on Checklists: nothing more to do to go on.
  await expect(page.getByRole('tab', { name: 'Compose' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Subject')).toHaveValue('');
  await expect(pane(page).getByRole('heading', { level: 1, name: 'Checklists' })).toBeVisible();
  await expect(pane(page).getByText(PROMPT)).toBeVisible();
  await expect(pane(page).getByText(NEW_WINDOW)).toHaveCount(0);

  const search = pane(page).getByRole('searchbox', { name: 'Search checklists' });
  const results = pane(page).getByRole('list', { name: 'Search results' });
  await search.fill('signature cure');
  await expect(results.getByRole('link')).toHaveText([signatureCure.name]);
  // Poll Worker Sign-Up has a task containing it ("Send the application link"); Signature Cure Call
  // only a fuzzy match ("Explain why ..."), so it comes after.
  await search.fill('application');
  await expect(results.getByRole('link')).toHaveText([pollWorkers.name, signatureCure.name]);
  // With a typo both are fuzzy, the closer first.
  await search.fill('aplication');
  await expect(results.getByRole('link')).toHaveText([pollWorkers.name, signatureCure.name]);
  await search.fill('zzqx');
  await expect(pane(page).getByText('No checklists match "zzqx".')).toBeVisible();
  await search.fill('');

  const team = pane(page).getByRole('combobox', { name: 'Team' });
  await team.selectOption({ label: 'Front Counter' });
  await expect(pane(page).getByRole('button', { name: 'Records Requests (1)' })).toBeVisible();
  await expect(pane(page).getByRole('button', { name: /^Mail Ballots/ })).toHaveCount(0);
  await team.selectOption({ label: 'Elections' });
  await expect(pane(page).getByRole('button', { name: 'Records Requests (1)' })).toHaveCount(0);
  const mailBallots = pane(page).getByRole('button', { name: 'Mail Ballots (2)' });
  await expect(pane(page).getByRole('button', { name: 'Poll Workers (1)' })).toBeVisible();
  await mailBallots.click();
  await expect(mailBallots).toHaveAttribute('aria-expanded', 'true');

  const cureId = (await ids).get(signatureCure.name);
  expect(cureId).toMatch(/^[0-9a-f]{24}$/);
  expect((await ids).has(recordsIntake.name)).toBe(true);
  await pane(page).getByRole('list', { name: 'Mail Ballots' }).getByRole('link', { name: signatureCure.name }).click();
  await expect(page).toHaveURL(new RegExp(`#/checklist/${cureId}$`));
});

const jordan = { displayName: 'Jordan Lee', emailAddress: 'jordan.lee@example.org' };
const readItem: FakeItemSpec = { mode: 'read', subject: 'My ballot envelope', from: jordan, body: 'Hello,\nmy ballot envelope came back.\nJordan' };

/** The new message forms the fake Outlook opened (`displayNewMessageForm`). */
const newMessageForms = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as FakeOfficeGlobals).__fakeOffice.newMessageForms().length);

for (const outlook of [
  { mailboxVersion: '1.13', message: NEW_WINDOW, forms: 1 },
  { mailboxVersion: '1.5', message: START_NEW_EMAIL, forms: 0 },
]) {
  test(`Outlook with Mailbox ${outlook.mailboxVersion}, reading an email: checklists say "${outlook.message}"`, async ({ page }) => {
    await openTaskPane(page, { item: readItem, hash: '#/login', config: { mailboxVersion: outlook.mailboxVersion } });
    await logInToHome(page, dana.email, DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Checklists' }).click();
    await expect(page.getByText(outlook.message)).toBeVisible();
    await expect(page.getByText(PROMPT)).toHaveCount(0);
    await expect.poll(() => newMessageForms(page)).toBe(outlook.forms);
    // Outlook's read pane stays on the email: the instruction stays, and nothing more opens.
    await page.waitForTimeout(1_000);
    await expect(page.getByText(outlook.message)).toBeVisible();
    expect(await newMessageForms(page)).toBe(outlook.forms);
  });
}
