import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_DOMAIN, DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';
import { pageWcagViolations } from './support/axe';
import { pane, submitLogin, submitLoginIn } from './support/sign-in';

/**
 * People, Teams and Account settings in the admin app against the real server: morgan, the demo's
 * account admin, invites a new clerk into Elections; the clerk signs in with the emailed temporary
 * password, chooses a password and sees Elections' blocks in the playground; morgan disables the
 * clerk, whose open pane signs out at its next load saying why, and whose next sign-in is refused
 * with the pool's message. Then the Teams and
 * Settings pages at a phone's 320 px, each axe clean. The suite shares one server, so what is
 * created here has a name of its own, and the account's settings are saved as they are.
 */

const morgan = DEMO_USERS.find((user) => user.email.startsWith('morgan@'))!;
const CLERK_PASSWORD = 'Clerk-Own-Password-42!';
/** A block of the Elections team (server/seed/elections.ts). */
const ELECTIONS_BLOCK = 'Voter Registration Deadline';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Admin' });

async function openAdminPage(page: Page, link: 'People' | 'Teams' | 'Settings', heading: string) {
  await page.goto('/admin/');
  await submitLoginIn(page, morgan.email, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Blocks', level: 1 })).toBeVisible();
  await nav(page).getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

/** The temporary password of the newest invitation to `email`, read as a person would: in the outbox page. */
async function temporaryPasswordMailedTo(page: Page, email: string): Promise<string> {
  const outbox = await page.context().newPage();
  try {
    await outbox.goto('/identity/dev/outbox');
    await expect(outbox.getByRole('heading', { name: 'Identity outbox' })).toBeVisible();
    const mail = outbox.getByRole('article').filter({ hasText: `To ${email}` }).first();
    await expect(mail.getByRole('heading', { name: /^You are invited to Cannery for / })).toBeVisible();
    const body = await mail.locator('pre').innerText();
    const password = /^Temporary password: (\S+)$/m.exec(body)?.[1];
    // It points at what opens: this server, in any browser, and Outlook's manifest.
    expect(body).toContain(`- In your browser, at once: ${new URL(page.url()).origin}\n`);
    expect(body).toMatch(/enter https:\/\/\S+\/manifest\.xml/);
    expect(password, `a temporary password in the mail to ${email}:\n${body}`).toBeDefined();
    return password!;
  } finally {
    await outbox.close();
  }
}

/** A sign-in in the playground of a browser of its own (the clerk's, not morgan's). */
async function playgroundSignIn(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/#/login');
  await submitLogin(page, email, password);
  return { context, page };
}

test('morgan invites a clerk into Elections; the clerk signs in with the mailed password, then is disabled and refused', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const unique = `${testInfo.workerIndex}-${testInfo.retry}-${Date.now()}`;
  const clerk = { email: `clerk-${unique}@${DEMO_DOMAIN}`, name: `Casey Clerk ${unique}` };

  await page.setViewportSize({ width: 1280, height: 900 });
  await openAdminPage(page, 'People', 'People');
  // Morgan has just signed in to the admin app: that counts as being active.
  const morganRow = page.getByRole('table', { name: 'People' }).getByRole('row', { name: new RegExp(morgan.email) });
  await expect(morganRow).toBeVisible();
  await expect(morganRow).not.toContainText('Never');
  expect(await pageWcagViolations(page), 'People').toEqual([]);

  // The invitation: a password user in Elections.
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const invite = page.getByRole('dialog', { name: 'Invite someone' });
  await invite.getByRole('textbox', { name: 'Email' }).fill(clerk.email);
  await invite.getByRole('textbox', { name: 'Name' }).fill(clerk.name);
  await invite.getByRole('group', { name: 'Teams' }).getByRole('checkbox', { name: 'Elections' }).check();
  // This development server has no mail server: the dialog says the mail will not be delivered.
  await expect(invite).toContainText('This server has no mail server (CANNERY_SMTP_URL), so invitations wait in its outbox and nobody receives them.');
  expect(await pageWcagViolations(page), 'Invite dialog').toEqual([]);
  await invite.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(`${clerk.name} was invited. The email waits in this server's outbox: it has no mail server.`);
  const row = page.getByRole('table', { name: 'People' }).getByRole('row', { name: new RegExp(clerk.name) });
  await expect(row).toContainText('Invited');
  await expect(row).toContainText('Elections');

  // The clerk signs in with the mailed temporary password, chooses a password, and sees Elections' blocks.
  const temporaryPassword = await temporaryPasswordMailedTo(page, clerk.email);
  const first = await playgroundSignIn(browser, clerk.email, temporaryPassword);
  await expect(first.page).toHaveURL(/#\/change-first-time-password$/);
  await pane(first.page).getByLabel('New password', { exact: true }).fill(CLERK_PASSWORD);
  await pane(first.page).getByLabel('Confirm new password', { exact: true }).fill(CLERK_PASSWORD);
  await pane(first.page).getByRole('button', { name: 'Update Password' }).click();
  await pane(first.page).getByRole('link', { name: 'Continue to Home' }).click();
  await expect(pane(first.page).getByRole('heading', { name: 'Blocks' })).toBeVisible();
  await pane(first.page).getByRole('searchbox', { name: 'Search name or content' }).fill(ELECTIONS_BLOCK);
  await expect(pane(first.page).getByRole('list', { name: 'Search results' }).getByRole('button', { name: ELECTIONS_BLOCK, exact: true })).toBeVisible();

  // Morgan sees the clerk active, and disables them after confirming.
  await page.reload();
  await expect(row).toContainText('Active');
  await page.getByRole('button', { name: `Actions for ${clerk.name}` }).click();
  await page.getByRole('menuitem', { name: 'Disable' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Disable ${clerk.name}?` });
  expect(await pageWcagViolations(page), 'Disable dialog').toEqual([]);
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByRole('status')).toHaveText(`${clerk.name} was disabled.`);
  await expect(row).toContainText('Disabled');

  // The clerk, still signed in, reloads the pane: signed out and told why, not "could not find user".
  await first.page.reload();
  await expect(first.page).toHaveURL(/#\/login$/);
  await expect(pane(first.page).getByRole('alert')).toHaveText('User is disabled.');
  await first.context.close();

  // The clerk's next sign-in is refused.
  const next = await playgroundSignIn(browser, clerk.email, CLERK_PASSWORD);
  await expect(pane(next.page).getByRole('alert')).toHaveText('User is disabled.');
  await expect(next.page).toHaveURL(/#\/login$/);
  await next.context.close();
});

test.describe('at a phone width', () => {
  test.use({ viewport: { width: 320, height: 800 } });

  test('Teams: morgan creates, renames, archives and brings back a team; the page passes axe', async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    const unique = `${testInfo.workerIndex}-${testInfo.retry}-${Date.now()}`;
    const name = `Passports ${unique}`;
    await openAdminPage(page, 'Teams', 'Teams');
    await expect(page.getByRole('table', { name: 'Teams' }).getByRole('row', { name: /Elections/ })).toBeVisible();
    expect(await pageWcagViolations(page), 'Teams').toEqual([]);

    await page.getByRole('button', { name: 'New team' }).click();
    const create = page.getByRole('form', { name: 'New team' });
    await create.getByRole('textbox', { name: 'Team name' }).fill(name);
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('status')).toHaveText(`${name} was created.`);
    const row = page.getByRole('table', { name: 'Teams' }).getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('0');

    await page.getByRole('button', { name: `Rename ${name}` }).click();
    const rename = page.getByRole('form', { name: `Rename ${name}` });
    await rename.getByRole('textbox', { name: 'Team name' }).fill(`${name} desk`);
    expect(await pageWcagViolations(page), 'Rename form').toEqual([]);
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(page.getByRole('status')).toHaveText(`${name} is now ${name} desk.`);

    await page.getByRole('button', { name: `Archive ${name} desk` }).click();
    await expect(page.getByRole('status')).toHaveText(`${name} desk was archived.`);
    await expect(page.getByRole('row', { name: new RegExp(`${name} desk`) })).toHaveCount(0);
    await page.getByRole('switch', { name: /Show archived teams/ }).check();
    await page.getByRole('button', { name: `Bring back ${name} desk` }).click();
    await expect(page.getByRole('status')).toHaveText(`${name} desk was brought back.`);
    expect(await pageWcagViolations(page), 'Teams after changes').toEqual([]);
  });

  test('Settings: morgan saves the account settings; the page passes axe and fits the width', async ({ page }) => {
    await openAdminPage(page, 'Settings', 'Account settings');
    await expect(page.getByRole('form', { name: 'Account settings' })).toBeVisible();
    expect(await pageWcagViolations(page), 'Settings').toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    // Saved as they are: the suite's other tests rely on the demo account's settings.
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status')).toHaveText('The settings were saved.');
  });

  test('People passes axe and fits the width', async ({ page }) => {
    await openAdminPage(page, 'People', 'People');
    await expect(page.getByRole('table', { name: 'People' }).getByRole('row', { name: new RegExp(morgan.email) })).toBeVisible();
    expect(await pageWcagViolations(page), 'People').toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});

test('on a wide screen, every address in People breaks, if at all, only after its @ or before a dot', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await openAdminPage(page, 'People', 'People');
  await expect(page.getByRole('table', { name: 'People' }).getByRole('row', { name: new RegExp(morgan.email) })).toBeVisible();
  // Each piece of an address between its break points (<wbr>) lies on one line, inside its cell.
  const broken = await page.evaluate(() => {
    const addresses = new Set([...document.querySelectorAll('table[aria-label="People"] wbr')].map((wbr) => wbr.parentElement!));
    const pieces = [...addresses].flatMap((address) => [...address.children].filter((child) => child.tagName === 'SPAN'));
    const range = document.createRange();
    const split = pieces.filter((piece) => {
      range.selectNodeContents(piece);
      const cell = piece.closest('td')!.getBoundingClientRect();
      const lines = [...range.getClientRects()];
      return new Set(lines.map((rect) => Math.round(rect.top))).size > 1 || lines.some((rect) => rect.right > cell.right + 0.5);
    });
    return { addresses: addresses.size, split: split.map((piece) => piece.textContent) };
  });
  expect(broken.addresses).toBeGreaterThan(5);
  expect(broken.split).toEqual([]);
});
