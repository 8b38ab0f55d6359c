import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';
import { startDnsServer } from '../fixtures/dns-server';
import { submitLoginIn } from './support/sign-in';
import { E2E_DNS_PORT } from './support/servers';

/**
 * An account admin proves a domain before its work accounts can be invited: morgan adds a domain
 * of the run's own in Account settings, is refused a work-account invitation of it, publishes the
 * TXT record the page shows on a real DNS server (dnsmasq on loopback, which the e2e server asks),
 * verifies it, and then invites.
 */
const morgan = DEMO_USERS.find((user) => user.email.startsWith('morgan@'))!;
const nav = (page: Page) => page.getByRole('navigation', { name: 'Admin' });

async function inviteWorkAccount(page: Page, email: string) {
  await nav(page).getByRole('link', { name: 'People' }).click();
  await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const invite = page.getByRole('dialog', { name: 'Invite someone' });
  await invite.getByRole('textbox', { name: 'Email' }).fill(email);
  await invite.getByRole('radio', { name: 'Their work account (Microsoft)' }).check();
  await invite.getByRole('group', { name: 'Teams' }).getByRole('checkbox', { name: 'Elections' }).check();
  await invite.getByRole('button', { name: 'Invite', exact: true }).click();
  return invite;
}

test('morgan verifies a domain by its DNS record, then invites a work account of it', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const dns = await startDnsServer({ port: E2E_DNS_PORT });
  try {
    const domain = `annex-${testInfo.workerIndex}-${testInfo.retry}-${Date.now()}.example`;
    await page.goto('/admin/');
    await submitLoginIn(page, morgan.email, DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Blocks', level: 1 })).toBeVisible();
    await nav(page).getByRole('link', { name: 'Settings' }).click();

    const add = page.getByRole('form', { name: 'Add a domain' });
    await add.getByRole('textbox', { name: 'Domain' }).fill(domain);
    await add.getByRole('button', { name: 'Add domain' }).click();
    await expect(page.getByRole('status')).toHaveText(`${domain} was added. Publish its TXT record, then verify it.`);
    const claim = page.getByRole('listitem', { name: domain });
    await expect(claim.getByText('Not verified')).toBeVisible();
    const record = claim.getByLabel(`DNS record for ${domain}`);
    await expect(record).toContainText(`_cannery.${domain}`);
    const value = (await record.locator('dd').nth(2).innerText()).trim();
    expect(value).toMatch(/^cannery-domain-verification=[0-9a-f]{32}$/);

    const refused = await inviteWorkAccount(page, `clerk@${domain}`);
    await expect(refused.getByRole('alert')).toContainText(`Work accounts of ${domain} can be invited once this account has proven the domain`);
    await refused.getByRole('button', { name: 'Cancel' }).click();

    await nav(page).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('button', { name: `Verify ${domain}` }).click();
    await expect(page.getByRole('alert')).toContainText(`No TXT record at _cannery.${domain} holds this account's code yet.`);
    await dns.publish({ [`_cannery.${domain}`]: [value] });
    await page.getByRole('button', { name: `Verify ${domain}` }).click();
    await expect(page.getByRole('status')).toHaveText(`${domain} is verified.`);
    await expect(page.getByRole('listitem', { name: domain }).getByText('Verified')).toBeVisible();

    await inviteWorkAccount(page, `clerk@${domain}`);
    await expect(page.getByRole('status')).toHaveText(`clerk@${domain} was invited. The email waits in this server's outbox: it has no mail server.`);
  } finally {
    await dns.stop();
  }
});
