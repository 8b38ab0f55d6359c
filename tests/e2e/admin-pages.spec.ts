import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';
import { pageWcagViolations } from './support/axe';
import { documentScreenshot } from './support/screenshots';
import { submitLoginIn } from './support/sign-in';

/**
 * The admin app as a new team admin meets it, against the real server: every page passes axe
 * whole (header and focus sentinels included), the block editor's "Used in" boxes each answer to
 * their own words and start a new block in every place, and a 320 px wide window reaches every
 * control of the header.
 */

const morgan = DEMO_USERS.find((user) => user.email.startsWith('morgan@'))!;

async function signInToAdmin(page: Page) {
  await page.goto('/admin/');
  await submitLoginIn(page, morgan.email, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Blocks', level: 1 })).toBeVisible();
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Admin' });

test.describe('at a desktop width', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('every admin page passes axe whole: lists, block and checklist editors, languages, suggestions, usage, activity', async ({ page }) => {
    test.setTimeout(90_000);
    await signInToAdmin(page);
    await expect(page.getByRole('table', { name: 'Blocks' }).getByRole('row').nth(1)).toBeVisible();
    const pages: Array<[string, () => Promise<void>]> = [
      ['Blocks', async () => {}],
      ['New block', async () => {
        await page.getByRole('button', { name: 'New block' }).click();
        await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
      }],
      ['Edit block', async () => {
        await nav(page).getByRole('link', { name: 'Blocks' }).click();
        await page.getByRole('table', { name: 'Blocks' }).getByRole('link').first().click();
        await expect(page.getByRole('list', { name: 'Versions' })).toBeVisible();
      }],
      ['Checklists', async () => {
        await nav(page).getByRole('link', { name: 'Checklists' }).click();
      }],
      ['New checklist', async () => {
        await page.getByRole('button', { name: 'New checklist' }).click();
      }],
      ['Languages', async () => {
        await nav(page).getByRole('link', { name: 'Languages' }).click();
        await expect(page.getByRole('table', { name: 'Blocks by language' }).getByRole('row').nth(1)).toBeVisible();
      }],
      ['Suggestions', async () => {
        await nav(page).getByRole('link', { name: 'Suggestions' }).click();
        await expect(page.getByRole('tab', { name: 'Open' })).toHaveAttribute('aria-selected', 'true');
      }],
      ['Usage', async () => {
        await nav(page).getByRole('link', { name: 'Usage' }).click();
        await expect(page.getByRole('heading', { name: 'Most used blocks' })).toBeVisible();
      }],
      ['Activity', async () => {
        await nav(page).getByRole('link', { name: 'Activity' }).click();
        await expect(page.getByRole('table', { name: 'Activity' }).or(page.getByText("Nothing has been changed in this team's library yet."))).toBeVisible();
        // The page says what it covers, and speaks the editor's words, not the API's.
        await expect(page.getByText('Invitations and changes to people, teams and the account\'s settings are in the account\'s audit log.', { exact: false })).toBeVisible();
        await expect(page.locator('main')).not.toContainText(/subjectLine|supportedContexts|Of\s*$/);
      }],
    ];
    for (const [heading, open] of pages) {
      await open();
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      expect(await pageWcagViolations(page), heading).toEqual([]);
    }
  });

  test('the suggestion tabs and the formatting toolbar are one Tab stop each, moved through with the arrow keys', async ({ page }) => {
    await signInToAdmin(page);
    await nav(page).getByRole('link', { name: 'Suggestions' }).click();
    await page.getByRole('tab', { name: 'Open' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Approved' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tab', { name: 'Approved' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Approved' })).toBeVisible();

    await nav(page).getByRole('link', { name: 'Blocks' }).click();
    await page.getByRole('button', { name: 'New block' }).click();
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    await toolbar.getByRole('button', { name: 'Bold' }).focus();
    await page.keyboard.press('End');
    await expect(toolbar.getByRole('button', { name: 'Insert variable' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(toolbar.getByRole('button', { name: 'Bold' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(toolbar.getByRole('button')).toHaveCount(6);
    await expect(toolbar.locator('button[tabindex="0"]')).toHaveCount(1);
  });

  test("a new block's places: each box answers to its own words, and the block is used in Outlook, Gmail and text fields unless one is unticked", async ({ page }, testInfo) => {
    const name = `Everywhere Hours ${testInfo.retry}-${Date.now()}`;
    await signInToAdmin(page);
    await page.getByRole('button', { name: 'New block' }).click();
    const places = page.getByRole('group', { name: 'Used in' });
    await expect(places).toHaveAccessibleDescription('New blocks are used in Outlook, Gmail and text fields unless you untick one.');
    const box = (label: string) => places.getByRole('checkbox', { name: label });
    for (const label of ['Outlook', 'Gmail', 'Text fields']) await expect(box(label)).toBeChecked();

    // The words toggle their own box, not Outlook's.
    await places.getByText('Text fields', { exact: true }).click();
    await expect(box('Text fields')).not.toBeChecked();
    await expect(box('Outlook')).toBeChecked();
    await places.getByText('Gmail', { exact: true }).click();
    await expect(box('Gmail')).not.toBeChecked();
    await expect(box('Outlook')).toBeChecked();
    await places.getByText('Gmail', { exact: true }).click();
    await places.getByText('Text fields', { exact: true }).click();
    for (const label of ['Outlook', 'Gmail', 'Text fields']) await expect(box(label)).toBeChecked();

    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('textbox', { name: 'Block Content' }).click();
    await page.keyboard.type('The office is open 8 to 5.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status')).toContainText('Saved.');

    // In the library, it is listed among the text fields' blocks.
    await nav(page).getByRole('link', { name: 'Blocks' }).click();
    await page.getByRole('searchbox').fill(name);
    const row = page.getByRole('table', { name: 'Blocks' }).getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Outlook, Gmail, Text fields');
    await row.getByRole('link', { name }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('heading', { name: 'Blocks', level: 1 })).toBeVisible();
  });
});

test.describe('in a 320 px wide window', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('every page link, the team picker and Log out are on screen, and the pages open from them', async ({ page }) => {
    await signInToAdmin(page);
    const controls = [
      ...['Blocks', 'Checklists', 'Suggestions', 'Usage', 'Activity'].map((label) => nav(page).getByRole('link', { name: label })),
      page.getByRole('combobox', { name: 'Team' }),
      page.getByRole('button', { name: 'Log out' }),
    ];
    for (const control of controls) {
      await expect(control).toBeVisible();
      const box = (await control.boundingBox())!;
      const label = (await control.textContent()) ?? '';
      expect(box.x, label).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, label).toBeLessThanOrEqual(320);
      expect(box.y + box.height).toBeLessThanOrEqual(640);
    }
    expect(await page.evaluate(() => document.querySelector('header')!.scrollWidth)).toBeLessThanOrEqual(320);
    await page.screenshot({ path: test.info().outputPath('admin-320.png') });
    await documentScreenshot(page, 'admin-narrow');

    await nav(page).getByRole('link', { name: 'Activity' }).click();
    await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
    await page.getByRole('combobox', { name: 'Team' }).click();
    await page.getByRole('option', { name: 'Recorder' }).click();
    await expect(page.getByRole('combobox', { name: 'Team' })).toHaveText('Recorder');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  });
});
