import { expect, test, type Page } from '@playwright/test';
import type { FakeItemSpec } from '../fixtures/office/fake-office-control';
import { INSERT_MESSAGES } from '../../src/insert/use-insert-block';
import { mailboxHint } from '../../src/ui/team-selector';
import { GMAIL_THREAD_URL, launchWithExtension, routeGmail, type LoadedExtension } from './support/extension';
import { ELECTIONS_GMAIL_ACCOUNT, ELECTIONS_SHARED_MAILBOX } from './support/mailbox-teams';
import { fakeOutlook, openTaskPane } from './support/outlook';
import { failOnPageErrors } from './support/page-errors';
import { documentScreenshot } from './support/screenshots';
import { logInToHome } from './support/sign-in';
import { sentMailboxesOf, sessionMailboxesOf } from './support/usage-probe';
import { e2eUserFor, type E2eRole, type E2eUser } from './support/users';

/**
 * Shared mailboxes pick the team (tests/e2e/support/mailbox-teams.ts maps the Elections mailbox
 * and the fake Gmail's Elections account to Elections). A clerk of Front Counter and Elections
 * whose own choice is Front Counter opens an email of the Elections shared mailbox in the fake
 * Outlook: Elections' blocks are shown, the block she uses is recorded with the mailbox, and her
 * own inbox brings Front Counter back. The same in Gmail as the delegate of the Elections account
 * and from its alias. Read-only delegate access says so instead of failing.
 */

const jordan = { displayName: 'Jordan Lee', emailAddress: 'jordan.lee@example.org' };
const ownEmail: FakeItemSpec = { mode: 'read', itemId: 'own-1', subject: 'Parking?', from: jordan, body: 'Good morning, is there parking near the office?' };
const sharedEmail = (permissions: Array<'Read' | 'Write'>): FakeItemSpec => ({
  mode: 'read',
  itemId: 'shared-1',
  subject: 'Hello',
  from: jordan,
  body: 'Good morning.',
  shared: { kind: 'mailbox', owner: ELECTIONS_SHARED_MAILBOX, permissions },
});

const teamSelector = (page: Page) => page.getByRole('combobox', { name: 'Team' });
const category = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name} \\(\\d+\\)$`) });

/** Chooses her own team for her own inbox, as she would with the selector. */
async function chooseOwnTeam(page: Page) {
  await teamSelector(page).selectOption({ label: 'Front Counter' });
  await expect(category(page, 'Visiting the Office')).toBeVisible();
}

/** Expands Elections' Mail Ballots and uses Track My Ballot from the list. */
async function useTrackMyBallot(page: Page) {
  const mailBallots = category(page, 'Mail Ballots');
  if ((await mailBallots.getAttribute('aria-expanded')) === 'false') await mailBallots.click();
  await page.getByRole('list', { name: 'Mail Ballots' }).getByRole('button', { name: 'Track My Ballot', exact: true }).click();
}

async function expectElectionsShown(page: Page, address: string) {
  await expect(teamSelector(page).locator('option:checked')).toHaveText('Elections');
  await expect(page.getByText(mailboxHint(address))).toBeVisible();
  await expect(category(page, 'Mail Ballots')).toBeVisible();
  await expect(category(page, 'Visiting the Office')).toHaveCount(0);
}

async function expectOwnTeamBack(page: Page, address: string) {
  await expect(teamSelector(page).locator('option:checked')).toHaveText('Front Counter');
  await expect(category(page, 'Visiting the Office')).toBeVisible();
  await expect(page.getByText(mailboxHint(address))).toHaveCount(0);
}

test.describe('Outlook', () => {
  failOnPageErrors();

  async function openHome(page: Page, role: E2eRole): Promise<E2eUser> {
    const user = e2eUserFor(role, test.info());
    await openTaskPane(page, { item: ownEmail, hash: '#/login' });
    await logInToHome(page, user.email, user.password);
    return user;
  }

  test('an email of the Elections shared mailbox shows Elections; the use names the mailbox; her own inbox brings her team back', async ({ page }) => {
    const user = await openHome(page, 'shared-mailbox');
    const outlook = fakeOutlook(page);
    await chooseOwnTeam(page);

    await outlook.setItem(sharedEmail(['Read', 'Write']));
    await outlook.fireItemChanged();
    await expectElectionsShown(page, ELECTIONS_SHARED_MAILBOX);
    await documentScreenshot(page, 'outlook-shared-mailbox');

    await useTrackMyBallot(page);
    await expect.poll(() => outlook.insertions()).toEqual([expect.objectContaining({ method: 'displayReplyForm', htmlBody: expect.stringContaining('Ballot Tracker') })]);
    await expect.poll(() => sentMailboxesOf(user.email), { timeout: 15_000 }).toEqual([{ autoResponseId: expect.any(String), mailbox: ELECTIONS_SHARED_MAILBOX }]);
    await expect.poll(async () => (await sessionMailboxesOf(user.email)).map((session) => session.mailbox), { timeout: 15_000 }).toContain(ELECTIONS_SHARED_MAILBOX);

    await outlook.setItem({ ...ownEmail, itemId: 'own-2' });
    await outlook.fireItemChanged();
    await expectOwnTeamBack(page, ELECTIONS_SHARED_MAILBOX);
    // Her own choice survives a reload: it was never replaced by the mailbox's team.
    await page.reload();
    await expectOwnTeamBack(page, ELECTIONS_SHARED_MAILBOX);
  });

  test('read-only access to the shared mailbox says so instead of failing, and records nothing', async ({ page }) => {
    const user = await openHome(page, 'shared-read-only');
    const outlook = fakeOutlook(page);
    await outlook.setItem(sharedEmail(['Read']));
    await outlook.fireItemChanged();
    await expectElectionsShown(page, ELECTIONS_SHARED_MAILBOX);

    await useTrackMyBallot(page);
    await expect(page.getByText(INSERT_MESSAGES.readOnly)).toBeVisible();
    await page.getByText(INSERT_MESSAGES.readOnly).scrollIntoViewIfNeeded();
    await documentScreenshot(page, 'outlook-shared-read-only');
    await expect(page.getByText(INSERT_MESSAGES.failed)).toHaveCount(0);
    expect(await outlook.insertions()).toEqual([]);
    expect(await sentMailboxesOf(user.email)).toEqual([]);
  });
});

test.describe('Gmail', () => {
  // A browser with the extension and a sign-in: more than the suite's 30 s on a busy machine.
  test.describe.configure({ timeout: 90_000 });
  let extension: LoadedExtension;
  test.beforeEach(async () => {
    extension = await launchWithExtension();
    await routeGmail(extension.context);
  });
  test.afterEach(async () => {
    await extension.close();
  });

  test('the delegated Elections account and the Elections alias show Elections; her own inbox brings her team back', async () => {
    const user = e2eUserFor('shared-gmail', test.info());
    const panel = await extension.context.newPage();
    await panel.goto(`chrome-extension://${extension.extensionId}/sidepanel.html#/login`);
    await logInToHome(panel, user.email, user.password);

    // Her own inbox first: she chooses Front Counter there.
    const gmail = await extension.context.newPage();
    await gmail.goto(GMAIL_THREAD_URL);
    await gmail.bringToFront();
    await expect(panel.getByText('Please select a block to auto-create an email reply to Dana Ortiz')).toBeVisible();
    await chooseOwnTeam(panel);

    // The Elections account, opened as its delegate.
    await gmail.goto('https://mail.google.com/mail/u/0/d/AEs6qJ1bXelections/#inbox/FMfcgzQbdrKqPlWvTgNkLpXsWxJcHtMd');
    await gmail.bringToFront();
    await expectElectionsShown(panel, ELECTIONS_GMAIL_ACCOUNT);

    // Her own inbox again, then a new message from the Elections alias.
    await gmail.goto(GMAIL_THREAD_URL);
    await gmail.bringToFront();
    await expectOwnTeamBack(panel, ELECTIONS_GMAIL_ACCOUNT);
    await gmail.getByRole('button', { name: 'Compose' }).click();
    const dialog = gmail.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Cannery' })).toBeVisible();
    await dialog.getByRole('combobox', { name: 'From' }).selectOption(ELECTIONS_GMAIL_ACCOUNT);
    const body = dialog.getByRole('textbox', { name: 'Message Body' });
    await body.click();
    await gmail.keyboard.press('Control+End');
    await expectElectionsShown(panel, ELECTIONS_GMAIL_ACCOUNT);

    await useTrackMyBallot(panel);
    await expect(body).toContainText('Ballot Tracker');
    await expect.poll(() => sentMailboxesOf(user.email), { timeout: 15_000 }).toEqual([{ autoResponseId: expect.any(String), mailbox: ELECTIONS_GMAIL_ACCOUNT }]);

    // Back to her own address in the From row: her own team returns.
    await dialog.getByRole('combobox', { name: 'From' }).selectOption('support@cannery.example');
    await expectOwnTeamBack(panel, ELECTIONS_GMAIL_ACCOUNT);
  });
});
