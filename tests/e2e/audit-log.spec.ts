import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';
import { pageWcagViolations } from './support/axe';
import { documentScreenshot } from './support/screenshots';
import { submitLoginIn } from './support/sign-in';

/**
 * The account's audit log as morgan, the demo's account admin, reads it against the real server:
 * a team she creates and renames is there with her address and the names before and after, the
 * filters keep it or leave it out, the export holds the same row, and the page passes axe.
 */

const morgan = DEMO_USERS.find((user) => user.email.startsWith('morgan@'))!;

test('morgan finds her change of a team in the audit log, filters it and exports it', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const name = `Licences ${testInfo.workerIndex}-${testInfo.retry}-${Date.now()}`;
  await page.goto('/admin/');
  await submitLoginIn(page, morgan.email, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Blocks', level: 1 })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Admin' });

  await nav.getByRole('link', { name: 'Teams' }).click();
  await page.getByRole('button', { name: 'New team' }).click();
  const create = page.getByRole('form', { name: 'New team' });
  await create.getByRole('textbox', { name: 'Team name' }).fill(name);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('status')).toHaveText(`${name} was created.`);
  await page.getByRole('button', { name: `Rename ${name}` }).click();
  const rename = page.getByRole('form', { name: `Rename ${name}` });
  await rename.getByRole('textbox', { name: 'Team name' }).fill(`${name} desk`);
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('status')).toHaveText(`${name} is now ${name} desk.`);

  await nav.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  const log = page.getByRole('table', { name: 'Activity' });
  const renamed = log.getByRole('row').filter({ hasText: `Renamed a team from “${name}” to “${name} desk”` });
  await expect(renamed).toBeVisible();
  await expect(renamed).toContainText(morgan.email);
  await expect(renamed).toContainText(/127\.0\.0\.1|::1/);
  await expect(log.getByRole('row').filter({ hasText: 'Created a team' }).first()).toBeVisible();
  expect(await pageWcagViolations(page), 'Audit log').toEqual([]);
  await documentScreenshot(page, 'admin-audit-log');

  // Only people: the team's rename is left out; teams again: it is back.
  await page.getByRole('combobox', { name: 'Changes to' }).click();
  await page.getByRole('option', { name: 'People' }).click();
  await expect(renamed).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Changes to' }).click();
  await page.getByRole('option', { name: 'Teams' }).click();
  await expect(renamed).toBeVisible();

  // A period that ends before it begins is named, and exports nothing.
  await page.getByLabel('From', { exact: true }).fill('2026-12-31');
  await page.getByLabel('To', { exact: true }).fill('2026-01-01');
  await expect(page.getByText('The last day comes before the first.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  await page.getByLabel('From', { exact: true }).fill('');
  await page.getByLabel('To', { exact: true }).fill('');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/-audit\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe('"time","action","recordKind","recordId","teamId","teamName","actorId","actorEmail","via","address","changes"');
  const row = lines.find((line) => line.includes('"team.renamed"') && line.includes(`${name} desk`));
  expect(row).toContain(`"${morgan.email}","app"`);
  expect(lines.every((line) => line === '' || /"team\.\w+","team"/.test(line) || line.startsWith('"time"'))).toBe(true);
});
