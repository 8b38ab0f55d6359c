import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO_CHECKLISTS } from '../../server/seed/demo-data';
import { focusedName, tabTo } from './support/keyboard';
import { failOnPageErrors } from './support/page-errors';
import { pane, signInToHome } from './support/sign-in';
import { e2eUserFor } from './support/users';

/**
 * The playground's task pane beyond the first search, with the keyboard alone (WCAG 2.1.1, 2.1.2,
 * 2.4.3, 2.4.7, 2.4.11, 4.1.3): Home's controls, a checklist and its Complete dialog, a suggestion
 * and the authenticator set up in Settings. Every stop of each walk is seen (`tabTo`); what a
 * screen reader is given on each screen is kept as an ARIA snapshot.
 */

failOnPageErrors();
// A walk presses Tab dozens of times and looks at every stop: minutes on two busy cores, not seconds.
test.describe.configure({ timeout: 180_000 });

const body = (page: Page) => page.getByRole('textbox', { name: 'Message body' });

/** Puts the focus back at the start of the page, as a user who presses Tab from the top. */
async function fromTheTop(page: Page) {
  await page.locator('body').focus();
}

test('Home: the classification question, the team selector, a category, a preview closed with Escape and a star', async ({ page }, testInfo) => {
  const user = e2eUserFor('keyboard-home', testInfo);
  await signInToHome(page, user.email, user.password);
  const app = pane(page);
  const classification = app.getByRole('region', { name: 'Email classification' });
  await expect(classification.getByRole('button', { name: 'Yes' })).toBeVisible();
  await expect(app.getByRole('list', { name: 'Recommended' })).toBeVisible();
  await expect(app).toMatchAriaSnapshot({ name: 'home.aria.yml' });

  // The answer is said where the question was, and the focus stays there for the next Tab.
  await fromTheTop(page);
  await tabTo(page, classification.getByRole('button', { name: 'Yes' }));
  await page.keyboard.press('Enter');
  await expect(classification).toHaveText('Thank you for your feedback.');
  await expect(classification).toHaveAttribute('aria-live', 'polite');
  expect(await focusedName(page)).toContain('Thank you for your feedback.');

  // A native select: the arrow keys change the team without opening a list.
  const team = app.getByRole('combobox', { name: 'Team' });
  await tabTo(page, team);
  await expect(team.locator('option:checked')).toHaveText('Elections');
  const mailBallots = app.getByRole('button', { name: /^Mail Ballots \(\d+\)$/ });
  const address = page.url();
  await page.keyboard.press('ArrowDown');
  await expect(team.locator('option:checked')).toHaveText('Front Counter');
  await expect(mailBallots).toHaveCount(0);
  // A new team changes the list, not the screen: the same address, the focus still on the selector (WCAG 3.2.2).
  expect(page.url()).toBe(address);
  await expect(team).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(team.locator('option:checked')).toHaveText('Elections');

  // A category opens with Enter; its first block previews on focus, and Escape closes the preview.
  await tabTo(page, mailBallots);
  await page.keyboard.press('Enter');
  await expect(mailBallots).toHaveAttribute('aria-expanded', 'true');
  const inCategory = app.getByRole('list', { name: 'Mail Ballots' });
  const first = inCategory.getByRole('button').first();
  await tabTo(page, first);
  const preview = page.getByRole('tooltip');
  await expect(preview).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  await expect(first).toBeFocused();

  // The chevron shows the text inline, and the star is a toggle button that says it is pressed.
  const firstName = (await first.textContent()) ?? '';
  const chevron = inCategory.getByRole('button', { name: `Show the text of ${firstName}` });
  await tabTo(page, chevron);
  await page.keyboard.press('Enter');
  await expect(chevron).toHaveAttribute('aria-expanded', 'true');
  await expect(app).toMatchAriaSnapshot({ name: 'home-category-open.aria.yml' });
  await page.keyboard.press('Enter');
  await expect(chevron).toHaveAttribute('aria-expanded', 'false');
  const star = inCategory.getByRole('button', { name: `Favourite ${firstName}`, exact: true });
  await tabTo(page, star);
  const pressed = await star.getAttribute('aria-pressed');
  await page.keyboard.press('Space');
  await expect(star).toHaveAttribute('aria-pressed', pressed === 'true' ? 'false' : 'true');

});

test('Recommended: Show more reveals the hidden blocks, keeps the focus as Show less, and a revealed block is used', async ({ page }, testInfo) => {
  const user = e2eUserFor('keyboard-more', testInfo);
  await signInToHome(page, user.email, user.password);
  const app = pane(page);
  // An email that asks several things has more than three recommendations.
  await page.getByRole('tab', { name: 'Compose' }).click();
  await body(page).fill(
    'Hello, my mail ballot has not arrived. Can I request a replacement ballot, or vote in person at a vote center instead? Where is the nearest ballot drop box, and how do I track my ballot?',
  );
  const recommended = app.getByRole('list', { name: 'Recommended' });
  await expect(recommended.getByRole('listitem')).toHaveCount(3);
  await fromTheTop(page);
  const more = app.getByRole('button', { name: 'Show more', exact: true });
  await tabTo(page, more);
  await page.keyboard.press('Enter');
  expect(await recommended.getByRole('listitem').count()).toBeGreaterThan(3);
  // The button stays where it was, renamed, and keeps the focus.
  await expect(app.getByRole('button', { name: 'Show less', exact: true })).toBeFocused();
  // Back up the list with Shift+Tab to the fourth block, which was hidden before, and use it.
  const fourth = recommended.getByRole('listitem').nth(3).getByRole('button').first();
  await tabTo(page, fourth, { backwards: true });
  const fourthName = (await fourth.textContent()) ?? '';
  await page.keyboard.press('Enter');
  await expect(app.getByRole('status')).toHaveText(`Inserted ${fourthName}.`);
});

const replacement = DEMO_CHECKLISTS.find((checklist) => checklist.name === 'Replacement Ballot Request')!;

test('a checklist: opened, a task ticked, a block inserted, Complete asks in a dialog that Escape closes, then completes', async ({ page }, testInfo) => {
  const user = e2eUserFor('keyboard-checklist', testInfo);
  await signInToHome(page, user.email, user.password);
  const app = pane(page);
  await page.getByRole('tab', { name: 'Compose' }).click();
  await fromTheTop(page);
  await tabTo(page, app.getByRole('button', { name: 'Checklists' }));
  await page.keyboard.press('Enter');
  await expect(app.getByText('Please select a checklist:')).toBeVisible();
  const category = app.getByRole('button', { name: /^Mail Ballots \(\d+\)$/ });
  await tabTo(page, category);
  await page.keyboard.press('Enter');
  await expect(app).toMatchAriaSnapshot({ name: 'checklist-home.aria.yml' });
  await tabTo(page, app.getByRole('list', { name: 'Mail Ballots' }).getByRole('link', { name: replacement.name }));
  await page.keyboard.press('Enter');
  await expect(app.getByRole('heading', { level: 1, name: replacement.name })).toBeVisible();
  await expect(app).toMatchAriaSnapshot({ name: 'checklist.aria.yml' });

  const firstTask = app.getByRole('checkbox', { name: replacement.tasks[0]!.name });
  await fromTheTop(page);
  await tabTo(page, firstTask);
  const checklistAddress = page.url();
  await page.keyboard.press('Space');
  await expect(firstTask).toBeChecked();
  expect(page.url()).toBe(checklistAddress);
  await expect(firstTask).toBeFocused();

  const track = app.getByRole('list', { name: 'Recommended blocks' }).getByRole('button', { name: 'Track My Ballot', exact: true });
  await tabTo(page, track);
  await page.keyboard.press('Enter');
  await expect(body(page)).toContainText('Ballot Tracker');
  await expect(app.getByRole('status')).toHaveText('Inserted Track My Ballot.');

  // The dialog takes the focus and keeps it; Escape closes it and gives it back to Complete.
  const complete = app.getByRole('button', { name: 'Complete' });
  await fromTheTop(page);
  await tabTo(page, complete);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: /^Complete with \d+ of \d+ tasks not ticked\?$/ });
  await expect(dialog).toBeVisible();
  await expect(dialog).toMatchAriaSnapshot({ name: 'checklist-complete-dialog.aria.yml' });
  const inDialog = await tabTo(page, dialog.getByRole('button', { name: 'Complete anyway' }));
  for (let press = 0; press < 4; press += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.locator('*:focus').count(), 'the focus stays in the dialog').toBe(1);
  }
  expect(inDialog.every((stop) => /Cancel|Complete anyway/.test(stop))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(complete).toBeFocused();

  await page.keyboard.press('Enter');
  await tabTo(page, dialog.getByRole('button', { name: 'Complete anyway' }));
  await page.keyboard.press('Enter');
  await expect(app.getByRole('heading', { level: 1, name: 'Complete!' })).toBeVisible();
  await expect(app).toMatchAriaSnapshot({ name: 'checklist-complete.aria.yml' });
});

test('Suggest New Block: the missing name is said at its field, then the suggestion is sent and its success read', async ({ page }, testInfo) => {
  const user = e2eUserFor('keyboard-suggest', testInfo);
  await signInToHome(page, user.email, user.password);
  const app = pane(page);
  await fromTheTop(page);
  await tabTo(page, app.getByRole('button', { name: 'Suggest New Block' }));
  await page.keyboard.press('Enter');
  await expect(app.getByRole('heading', { name: 'Suggest New Block' })).toBeVisible();
  await expect(app).toMatchAriaSnapshot({ name: 'suggest.aria.yml' });

  const name = app.getByRole('textbox', { name: 'Name', exact: true });
  const content = app.getByRole('textbox', { name: 'Block Content' });
  await tabTo(page, name);
  // Leaving the name empty: the field says so, and is marked invalid with the message as its description.
  await tabTo(page, content);
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription(/Name is required\./);
  await tabTo(page, name, { backwards: true });
  await page.keyboard.type('Ballot drop box hours');
  await tabTo(page, content);
  await page.keyboard.type('Drop boxes are open around the clock until 8 p.m. on Election Day.');
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  await tabTo(page, app.getByRole('button', { name: 'Submit Suggestion' }));
  await page.keyboard.press('Enter');
  await expect(app.getByText('Successfully suggested a new block!', { exact: true })).toBeVisible();
  await expect(app).toMatchAriaSnapshot({ name: 'suggest-success.aria.yml' });
  await tabTo(page, app.getByRole('button', { name: 'Suggest another block' }));
  await page.keyboard.press('Enter');
  await expect(name).toHaveValue('');
});

/** The authenticator's code `step` periods from now: each use takes a later step, as the pool wants, and either is within its window of one step. */
function codeFor(key: string, step: number): string {
  const totp = new TOTP({ secret: Secret.fromBase32(key), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + step * 30_000 });
}

test('Settings and sign-in with a code: the authenticator turned on, then a sign-in that asks for its code', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const user = e2eUserFor('keyboard-mfa', testInfo);
  await signInToHome(page, user.email, user.password);
  const app = pane(page);
  await fromTheTop(page);
  await tabTo(page, app.getByRole('link', { name: 'Settings' }));
  await page.keyboard.press('Enter');
  await expect(app.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(app).toMatchAriaSnapshot({ name: 'settings.aria.yml' });

  await tabTo(page, app.getByRole('button', { name: 'Turn on authenticator app' }));
  await page.keyboard.press('Enter');
  await expect(app.getByRole('heading', { name: 'Set up your authenticator app' })).toBeVisible();
  const key = ((await app.getByLabel('Setup key').textContent()) ?? '').replace(/\s/g, '');
  const code = app.getByRole('textbox', { name: 'Code' });
  await fromTheTop(page);
  await tabTo(page, code);
  // A wrong code is said as an alert; the field keeps the focus for another try.
  await page.keyboard.type('000000');
  await page.keyboard.press('Enter');
  await expect(app.getByRole('alert')).toContainText('That code did not work.');
  await expect(code).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await expect(code).toHaveValue('');
  await page.keyboard.type(codeFor(key, 0));
  await tabTo(page, app.getByRole('button', { name: 'Turn on' }));
  await page.keyboard.press('Enter');
  await expect(app.getByText('Authenticator app: on. Signing in asks for a code from the app after your password.')).toBeVisible();

  await fromTheTop(page);
  await tabTo(page, app.getByRole('button', { name: 'Log out' }));
  await page.keyboard.press('Enter');
  await expect(app.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await fromTheTop(page);
  await tabTo(page, app.getByRole('textbox', { name: 'Email', exact: true }));
  await page.keyboard.type(user.email);
  await tabTo(page, app.getByLabel('Password', { exact: true }));
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await expect(app.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  await expect(app).toMatchAriaSnapshot({ name: 'sign-in-code.aria.yml' });
  await fromTheTop(page);
  await tabTo(page, app.getByRole('textbox', { name: 'Code' }));
  await page.keyboard.type(codeFor(key, 1));
  await page.keyboard.press('Enter');
  await expect(app.getByRole('heading', { name: 'Blocks' }).or(app.getByRole('link', { name: 'Continue to Home' }))).toBeVisible();
});
