import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';
import { failOnPageErrors } from './support/page-errors';
import { logInToHome, pane, submitLoginIn } from './support/sign-in';

/**
 * How the task pane and the admin app answer the pointer, and how their pages are found:
 * - a press does nothing until it is let go on the same control, so sliding off cancels it
 *   (WCAG 2.5.2 Pointer Cancellation);
 * - the admin app's header and nav are the same, in the same order, on every page (3.2.3
 *   Consistent Navigation);
 * - a block's page is reached in more than one way (2.4.5 Multiple Ways).
 * The demo users only read: nothing is inserted, saved or sent.
 */

failOnPageErrors();
test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 1280, height: 900 } });

const dana = DEMO_USERS.find((user) => user.email.startsWith('dana@'))!;
const morgan = DEMO_USERS.find((user) => user.email.startsWith('morgan@'))!;

/** Two frames and a moment: long enough for a press or a release to have done what it does. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForTimeout(250);
}

/**
 * Presses the mouse on `target`, slides off it onto `away` and lets go there, as someone who
 * pressed the wrong control; `unchanged` must hold once pressed and again once let go.
 */
async function pressAndSlideOff(page: Page, target: Locator, away: Locator, unchanged: () => Promise<void>): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await settle(page);
  await unchanged();
  const off = (await away.boundingBox())!;
  await page.mouse.move(off.x + off.width / 2, off.y + off.height / 2, { steps: 5 });
  await page.mouse.up();
  await settle(page);
  await unchanged();
}

test.describe('pointer cancellation (2.5.2)', () => {
  test('the task pane: a block, its text, and a link do nothing when the press slides off them; a click does', async ({ page }) => {
    await page.goto('/#/login');
    await logInToHome(pane(page), dana.email, DEMO_PASSWORD);
    const recommended = pane(page).getByRole('list', { name: 'Recommended' });
    await expect(recommended.getByRole('listitem').first()).toBeVisible();
    const heading = pane(page).getByRole('heading', { name: 'Blocks', level: 1 });
    const status = pane(page).getByRole('main', { name: 'Blocks' }).getByRole('status');
    const home = page.url();

    const showText = recommended.getByRole('button', { name: 'Show the text of Track My Ballot' });
    const preview = recommended.getByTestId('block-preview');
    await pressAndSlideOff(page, showText, heading, async () => {
      await expect(preview).toHaveCount(0);
      await expect(showText).toHaveAttribute('aria-expanded', 'false');
    });
    await showText.click();
    await expect(preview).toContainText('Ballot Tracker');
    await showText.click();
    await expect(preview).toHaveCount(0);

    // A block's button inserts it: slid off, nothing is inserted or said.
    await pressAndSlideOff(page, recommended.getByRole('button', { name: 'Track My Ballot', exact: true }), heading, async () => {
      await expect(status).toHaveText('');
      expect(page.url()).toBe(home);
    });

    const settings = pane(page).getByRole('link', { name: 'User settings' });
    await pressAndSlideOff(page, settings, heading, async () => {
      expect(page.url()).toBe(home);
      await expect(heading).toBeVisible();
    });
    await settings.click();
    await expect(pane(page).getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  });

  test('the admin app: a nav link and a button that opens a dialog do nothing when the press slides off them; a click does', async ({ page }) => {
    await page.goto('/admin/');
    await submitLoginIn(page, morgan.email, DEMO_PASSWORD);
    const blocks = page.getByRole('heading', { name: 'Blocks', level: 1 });
    await expect(blocks).toBeVisible();
    const start = page.url();

    const people = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'People', exact: true });
    await pressAndSlideOff(page, people, blocks, async () => {
      expect(page.url()).toBe(start);
      await expect(blocks).toBeVisible();
    });
    await people.click();
    const heading = page.getByRole('heading', { name: 'People', level: 1 });
    await expect(heading).toBeVisible();

    const invite = page.getByRole('main').getByRole('button', { name: 'Invite', exact: true });
    await pressAndSlideOff(page, invite, heading, async () => {
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
    await invite.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

/**
 * The header of the admin page shown now, as a screen reader is given it, with the mark of the
 * current page and any count in a name taken out: what must not change from page to page.
 */
async function headerNow(page: Page): Promise<string> {
  const snapshot = await page.getByRole('banner').ariaSnapshot();
  return snapshot.replace(/ \[current(?:="page")?\]/g, '').replace(/\d+/g, 'N');
}

/** A header without the team it runs: the team's name, or the Team field that picks it. */
const withoutTeam = (header: string) =>
  header
    .split('\n')
    .filter((line) => !/^\s*- (?:text: |combobox "Team")/.test(line))
    .join('\n');

test.describe('consistent navigation (3.2.3) and multiple ways (2.4.5)', () => {
  test('the admin header and nav are the same, in the same order, on every page the nav opens', async ({ page }) => {
    await page.goto('/admin/');
    await submitLoginIn(page, morgan.email, DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Blocks', level: 1 })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Admin' });
    const labels = await nav.getByRole('link').allTextContents();
    // The demo admin runs the account and its teams: every page is in the nav.
    expect(labels).toEqual(['Blocks', 'Checklists', 'Languages', 'Changes', 'Coming up', 'Suggestions', 'Needs review', 'Clean up', 'Usage', 'Activity', 'People', 'Teams', 'Settings', 'Synonyms', 'Mailboxes', 'Audit log']);
    const first = await headerNow(page);
    expect(first).toContain('- navigation "Admin"');
    expect(first).toContain('- button "Log out"');

    for (const label of labels) {
      await test.step(label, async () => {
        const link = nav.getByRole('link', { name: label, exact: true });
        await link.click();
        await expect(link).toHaveAttribute('aria-current', 'page');
        await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
        // Team pages name the team being run; account pages have no team to pick. The rest is the same.
        expect(withoutTeam(await headerNow(page)), label).toBe(withoutTeam(first));
      });
    }
  });

  test("a block's page is reached from the blocks list, from its search, and from the usage report", async ({ page }) => {
    await page.goto('/admin/');
    await submitLoginIn(page, morgan.email, DEMO_PASSWORD);
    const table = page.getByRole('table', { name: 'Blocks' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();

    // The usage report lists the blocks used most, each a link to its page.
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Usage', exact: true }).click();
    const used = page.getByRole('main').locator('a[href^="#/blocks/"]').first();
    await expect(used).toBeVisible();
    const [name, href] = [(await used.textContent())!.trim(), (await used.getAttribute('href'))!];
    await used.click();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
    const fromUsage = page.url();
    expect(fromUsage).toContain(href);

    // The same page from the blocks list, searched by its name.
    await nav.getByRole('link', { name: 'Blocks', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(name);
    const found = table.getByRole('link', { name, exact: true });
    await expect(found).toHaveAttribute('href', href);
    await found.click();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
    expect(page.url()).toBe(fromUsage);
  });
});
