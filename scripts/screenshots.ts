/**
 * Takes the documentation's screenshots of the playground (Home with Recommended, Favourites, search and a
 * preview, the reply, the other screens) and of the admin app's People, Teams and
 * Account settings (docs/screenshots/*.png) from a running server
 * with the demo account: `BASE=http://localhost:8787 npx tsx scripts/screenshots.ts` (BASE defaults
 * to that). It starts nothing itself: run `npm start` (or `npm run build:web && npm run server`) first.
 *
 * The task pane is shown 320 px wide, the width Outlook opens add-in panes at. The playground lays
 * the pane out 380 px wide whatever the window size, so the script narrows that column with a
 * style of its own; nothing else on the page changes.
 */
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../server/seed/demo-data';
import { CHROMIUM_ARGS, findChromium } from '../tests/e2e/support/chromium';

const BASE = process.env.BASE ?? 'http://localhost:8787';
const OUT_DIR = join(import.meta.dirname, '..', 'docs', 'screenshots');
const PANE_WIDTH = 320;
/** How much of the pane a pane picture shows at most, in CSS pixels; it ends between two rows. */
const PANE_PICTURE_HEIGHT = 900;
const dana = DEMO_USERS[0]!;

const pane = (page: Page) => page.getByRole('complementary', { name: 'Cannery task pane' });

/** The playground's grid keeps the pane in a fixed-width last column: narrow that column. */
const NARROW_PANE = `div:has(> aside[aria-label="Cannery task pane"]) { grid-template-columns: minmax(0, 1fr) ${PANE_WIDTH}px !important; }`;

/** Signs in as the demo user through the pane, continues from the tips, and narrows the pane. */
async function openHome(browser: Browser, viewport: { width: number; height: number }, deviceScaleFactor: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE, viewport, deviceScaleFactor });
  const page = await context.newPage();
  await page.goto('/#/login');
  await pane(page).getByRole('textbox', { name: 'Email', exact: true }).fill(dana.email);
  await pane(page).getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await pane(page).getByRole('button', { name: 'Log in' }).click();
  await pane(page).getByRole('link', { name: 'Continue to Home' }).click();
  await pane(page).getByRole('list', { name: 'Recommended' }).waitFor();
  await page.addStyleTag({ content: NARROW_PANE });
  const width = await pane(page).evaluate((element) => element.getBoundingClientRect().width);
  if (Math.round(width) !== PANE_WIDTH) throw new Error(`The pane is ${width} px wide, not ${PANE_WIDTH}: has the playground's layout changed?`);
  return page;
}

/** Nothing hovered, focused or scrolled: no tooltip or focus ring in the picture. */
async function settle(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    document.querySelector('aside[aria-label="Cannery task pane"]')?.scrollTo(0, 0);
  });
  await page.getByRole('tooltip').waitFor({ state: 'hidden' });
}

async function report(path: string): Promise<void> {
  console.log(`${path} (${Math.round((await stat(path)).size / 1024)} KB)`);
}

/**
 * The top of the pane, at most `maxHeight` tall (more if `mustShow` needs it), cut above the first
 * row, heading or control that would not fit whole.
 */
async function shootPane(page: Page, name: string, options: { maxHeight?: number; mustShow?: Locator } = {}): Promise<void> {
  const box = (await pane(page).boundingBox())!;
  const { mustShow } = options;
  let maxHeight = options.maxHeight ?? PANE_PICTURE_HEIGHT;
  if (mustShow) {
    const shown = (await mustShow.boundingBox())!;
    maxHeight = Math.max(maxHeight, Math.ceil(shown.y + shown.height - box.y) + 16);
  }
  const cut = await pane(page).evaluate((element, max) => {
    const top = element.getBoundingClientRect().top;
    const parts = [...element.querySelectorAll('h1, h2, li, button, input, select, label, p, hr, [role="separator"]')]
      .map((part) => part.getBoundingClientRect())
      .filter((rect) => rect.height > 0);
    let at = max;
    for (let moved = true; moved; ) {
      moved = false;
      for (const rect of parts) {
        if (rect.top - top < at && rect.bottom - top > at) {
          at = Math.floor(rect.top - top);
          moved = true;
        }
      }
    }
    return at;
  }, maxHeight);
  if (cut > box.height) throw new Error(`${name}: the viewport is too short for a ${cut} px picture of the pane.`);
  const path = join(OUT_DIR, name);
  await page.screenshot({ path, animations: 'disabled', clip: { x: box.x, y: box.y, width: box.width, height: cut } });
  await report(path);
}

const morgan = DEMO_USERS.find((user) => user.accountAdmin)!;

/** The admin app as morgan, the demo's account admin, on `link`'s page at this viewport. */
async function openAdmin(browser: Browser, viewport: { width: number; height: number }, link: 'People' | 'Teams' | 'Settings', heading: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE, viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto('/admin/');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(morgan.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Blocks', level: 1 }).waitFor();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: link }).click();
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  await page.mouse.move(0, 0);
  return page;
}

async function shootPage(page: Page, name: string, fullPage = false): Promise<void> {
  const path = join(OUT_DIR, name);
  await page.screenshot({ path, animations: 'disabled', fullPage });
  await report(path);
}

/** People (and its Invite dialog) on a desktop; People, Teams and Settings at a phone's 320 px. */
async function shootPeople(browser: Browser): Promise<void> {
  const people = await openAdmin(browser, { width: 1280, height: 640 }, 'People', 'People');
  await people.getByRole('table', { name: 'People' }).getByRole('row', { name: new RegExp(morgan.email) }).waitFor();
  await shootPage(people, 'admin-people.png');
  await people.getByRole('button', { name: 'Invite', exact: true }).click();
  const invite = people.getByRole('dialog', { name: 'Invite someone' });
  await invite.getByRole('textbox', { name: 'Email' }).fill('casey.clerk@aldercounty.example');
  await invite.getByRole('textbox', { name: 'Name' }).fill('Casey Clerk');
  await invite.getByRole('group', { name: 'Teams' }).getByRole('checkbox', { name: 'Elections' }).check();
  await people.mouse.move(0, 0);
  await shootPage(people, 'admin-people-invite.png');
  await people.context().close();
  const narrow = { width: 320, height: 800 };
  for (const [link, heading, name] of [
    ['People', 'People', 'admin-people-narrow.png'],
    ['Teams', 'Teams', 'admin-teams-narrow.png'],
    ['Settings', 'Account settings', 'admin-settings-narrow.png'],
  ] as const) {
    const page = await openAdmin(browser, narrow, link, heading);
    await shootPage(page, name);
    await page.context().close();
  }
}

await mkdir(OUT_DIR, { recursive: true });
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  // The pane alone, at twice the pixels so its text stays sharp in the documentation.
  const page = await openHome(browser, { width: 1100, height: 1100 }, 2);
  await settle(page);
  await shootPane(page, 'home-recommended.png');

  const search = pane(page).getByRole('searchbox', { name: 'Search name or content' });
  await search.fill('vote center');
  await pane(page).getByRole('list', { name: 'Search results' }).getByRole('listitem').first().waitFor();
  await settle(page);
  // The first dozen results, not the bottom of the screen.
  await shootPane(page, 'home-search.png', { maxHeight: 700 });

  await search.fill('');
  const recommended = pane(page).getByRole('list', { name: 'Recommended' });
  await recommended.getByRole('button', { name: 'Show the text of Track My Ballot' }).click();
  const preview = recommended.getByTestId('block-preview');
  await preview.waitFor();
  await settle(page);
  await shootPane(page, 'home-preview.png', { mustShow: preview });
  await recommended.getByRole('button', { name: 'Show the text of Track My Ballot' }).click();

  // Two blocks starred from search results, in the group right after Recommended; unstarred
  // afterwards, so the demo user's Home is as it was.
  const starredHere = ['Vote Center Hours', 'Ballot Drop Box Locations'];
  for (const name of starredHere) {
    await search.fill(name);
    const star = pane(page).getByRole('list', { name: 'Search results' }).getByRole('button', { name: `Favourite ${name}`, exact: true });
    await star.click();
    await star.and(page.locator('[aria-pressed="true"]')).waitFor();
  }
  await search.fill('');
  const group = pane(page).getByRole('list', { name: 'Favourites' });
  await group.getByRole('listitem').nth(starredHere.length - 1).waitFor();
  await settle(page);
  await shootPane(page, 'home-favourites.png', { mustShow: group });
  for (const name of starredHere) await group.getByRole('button', { name: `Favourite ${name}`, exact: true }).click();
  await group.waitFor({ state: 'detached' });
  await page.context().close();

  // The whole playground: a click on a recommended block opened a reply that carries it.
  const whole = await openHome(browser, { width: 1200, height: 860 }, 1);
  await pane(whole).getByRole('list', { name: 'Recommended' }).getByRole('button', { name: 'Track My Ballot', exact: true }).click();
  await whole.getByRole('textbox', { name: 'Message body' }).getByText('Ballot Tracker').first().waitFor();
  await settle(whole);
  const path = join(OUT_DIR, 'playground-reply.png');
  await whole.screenshot({ path, animations: 'disabled' });
  await report(path);
  await whole.context().close();

  // The other screens of the pane, while an email is being written (checklists need one).
  const screens = await openHome(browser, { width: 1100, height: 1300 }, 2);
  await screens.route('**/api/classify', (route) => route.fulfill({ json: { prediction: 'Election' } }));
  await screens.reload();
  await pane(screens).getByRole('button', { name: 'Yes' }).waitFor();
  await settle(screens);
  await shootPane(screens, 'home-classification.png', { maxHeight: 420 });
  await screens.getByRole('tab', { name: 'Compose' }).click();
  await screens.goto(`${BASE}/#/checklist-home`);
  await pane(screens).getByText('Please select a checklist:').waitFor();
  await settle(screens);
  await shootPane(screens, 'checklist-home.png', { maxHeight: 320 });
  await pane(screens).getByRole('searchbox', { name: 'Search checklists' }).fill('Replacement Ballot');
  await pane(screens).getByRole('link', { name: 'Replacement Ballot Request' }).click();
  await pane(screens).getByText('Please complete checklist before sending email.').waitFor();
  await pane(screens).getByRole('checkbox').first().check();
  await settle(screens);
  await shootPane(screens, 'checklist.png', { maxHeight: 660 });
  await screens.goto(`${BASE}/#/suggest-auto-response`);
  await pane(screens).getByRole('button', { name: 'Submit Suggestion' }).waitFor();
  await settle(screens);
  await shootPane(screens, 'suggest-block.png', { maxHeight: 590 });
  await screens.context().close();

  await shootPeople(browser);
} finally {
  await browser.close();
}
