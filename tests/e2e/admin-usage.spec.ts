import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { demoUseTime } from '../../server/seed';
import { DEMO_BLOCKS, DEMO_PASSWORD, DEMO_USAGE, DEMO_USERS } from '../../server/seed/demo-data';
import { USAGE_CSV_COLUMNS } from '../../src/api/contract/admin';
import { wcagViolations } from './support/axe';
import { documentScreenshot } from './support/screenshots';
import { submitLoginIn } from './support/sign-in';

/**
 * The admin app's Usage page against the real server and its demo seed: morgan (admin of Elections)
 * reads the seeded usage history of the last 30 and 90 days, sees an empty period as such, and
 * exports the uses as CSV.
 *
 * The server seeds every demo use in the 30 days before it started (`demoUseTime`). Other tests of
 * a full run use Elections blocks too, so the numbers checked exactly are those nobody else adds
 * to: uses of Voter Registration Deadline, and morgan's own uses.
 */

const morgan = DEMO_USERS.find((user) => user.email.startsWith('morgan@'))!;
const ELECTIONS_BLOCK = 'Voter Registration Deadline';

test.use({ viewport: { width: 1280, height: 900 } });

const DAY_MS = 86_400_000;
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const longDay = (day: string) => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'medium' }).format(new Date(`${day}T00:00:00Z`));

/** The seeded uses that match `which`, counted in the last `days` days up to today (UTC), as the seed placed them. */
function seeded(which: (usage: (typeof DEMO_USAGE)[number]) => boolean, days: number, seedTime = new Date()): number {
  const start = Date.parse(`${utcDay(seedTime.getTime() - (days - 1) * DAY_MS)}T00:00:00Z`);
  let index = 0;
  let count = 0;
  for (const usage of DEMO_USAGE) {
    for (let use = 0; use < usage.uses; use += 1, index += 1) {
      if (which(usage) && demoUseTime(seedTime, index).getTime() >= start) count += 1;
    }
  }
  return count;
}

const ofBlock = (usage: (typeof DEMO_USAGE)[number]) => usage.block === ELECTIONS_BLOCK;
const inElections = (usage: (typeof DEMO_USAGE)[number]) => DEMO_BLOCKS.find((block) => block.name === usage.block)?.team === 'elections';
const morgansInElections = (usage: (typeof DEMO_USAGE)[number]) => usage.user === morgan.email && inElections(usage);
const total = (which: (usage: (typeof DEMO_USAGE)[number]) => boolean) => DEMO_USAGE.filter(which).reduce((sum, usage) => sum + usage.uses, 0);

const figure = (page: Page, label: string) => page.locator('dl > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
const usesCell = (page: Page, table: string, row: string) => page.getByRole('table', { name: table }).getByRole('row', { name: new RegExp(row) }).getByRole('cell').nth(1);

async function choosePeriod(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

test('morgan reads the Elections usage of the seeded history, changes the period and exports it as CSV', async ({ page }) => {
  expect(seeded(ofBlock, 30)).toBeGreaterThan(0);
  await page.goto('/admin/');
  await submitLoginIn(page, morgan.email, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Blocks' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Usage' }).click();
  await expect(page).toHaveTitle('Cannery - Admin - Usage');
  await expect(page.getByRole('heading', { name: 'Usage', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Team' })).toHaveText('Elections');

  // The last 30 days, by day, in UTC.
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveText('Last 30 days');
  await expect(page.getByText('Days and times are in UTC (Coordinated Universal Time).')).toBeVisible();
  await expect(page.getByText(/, by day\. Days and times are in UTC/)).toBeVisible();
  await expect(usesCell(page, 'Uses by block', ELECTIONS_BLOCK)).toHaveText(String(seeded(ofBlock, 30)));
  await expect(usesCell(page, 'Uses by user', morgan.email)).toHaveText(String(seeded(morgansInElections, 30)));
  await expect(page.getByRole('table', { name: 'Uses by block' }).getByRole('link', { name: ELECTIONS_BLOCK })).toHaveAttribute('href', /^#\/blocks\/[0-9a-f]{24}$/);
  await expect(page.getByRole('table', { name: 'Uses by place in Cannery' }).getByRole('row', { name: /Block list/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Uses by host' }).getByRole('row', { name: /Outlook/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Uses per day' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Most used blocks' })).toBeVisible();
  expect(Number(await figure(page, 'Uses').textContent())).toBeGreaterThanOrEqual(seeded(inElections, 30));
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await documentScreenshot(page, 'admin-usage');
  expect(await wcagViolations(page, 'main')).toEqual([]);

  // The last 90 days hold the whole seeded history.
  await choosePeriod(page, 'Last 90 days');
  const from90 = utcDay(Date.now() - 89 * DAY_MS);
  await expect(page.getByText(`${longDay(from90)} – ${longDay(utcDay(Date.now()))}, by day.`)).toBeVisible();
  await expect(page.getByText('Updating...')).toBeHidden();
  await expect(usesCell(page, 'Uses by block', ELECTIONS_BLOCK)).toHaveText(String(total(ofBlock)));
  await expect(usesCell(page, 'Uses by user', morgan.email)).toHaveText(String(total(morgansInElections)));
  const uses = Number(await figure(page, 'Uses').textContent());
  expect(uses).toBeGreaterThanOrEqual(total(inElections));

  // The file holds one row per use of the period.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`elections-usage-${from90}-${utcDay(Date.now())}.csv`);
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.split('\r\n').filter((line) => line !== '');
  expect(lines[0]).toBe(USAGE_CSV_COLUMNS.map((column) => `"${column}"`).join(','));
  expect(lines).toHaveLength(uses + 1);
  expect(lines.filter((line) => line.includes(`"${ELECTIONS_BLOCK}"`))).toHaveLength(total(ofBlock));
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();

  // Twelve months are shown by week.
  await choosePeriod(page, 'Last 12 months');
  await expect(page.getByText(/, by week\. Days and times are in UTC/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Uses per week' })).toBeVisible();
  await expect(usesCell(page, 'Uses by block', ELECTIONS_BLOCK)).toHaveText(String(total(ofBlock)));

  // A year ago, before the seeded history: nothing to chart.
  await choosePeriod(page, 'Custom dates');
  await page.getByLabel('From').fill(utcDay(Date.now() - 400 * DAY_MS));
  await page.getByLabel('To').fill(utcDay(Date.now() - 380 * DAY_MS));
  await expect(page.getByText('No blocks were used in this period.')).toBeVisible();
  await expect(figure(page, 'Uses')).toHaveText('0');
  await expect(page.locator('.recharts-wrapper')).toHaveCount(0);
  await page.getByLabel('To').fill(utcDay(Date.now() - 410 * DAY_MS));
  await expect(page.getByText('The first day must not be after the last day.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  expect(await wcagViolations(page, 'main')).toEqual([]);
});
