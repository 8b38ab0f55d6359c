import { expect, test, type Download, type Page } from '@playwright/test';
import JSZip from 'jszip';
import { DEMO_DOMAIN, DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';
import { pageWcagViolations } from './support/axe';
import { submitLoginIn } from './support/sign-in';

/**
 * A person's data and the account's retention in the admin app against the real server: morgan,
 * the demo's account admin, invites a clerk made for this test, exports what Cannery holds about
 * them (JSON, then a ZIP of CSV files, read as downloaded), erases them through the dialog that
 * asks for their address, and no longer finds them; then changes how long sessions are kept in
 * Account settings, sees it saved after a reload, and puts it back as it was. Demo people are
 * never erased.
 */

const morgan = DEMO_USERS.find((user) => user.email.startsWith('morgan@'))!;
const nav = (page: Page) => page.getByRole('navigation', { name: 'Admin' });

async function openAdminPage(page: Page, link: 'People' | 'Settings', heading: string) {
  await page.goto('/admin/');
  await submitLoginIn(page, morgan.email, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Blocks', level: 1 })).toBeVisible();
  await nav(page).getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

async function downloaded(page: Page, who: string, item: string): Promise<Download> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: `Actions for ${who}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
  return downloading;
}

async function bytesOf(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

test('morgan exports a clerk’s data as JSON and CSV, then erases the clerk after typing their address', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const unique = `${testInfo.workerIndex}-${testInfo.retry}-${Date.now()}`;
  const clerk = { email: `erasable-${unique}@${DEMO_DOMAIN}`, name: `Erin Erasable ${unique}` };
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAdminPage(page, 'People', 'People');

  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const invite = page.getByRole('dialog', { name: 'Invite someone' });
  await invite.getByRole('textbox', { name: 'Email' }).fill(clerk.email);
  await invite.getByRole('textbox', { name: 'Name' }).fill(clerk.name);
  await invite.getByRole('group', { name: 'Teams' }).getByRole('checkbox', { name: 'Elections' }).check();
  await invite.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByRole('status')).toContainText(`${clerk.name} was invited.`);
  const row = page.getByRole('table', { name: 'People' }).getByRole('row', { name: new RegExp(clerk.name) });
  await expect(row).toBeVisible();

  // JSON: the clerk's own record, their invitation in the mail queue, their sign-in without its verifier.
  const json = await downloaded(page, clerk.name, 'Export data (JSON)');
  expect(json.suggestedFilename()).toMatch(/^erin-erasable-[\d-]+-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse((await bytesOf(json)).toString('utf8')) as { person: { email: string; name: string }; tables: Array<{ table: string; rows: Array<Record<string, unknown>>; withheld: string[] }> };
  expect(data.person).toMatchObject({ email: clerk.email, name: clerk.name });
  const table = (name: string) => data.tables.find((candidate) => candidate.table === name)!;
  expect(table('users').rows).toEqual([expect.objectContaining({ email: clerk.email, name: clerk.name })]);
  expect(table('mail_queue').rows).toEqual([expect.objectContaining({ kind: 'invitation', to_address: clerk.email })]);
  expect(table('identity_users').rows).toEqual([expect.objectContaining({ email: clerk.email })]);
  expect(table('identity_users').withheld).toContain('srp_verifier');
  expect(JSON.stringify(data)).not.toContain(morgan.email);
  await expect(page.getByRole('status')).toHaveText(`The data of ${clerk.name} was exported.`);

  // CSV: a ZIP of one file per table, the same rows.
  const csv = await downloaded(page, clerk.name, 'Export data (CSV files)');
  expect(csv.suggestedFilename()).toMatch(/\.zip$/);
  const zip = await JSZip.loadAsync(await bytesOf(csv));
  expect(Object.keys(zip.files)).toEqual(expect.arrayContaining(['README.txt', 'users.csv', 'mail_queue.csv', 'sent_auto_responses.csv']));
  const users = await zip.file('users.csv')!.async('string');
  expect(users.split('\r\n')[0]).toBe('\uFEFF"id","email","account_id","teams","admin_teams","editor_teams","review_mail","review_mail_at","cognito_sub","microsoft_sub","cognito_issuer","microsoft_issuer","account_admin","name","sign_in","disabled_at","joined_at","last_seen_at","created_at"');
  expect(users).toContain(`"${clerk.email}"`);

  // Erase: the dialog asks for the address, refuses another one, and takes the focus back to the menu's button.
  await page.getByRole('button', { name: `Actions for ${clerk.name}` }).click();
  await page.getByRole('menuitem', { name: 'Erase data' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Erase the data of ${clerk.name}?` });
  await expect(dialog).toBeVisible();
  expect(await pageWcagViolations(page), 'Erase dialog').toEqual([]);
  const confirmation = dialog.getByRole('textbox', { name: 'Type their email address to confirm' });
  await confirmation.fill(morgan.email);
  await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
  await expect(dialog.getByText(`Type ${clerk.email} to erase their data.`)).toBeVisible();
  await expect(confirmation).toHaveAccessibleDescription(`Type ${clerk.email} to erase their data.`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();
  await expect(page.getByRole('button', { name: `Actions for ${clerk.name}` })).toBeFocused();

  await page.getByRole('button', { name: `Actions for ${clerk.name}` }).click();
  await page.getByRole('menuitem', { name: 'Erase data' }).click();
  await dialog.getByRole('textbox', { name: 'Type their email address to confirm' }).fill(clerk.email.toUpperCase());
  await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(`The data of ${clerk.name} was erased.`);
  await expect(row).toHaveCount(0);
  await page.reload();
  await page.getByRole('searchbox').fill(clerk.email);
  await expect(page.getByText('Nobody matches these filters.')).toBeVisible();
  // Morgan is an account admin: the menu offers no erasure of them.
  await page.getByRole('searchbox').fill(morgan.email);
  await page.getByRole('button', { name: new RegExp(`^Actions for `) }).first().click();
  await expect(page.getByRole('menuitem', { name: 'Export data (JSON)' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Erase data' })).toHaveCount(0);
});

test('morgan changes how long sessions are kept and sees it saved', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAdminPage(page, 'Settings', 'Account settings');
  const form = page.getByRole('form', { name: 'How long records are kept' });
  const sessions = form.getByRole('textbox', { name: 'Sessions (days)' });
  const forever = form.getByRole('checkbox', { name: 'Keep sessions forever' });
  await expect(sessions).toBeVisible();
  const was = { days: await sessions.inputValue(), forever: await forever.isChecked() };
  expect(await pageWcagViolations(page), 'Account settings with the retention').toEqual([]);

  if (was.forever) await forever.uncheck();
  await sessions.fill('0');
  await form.getByRole('button', { name: 'Save retention' }).click();
  await expect(form.getByText('Enter a whole number of days from 1 to 3650, or check “Keep forever”.')).toBeVisible();
  await expect(sessions).toHaveAccessibleDescription(/Enter a whole number of days from 1 to 3650/);

  const chosen = was.days === '400' ? '401' : '400';
  await sessions.fill(chosen);
  await form.getByRole('button', { name: 'Save retention' }).click();
  await expect(form.getByRole('status')).toHaveText('How long records are kept was saved.');
  await page.reload();
  await expect(page.getByRole('form', { name: 'How long records are kept' }).getByRole('textbox', { name: 'Sessions (days)' })).toHaveValue(chosen);

  // Put back what the account had.
  const again = page.getByRole('form', { name: 'How long records are kept' });
  if (was.forever) await again.getByRole('checkbox', { name: 'Keep sessions forever' }).check();
  else await again.getByRole('textbox', { name: 'Sessions (days)' }).fill(was.days);
  await again.getByRole('button', { name: 'Save retention' }).click();
  await expect(again.getByRole('status')).toHaveText('How long records are kept was saved.');
});
