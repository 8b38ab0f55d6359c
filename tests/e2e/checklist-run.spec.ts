import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNT, DEMO_CHECKLISTS } from '../../server/seed/demo-data';
import { pane, signInToHome } from './support/sign-in';
import { recordedChecklistsOf, sentRecordsOf } from './support/usage-probe';
import { e2eUserFor } from './support/users';
import { failOnPageErrors } from './support/page-errors';

/**
 * A checklist worked through in the playground against the real server (rules §2 "Checklist", §4
 * "Checklist", §7 recordedphoneflows): opened from checklist home while writing an email, tasks
 * ticked, a recommended and a searched block inserted, Complete (which asks, with tasks left
 * unticked). After each step the server holds
 * the run as it stands, and each block used is recorded as a checklist's (`phone_flow`).
 * The e2e users are in Elections, whose demo checklists include Replacement Ballot Request.
 */

if (!DEMO_ACCOUNT.hasPhoneFlowAccess) throw new Error('The demo account needs phone-flow access for checklists');
const replacement = DEMO_CHECKLISTS.find((checklist) => checklist.name === 'Replacement Ballot Request');
if (replacement?.team !== 'elections' || !replacement.blocks.includes('Track My Ballot')) {
  throw new Error('This test needs the Elections checklist "Replacement Ballot Request" recommending "Track My Ballot"');
}
const tasks = replacement.tasks.map((task) => task.name);
const tasksAs = (...completed: boolean[]) => tasks.map((name, index) => ({ name, completed: completed[index] ?? false }));

// The app must never throw.
failOnPageErrors();

/** The `_id`s by name of what the server answers for the first GET matching `path` from now. */
function idsByName(page: Page, path: RegExp): Promise<Map<string, string>> {
  return page
    .waitForResponse((response) => response.request().method() === 'GET' && path.test(response.url()))
    .then(async (response) => new Map(((await response.json()) as Array<{ _id: string; name: string }>).map((item) => [item.name, item._id])));
}

const body = (page: Page) => page.getByRole('textbox', { name: 'Message body' });

test('playground, writing an email: tasks, a recommended and a searched block, Complete; the server keeps the run after each step', async ({ page }, testInfo) => {
  const user = e2eUserFor('checklist-run', testInfo);
  const blockIds = idsByName(page, /\/api\/accounts\/[^/]+\/autoresponses\?/);
  await signInToHome(page, user.email, user.password);
  // Checklists are for an email being written: in read mode checklist home would ask for a new window.
  await page.getByRole('tab', { name: 'Compose' }).click();
  const checklistIds = idsByName(page, /\/api\/accounts\/[^/]+\/phoneflows\?/);
  await pane(page).getByRole('button', { name: 'Checklists' }).click();
  await expect(pane(page).getByText('Please select a checklist:')).toBeVisible();
  await pane(page).getByRole('button', { name: /^Mail Ballots \(\d+\)$/ }).click();
  await pane(page).getByRole('list', { name: 'Mail Ballots' }).getByRole('link', { name: replacement.name }).click();

  const checklistId = (await checklistIds).get(replacement.name);
  expect(checklistId).toMatch(/^[0-9a-f]{24}$/);
  await expect(page).toHaveURL(new RegExp(`#/checklist/${checklistId}$`));
  await expect(pane(page).getByRole('heading', { level: 1, name: replacement.name })).toBeVisible();
  await expect(pane(page).getByText('Please complete checklist before sending email.')).toBeVisible();
  await expect(pane(page).getByRole('link', { name: 'Back to checklists' })).toHaveAttribute('href', '#/checklist-home');
  const taskBoxes = pane(page).getByRole('group', { name: 'Tasks' }).getByRole('checkbox');
  await expect(taskBoxes).toHaveCount(tasks.length);
  for (const box of await taskBoxes.all()) await expect(box).not.toBeChecked();

  const ids = await blockIds;
  const idOf = (name: string) => {
    const id = ids.get(name);
    if (!id) throw new Error(`No block "${name}" for ${user.email}`);
    return id;
  };
  const recommended = pane(page).getByRole('list', { name: 'Recommended blocks' });
  await expect(pane(page).getByText('Recommended Blocks for this checklist:')).toBeVisible();
  await expect(recommended.getByRole('button', { name: /^(?!Show the text)/ })).toHaveText(replacement.blocks);

  // Opening the checklist records the run: every task open, nothing sent, not ended. One run only:
  // each array below has one element.
  const runs = () => recordedChecklistsOf(user.email);
  await expect.poll(runs, { timeout: 15_000 }).toMatchObject([
    { phoneFlowId: checklistId, name: replacement.name, tasks: tasksAs(), blocks: replacement.blocks.map(idOf), blocksSent: [], endTime: null },
  ]);

  await pane(page).getByRole('checkbox', { name: tasks[0] }).check();
  await pane(page).getByRole('checkbox', { name: tasks[2] }).check();
  await expect.poll(async () => (await runs()).map((row) => row.tasks), { timeout: 15_000 }).toEqual([tasksAs(true, false, true)]);

  await body(page).click();
  await recommended.getByRole('button', { name: 'Track My Ballot', exact: true }).click();
  await expect(body(page)).toContainText('Ballot Tracker');
  await expect.poll(async () => (await runs()).map((row) => row.blocksSent), { timeout: 15_000 }).toEqual([[idOf('Track My Ballot')]]);

  await pane(page).getByRole('searchbox', { name: 'Search for additional Blocks:' }).fill('vote center hours');
  const results = pane(page).getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('button').first()).toHaveText('Vote Center Hours');
  await results.getByRole('button', { name: 'Vote Center Hours', exact: true }).click();
  await expect(body(page)).toContainText(/[Vv]ote center/);
  await expect.poll(async () => (await runs()).map((row) => row.blocksSent), { timeout: 15_000 }).toEqual([[idOf('Track My Ballot'), idOf('Vote Center Hours')]]);

  // Complete with tasks left unticked asks first, naming them.
  await pane(page).getByRole('checkbox', { name: tasks[0] }).uncheck();
  await pane(page).getByRole('button', { name: 'Complete' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Complete with ${tasks.length - 1} of ${tasks.length} tasks not ticked?` });
  await expect(confirm.getByRole('list', { name: 'Tasks not ticked' }).getByRole('listitem')).toHaveText(tasks.filter((_name, index) => index !== 2));
  await confirm.getByRole('button', { name: 'Complete anyway' }).click();
  await expect(pane(page).getByRole('heading', { level: 1, name: 'Complete!' })).toBeVisible();
  await expect(page).toHaveURL(/#\/checklist-complete$/);
  await expect.poll(async () => (await runs()).map((row) => row.endTime !== null), { timeout: 15_000 }).toEqual([true]);
  const [ended] = await runs();
  expect(ended).toMatchObject({ tasks: tasksAs(false, false, true), blocksSent: [idOf('Track My Ballot'), idOf('Vote Center Hours')] });
  expect(Date.parse(ended!.endTime!)).toBeGreaterThanOrEqual(Date.parse(ended!.startTime));

  // Each block used is one sent-auto-response record, as a checklist's.
  await expect
    .poll(async () => (await sentRecordsOf(user.email)).map(({ autoResponseId, uiSource, n }) => ({ autoResponseId, uiSource, n })).sort((a, b) => a.autoResponseId.localeCompare(b.autoResponseId)), {
      timeout: 15_000,
    })
    .toEqual(
      [idOf('Track My Ballot'), idOf('Vote Center Hours')]
        .map((autoResponseId) => ({ autoResponseId, uiSource: 'phone_flow', n: 1 }))
        .sort((a, b) => a.autoResponseId.localeCompare(b.autoResponseId)),
    );
});
