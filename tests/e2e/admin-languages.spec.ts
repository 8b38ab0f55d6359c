import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';
import { SPANISH_VARIANTS } from '../../server/seed/demo-variants-es';
import { pageWcagViolations } from './support/axe';
import { submitLoginIn } from './support/sign-in';

/**
 * Blocks in the demo account's languages (English and Spanish) in the admin app, as morgan (admin
 * of Elections and Recorder) works with them: a Spanish version marked "Needs update" once the
 * English text changes and cleared by "Mark as up to date", the Languages page's counts and its
 * filter, and a Spanish version added to a block that had none.
 *
 * The tests run in order: each reads the Spanish count the one before left. The edited demo block
 * is one no other file reads, so the suite's other tests see the demo library as seeded.
 */
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 900 } });

const morgan = DEMO_USERS.find((user) => user.email.startsWith('morgan@'))!;
/** An Elections block with a Spanish version that no other test reads. */
const EDITED = 'Mail Ballot Postmark Rules';
const EDITED_SPANISH = SPANISH_VARIANTS[EDITED]!.name;
/** An Elections block without a Spanish version. */
const WITHOUT_SPANISH = 'Vote Center Hours';

async function signInToAdmin(page: Page) {
  await page.goto('/admin/');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await submitLoginIn(page, morgan.email, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Blocks', level: 1 })).toBeVisible();
}

const spanishPanel = (page: Page) => page.getByRole('region', { name: 'Spanish', exact: true });
const coverageTable = (page: Page) => page.getByRole('table', { name: 'Blocks by language' });
const coverageRow = (page: Page, name: string) => coverageTable(page).getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

/** The Spanish count of the Languages page: "Spanish: 20 of 61 blocks[, 2 need an update]". */
async function spanishCount(page: Page): Promise<{ written: number; blocks: number; text: string }> {
  const item = page.getByRole('list', { name: 'Blocks in each language' }).getByRole('listitem');
  await expect(item).toHaveText(/^Spanish: \d+ of \d+ blocks/);
  const text = (await item.textContent()) ?? '';
  const [, written, blocks] = /^Spanish: (\d+) of (\d+) blocks/.exec(text)!;
  return { written: Number(written), blocks: Number(blocks), text };
}

async function openLanguages(page: Page) {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Languages' }).click();
  await expect(page.getByRole('heading', { name: 'Languages', level: 1 })).toBeVisible();
  await expect(coverageTable(page).getByRole('row').nth(1)).toBeVisible();
}

async function openBlock(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Blocks' }).click();
  await page.getByRole('table', { name: 'Blocks' }).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Edit block' })).toBeVisible();
}

async function typeAtEnd(editor: Locator, text: string) {
  await editor.click();
  await editor.press('ControlOrMeta+End');
  await editor.pressSequentially(text);
}

test('a Spanish version needs an update once the English text changes, until it is marked up to date', async ({ page }) => {
  test.setTimeout(90_000);
  await signInToAdmin(page);
  // The list marks the block's languages.
  const row = page.getByRole('table', { name: 'Blocks' }).getByRole('row').filter({ has: page.getByRole('link', { name: EDITED, exact: true }) });
  await expect(row.getByText('EN · ES')).toBeVisible();

  await openBlock(page, EDITED);
  const panel = spanishPanel(page);
  await expect(panel.getByRole('textbox', { name: 'Spanish Name' })).toHaveValue(EDITED_SPANISH);
  await expect(panel.getByText('Needs update', { exact: true })).toHaveCount(0);
  // The English text it was written from is beside it.
  await expect(panel.getByRole('region', { name: 'English text beside the Spanish version' })).toContainText(EDITED);

  const sentence = ` Questions about a postmark? Reply to this email (${Date.now()}).`;
  await typeAtEnd(page.getByRole('textbox', { name: 'Block Content', exact: true }), sentence);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Saved.');

  // Opened again, the Spanish version says it follows an older English text.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Block Content', exact: true })).toContainText(sentence.trim());
  await expect(panel.getByText('Needs update', { exact: true })).toBeVisible();
  await expect(panel.getByText('The English text changed after this version was saved. Check it, then save it or mark it up to date.')).toBeVisible();
  await page.screenshot({ path: '/tmp/admin-lang-editor.png', fullPage: true });
  expect(await pageWcagViolations(page)).toEqual([]);

  // The Languages page counts it.
  await openLanguages(page);
  await expect(coverageRow(page, EDITED).getByRole('cell').nth(1)).toHaveText('Needs update');
  expect((await spanishCount(page)).text).toMatch(/, 1 needs an update$/);

  await openBlock(page, EDITED);
  await panel.getByRole('button', { name: 'Mark as up to date' }).click();
  await expect(panel.getByText('Needs update', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Saved.');
  await page.reload();
  await expect(panel.getByRole('textbox', { name: 'Spanish Name' })).toHaveValue(EDITED_SPANISH);
  await expect(panel.getByText('Needs update', { exact: true })).toHaveCount(0);

  // Side by side in a wide window, the English text above its version in a narrow one.
  const english = panel.getByRole('region', { name: 'English text beside the Spanish version' });
  const spanishName = panel.getByRole('textbox', { name: 'Spanish Name' });
  const [wideEnglish, wideName] = [await english.boundingBox(), await spanishName.boundingBox()];
  expect(wideName!.x).toBeGreaterThan(wideEnglish!.x + wideEnglish!.width);
  await page.setViewportSize({ width: 700, height: 900 });
  await expect.poll(async () => (await spanishName.boundingBox())!.y).toBeGreaterThan((await english.boundingBox())!.y + (await english.boundingBox())!.height);
});

test('the Languages page counts the Spanish versions and lists the blocks missing one', async ({ page }) => {
  await signInToAdmin(page);
  await openLanguages(page);
  const count = await spanishCount(page);
  expect(count.written).toBeGreaterThanOrEqual(Object.keys(SPANISH_VARIANTS).length / 2);
  expect(count.blocks).toBeGreaterThan(count.written);
  expect(count.text).not.toContain('need');
  await expect(coverageRow(page, EDITED).getByRole('cell').nth(1)).toHaveText('Up to date');
  await expect(coverageRow(page, WITHOUT_SPANISH).getByRole('cell').nth(1)).toHaveText('Missing');
  // Every live block is a row; those with a Spanish version are the count's.
  const rows = coverageTable(page).getByRole('row');
  await expect(rows).toHaveCount(count.blocks + 1);
  await expect(coverageTable(page).getByRole('cell', { name: 'Missing', exact: true })).toHaveCount(count.blocks - count.written);
  await page.screenshot({ path: '/tmp/admin-lang-coverage.png', fullPage: true });

  await page.getByRole('switch', { name: 'Show only blocks missing a language' }).click();
  await expect(rows).toHaveCount(count.blocks - count.written + 1);
  await expect(page.getByText(`${count.blocks - count.written} blocks`, { exact: true })).toBeVisible();
  await expect(coverageRow(page, EDITED)).toHaveCount(0);
  await expect(coverageTable(page).getByRole('cell', { name: 'Up to date', exact: true })).toHaveCount(0);

  await coverageRow(page, WITHOUT_SPANISH).getByRole('link', { name: WITHOUT_SPANISH, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Edit block' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(WITHOUT_SPANISH);
  await expect(spanishPanel(page).getByRole('button', { name: 'Add Spanish version' })).toBeVisible();
});

test('a Spanish version added to a block that had none is counted', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const name = `Recording Desk Hours ${testInfo.repeatEachIndex}-${testInfo.retry}-${Date.now()}`;
  await signInToAdmin(page);
  await openLanguages(page);
  const before = await spanishCount(page);

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Blocks' }).click();
  await page.getByRole('button', { name: 'New block' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Block Content', exact: true }).click();
  await page.keyboard.type('The recording desk is open 8 a.m. to 4 p.m.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Saved.');
  await expect(page).toHaveURL(/#\/blocks\/[0-9a-f]{24}$/);

  const panel = spanishPanel(page);
  await expect(panel.getByText('This block has no Spanish version yet: members answering an email in Spanish get the English text.')).toBeVisible();
  await panel.getByRole('button', { name: 'Add Spanish version' }).click();
  // Its fields are required as the English ones are, and each problem is told at its field.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Some fields need attention' })).toHaveText('Some fields need attention before the block can be saved.');
  await expect(panel.getByText('Name is required.')).toBeVisible();
  await expect(panel.getByText('Block Content is required')).toBeVisible();

  await panel.getByRole('textbox', { name: 'Spanish Name' }).fill('Horario de la oficina de registro');
  await panel.getByRole('textbox', { name: 'Spanish Block Content' }).click();
  await page.keyboard.type('La oficina de registro atiende de 8 a.m. a 4 p.m.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Saved.');
  await expect(panel.getByText('Name is required.')).toHaveCount(0);

  await openLanguages(page);
  await expect(coverageRow(page, name).getByRole('cell').nth(1)).toHaveText('Up to date');
  expect((await spanishCount(page)).written).toBe(before.written + 1);

  // Removed again, the block counts as missing its Spanish version; then it goes, as it came.
  await coverageRow(page, name).getByRole('link', { name, exact: true }).click();
  await panel.getByRole('button', { name: 'Remove Spanish version' }).click();
  await expect(panel.getByRole('button', { name: 'Add Spanish version' })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Saved.');
  await openLanguages(page);
  await expect(coverageRow(page, name).getByRole('cell').nth(1)).toHaveText('Missing');
  expect((await spanishCount(page)).written).toBe(before.written);
  await coverageRow(page, name).getByRole('link', { name, exact: true }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { name: 'Blocks', level: 1 })).toBeVisible();
});
