import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';
import { BLOCK_CSV_COLUMNS } from '../../src/api/contract/admin-transfer';
import { wcagViolations } from './support/axe';
import { submitLoginIn } from './support/sign-in';

/**
 * The admin Blocks page's files against the real server: morgan exports the Recorder team's
 * blocks as CSV and JSON, imports a block from a CSV file after the check says what will happen,
 * sees a file with a bad row refused by row, and deletes the block it imported.
 *
 * Recorder, because only morgan works there: no other test counts its blocks, and members of
 * Elections never see the block while it exists. Names carry the time, so reruns stay apart.
 */

const morgan = DEMO_USERS.find((user) => user.email.startsWith('morgan@'))!;
const RECORDER_BLOCK = 'Recording Fees';

test.use({ viewport: { width: 1280, height: 900 } });

const header = BLOCK_CSV_COLUMNS.join(',');
const csvFile = (name: string, records: string[]) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(`${[header, ...records].join('\r\n')}\r\n`, 'utf8') });

async function download(page: Page, item: string): Promise<{ filename: string; text: string }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  const file = await downloading;
  return { filename: file.suggestedFilename(), text: (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '') };
}

test('morgan exports the Recorder blocks, imports a block from CSV, and sees a bad row refused by its number', async ({ page }) => {
  test.setTimeout(60_000);
  const name = `Imported Recording Hours ${Date.now()}`;
  await page.goto('/admin/');
  await submitLoginIn(page, morgan.email, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Blocks' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Team' }).click();
  await page.getByRole('option', { name: 'Recorder' }).click();
  const table = page.getByRole('table', { name: 'Blocks' });
  await expect(table.getByRole('link', { name: RECORDER_BLOCK, exact: true })).toBeVisible();

  // The export, as a spreadsheet and as JSON.
  const csv = await download(page, 'CSV file (spreadsheets)');
  expect(csv.filename).toMatch(/^recorder-blocks-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.text.split('\r\n')[0]).toBe(BLOCK_CSV_COLUMNS.map((column) => `"${column}"`).join(','));
  expect(csv.text).toContain(`"${RECORDER_BLOCK}"`);
  const json = await download(page, 'JSON file');
  expect(json.filename).toMatch(/^recorder-blocks-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(json.text) as { format: string; team: { name: string }; blocks: Array<{ name: string }> };
  expect(exported).toMatchObject({ format: 'cannery-blocks', team: { name: 'Recorder' } });
  expect(exported.blocks.map((block) => block.name)).toContain(RECORDER_BLOCK);
  expect(await wcagViolations(page, 'main')).toEqual([]);

  // A new block from a CSV file: checked first, then imported.
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import blocks' });
  await expect(dialog).toBeVisible();
  // Every column of the export, in its order: an empty one is the field's default.
  const record = `,en,"${name}","<p>The recording desk is open 8 a.m. to 4 p.m.</p>",Hours,"outlook\ngmail"${','.repeat(BLOCK_CSV_COLUMNS.length - 6)}`;
  await dialog.getByLabel('File (.json or .csv)').setInputFiles(csvFile('recorder-hours.csv', [record]));
  await expect(dialog.getByText('Ready to import: 1 new, 0 changed, 0 unchanged.')).toBeVisible();
  expect(await wcagViolations(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Blocks imported: 1 new, 0 changed, 0 unchanged.' })).toBeVisible();
  await expect(table.getByRole('link', { name, exact: true })).toBeVisible();

  // A file with a bad second row: nothing to import, the row named.
  await page.getByRole('button', { name: 'Import' }).click();
  await dialog.getByLabel('File (.json or .csv)').setInputFiles(csvFile('bad.csv', [record, `,en,,"<p>No name</p>",,outlook${','.repeat(BLOCK_CSV_COLUMNS.length - 6)}`]));
  await expect(dialog.getByText('This file cannot be imported: 1 error. Fix the file and choose it again.')).toBeVisible();
  await expect(dialog.getByText('Row 2 · name: Name is required.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The imported block goes, so the team is as it was.
  await table.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { name: 'Blocks' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Blocks' }).getByRole('link', { name, exact: true })).toHaveCount(0);
});

test('morgan imports a spreadsheet with only name and body columns: the block is used in Outlook, Gmail and text fields', async ({ page }) => {
  const name = `Spreadsheet Recording Hours ${Date.now()}`;
  await page.goto('/admin/');
  await submitLoginIn(page, morgan.email, DEMO_PASSWORD);
  await page.getByRole('combobox', { name: 'Team' }).click();
  await page.getByRole('option', { name: 'Recorder' }).click();
  const table = page.getByRole('table', { name: 'Blocks' });
  await expect(table.getByRole('link', { name: RECORDER_BLOCK, exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import blocks' });
  const spreadsheet = `name,body\r\n"${name}",The recording desk is open 8 a.m. to 4 p.m.\r\n`;
  await dialog.getByLabel('File (.json or .csv)').setInputFiles({ name: 'hours.csv', mimeType: 'text/csv', buffer: Buffer.from(spreadsheet, 'utf8') });
  await expect(dialog.getByText('Ready to import: 1 new, 0 changed, 0 unchanged.')).toBeVisible();
  expect(await wcagViolations(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Blocks imported: 1 new, 0 changed, 0 unchanged.' })).toBeVisible();
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Outlook, Gmail, Text fields');

  // A real problem is named by its row and column.
  await page.getByRole('button', { name: 'Import' }).click();
  await dialog.getByLabel('File (.json or .csv)').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('name,body,supportedContexts\r\nA,<p>a</p>,Outlok\r\n', 'utf8') });
  await expect(dialog.getByText('Row 1 · supportedContexts.0: Place 1 must be outlook, gmail or text_input (one per line), not "Outlok".')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('group', { name: 'Used in' }).getByRole('checkbox', { name: 'Text fields' })).toBeChecked();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('table', { name: 'Blocks' }).getByRole('link', { name, exact: true })).toHaveCount(0);
});
