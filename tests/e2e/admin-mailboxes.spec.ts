import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';
import { pageWcagViolations } from './support/axe';
import { ELECTIONS_SHARED_MAILBOX } from './support/mailbox-teams';
import { failOnPageErrors } from './support/page-errors';
import { documentScreenshot } from './support/screenshots';
import { submitLoginIn } from './support/sign-in';

/**
 * The admin app's Mailboxes page, walked by morgan, the demo's account admin: the mailboxes mapped
 * already are listed with their team; an address that is not one is refused at its field; a new
 * one (one per run, so repeated runs on one server never meet) is mapped to Recorder, moved to
 * Front Counter by mapping it again, and removed. Axe finds nothing serious on the page, at a
 * desktop width and at a phone's 320 px.
 */
const morgan = DEMO_USERS.find((user) => user.accountAdmin)!;

failOnPageErrors();

test('an account admin maps a mailbox to a team, moves it and removes it', async ({ page }, testInfo) => {
  const address = `recorder-desk-${testInfo.repeatEachIndex}-${testInfo.retry}@aldercounty.example`;
  await page.goto('/admin/');
  await submitLoginIn(page, morgan.email, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Blocks', level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Mailboxes' }).click();
  await expect(page.getByRole('heading', { name: 'Mailboxes', level: 1 })).toBeVisible();
  const mapped = page.getByRole('list', { name: 'Mapped mailboxes' });
  await expect(mapped.getByRole('listitem', { name: `${ELECTIONS_SHARED_MAILBOX}: Elections` })).toBeVisible();
  expect(await pageWcagViolations(page)).toEqual([]);

  const form = page.getByRole('form', { name: 'Map a mailbox' });
  await form.getByRole('textbox', { name: 'Mailbox address' }).fill('the recorder desk');
  await form.getByRole('button', { name: 'Map mailbox' }).click();
  await expect(form.getByText('Enter the mailbox’s email address, such as elections@aldercounty.example.')).toBeVisible();

  await form.getByRole('textbox', { name: 'Mailbox address' }).fill(address.toUpperCase());
  await form.getByRole('combobox', { name: 'Team' }).selectOption({ label: 'Recorder' });
  await form.getByRole('button', { name: 'Map mailbox' }).click();
  await expect(page.getByRole('status')).toHaveText(`${address} now picks Recorder.`);
  await expect(mapped.getByRole('listitem', { name: `${address}: Recorder` })).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Mailbox address' })).toHaveValue('');
  await documentScreenshot(page, 'admin-mailboxes');

  await form.getByRole('textbox', { name: 'Mailbox address' }).fill(address);
  await form.getByRole('combobox', { name: 'Team' }).selectOption({ label: 'Front Counter' });
  await form.getByRole('button', { name: 'Map mailbox' }).click();
  await expect(mapped.getByRole('listitem', { name: `${address}: Front Counter` })).toBeVisible();
  await expect(mapped.getByRole('listitem', { name: `${address}: Recorder` })).toHaveCount(0);

  await page.setViewportSize({ width: 320, height: 720 });
  expect(await pageWcagViolations(page)).toEqual([]);

  await mapped.getByRole('button', { name: `Remove ${address}` }).click();
  await expect(page.getByRole('status')).toHaveText(`${address} no longer picks a team.`);
  await expect(mapped.getByRole('listitem', { name: new RegExp(address) })).toHaveCount(0);
});
