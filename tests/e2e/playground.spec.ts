import { expect, test, type Page } from '@playwright/test';
import { SAMPLE_EMAIL } from '../../hosts/playground/mail-store';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';
import { pane, signInToHome } from './support/sign-in';

const dana = DEMO_USERS[0]!;
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

test('the playground shows the simulated email beside the splash screen', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(page).toHaveTitle('Cannery - Welcome');
  await expect(page.getByLabel('Subject')).toHaveValue('Did my mail ballot arrive?');
  await page.getByRole('button', { name: 'Continue to Login' }).click();
  await expect(page).toHaveURL(/#\/login$/);
});

test('after a reply is opened, Read shows the email that was read again, not the reply', async ({ page }) => {
  await signInToHome(page, dana.email, DEMO_PASSWORD);
  await pane(page).getByRole('searchbox', { name: 'Search name or content' }).fill('track my ballot');
  await pane(page).getByRole('list', { name: 'Search results' }).getByRole('button', { name: 'Track My Ballot', exact: true }).click();

  // The reply is addressed to the sender, with the subject answered.
  await expect(page.getByRole('tab', { name: 'Compose' })).toHaveAttribute('aria-selected', 'true');
  await expect(field(page, 'To')).toHaveValue(`${SAMPLE_EMAIL.sender.displayName} <${SAMPLE_EMAIL.sender.emailAddress}>`);
  await expect(field(page, 'Subject')).toHaveValue(`RE: ${SAMPLE_EMAIL.subject}`);

  // Reading again is the received email as it was.
  await page.getByRole('tab', { name: 'Read' }).click();
  await expect(field(page, 'To')).toHaveValue(SAMPLE_EMAIL.to);
  await expect(field(page, 'Subject')).toHaveValue(SAMPLE_EMAIL.subject);
  await expect(field(page, 'From (address)')).toHaveValue(SAMPLE_EMAIL.sender.emailAddress);
  await expect(field(page, 'Message')).toHaveValue(SAMPLE_EMAIL.readBody);
  await expect(pane(page).getByText(`Please select a block to auto-create an email reply to ${SAMPLE_EMAIL.sender.displayName}`)).toBeVisible();
});
