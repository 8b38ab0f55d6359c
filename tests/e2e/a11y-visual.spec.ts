import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';
import { pageWcagViolations, wcagViolations } from './support/axe';
import { tabTo } from './support/keyboard';
import { failOnPageErrors } from './support/page-errors';
import { reviewScreenshot } from './support/screenshots';
import { logInToHome, pane, submitLoginIn } from './support/sign-in';

/**
 * What the task pane and the admin app look like (WCAG 2.2 AA, visual): reflow in a 320 px wide
 * window (1.4.10, 1.4.4), text spacing (1.4.12), contrast in the light and dark themes (1.4.3,
 * 1.4.11, 2.5.8 with axe), focus and borders under forced colours (Windows high contrast), and no
 * motion when the user asks for less (2.3.3). Each walk goes through the same screens; with
 * CANNERY_SCREENSHOTS=1 they are saved into docs/accessibility/screenshots/ for review.
 * The demo users only read: nothing is used, suggested, saved or completed.
 */

failOnPageErrors();
// Each walk visits every screen and checks it whole, in several modes: minutes, not seconds.
test.describe.configure({ timeout: 180_000 });

const dana = DEMO_USERS.find((user) => user.email.startsWith('dana@'))!;
const morgan = DEMO_USERS.find((user) => user.email.startsWith('morgan@'))!;

/**
 * 400% zoom of a 1280 × 1024 window: 320 × 256 CSS pixels, the width WCAG 1.4.10 names. The admin
 * app and the playground are checked at this size, as a phone or a zoomed desktop shows them.
 */
const ZOOMED = { width: 320, height: 256 };
/** A desktop window, for the forced-colours and dark screenshots. */
const DESKTOP = { width: 1280, height: 900 };
/**
 * Tall enough that neither the pane nor an admin page scrolls: axe cannot judge the contrast of
 * text scrolled out of view (it reports it as obscured, not as a violation).
 */
const TALL = { width: 1280, height: 2400 };

/** One screen of a walk: how to reach it from the previous one, its key controls, the control focused for the screenshots. */
interface Screen {
  name: string;
  open: (page: Page) => Promise<void>;
  keys: (page: Page) => Locator[];
  focus: (page: Page) => Locator;
}

const recommended = (page: Page) => pane(page).getByRole('list', { name: 'Recommended' });
const searchBox = (page: Page) => pane(page).getByRole('searchbox', { name: 'Search name or content' });

/** The task pane's screens in the playground, from the login screen on, as dana (who only reads). */
const PANE_SCREENS: Screen[] = [
  {
    name: 'pane-login',
    open: async (page) => {
      await page.goto('/#/login');
      await expect(pane(page).getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
    },
    keys: (page) => [pane(page).getByRole('textbox', { name: 'Email', exact: true }), pane(page).getByLabel('Password', { exact: true }), pane(page).getByRole('button', { name: 'Log in' })],
    focus: (page) => pane(page).getByRole('button', { name: 'Log in' }),
  },
  {
    name: 'pane-home',
    open: async (page) => {
      await logInToHome(pane(page), dana.email, DEMO_PASSWORD);
      await expect(recommended(page).getByRole('listitem').first()).toBeVisible();
      // The classification's question, not its passing spinner, is what the screen shows.
      await expect(pane(page).getByRole('region', { name: 'Email classification' }).getByRole('button', { name: 'Yes' })).toBeVisible();
    },
    keys: (page) => [
      searchBox(page),
      pane(page).getByRole('combobox', { name: 'Team' }),
      recommended(page).getByRole('button', { name: 'Track My Ballot', exact: true }),
      recommended(page).getByRole('button', { name: 'Show the text of Track My Ballot' }),
      pane(page).getByRole('button', { name: 'Suggest New Block' }),
      pane(page).getByRole('link', { name: 'User settings' }),
    ],
    focus: (page) => recommended(page).getByRole('button', { name: 'Track My Ballot', exact: true }),
  },
  {
    name: 'pane-search',
    open: async (page) => {
      await searchBox(page).fill('ballot');
      await expect(pane(page).getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toBeVisible();
    },
    keys: (page) => {
      const results = pane(page).getByRole('list', { name: 'Search results' });
      return [searchBox(page), results.getByRole('button').first(), results.getByRole('button', { name: /^Favourite / }).first()];
    },
    focus: (page) => pane(page).getByRole('list', { name: 'Search results' }).getByRole('button', { name: /^Favourite / }).first(),
  },
  {
    name: 'pane-preview',
    open: async (page) => {
      await searchBox(page).fill('');
      await recommended(page).getByRole('button', { name: 'Show the text of Track My Ballot' }).click();
      await expect(recommended(page).getByTestId('block-preview')).toContainText('Ballot Tracker');
      // The language shown is the pressed one, from the start: drawn filled, and in forced colours highlighted.
      const languages = recommended(page).getByRole('group', { name: 'Language of Track My Ballot' });
      await expect(languages.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
      await expect(languages.getByRole('button', { name: 'Spanish' })).toHaveAttribute('aria-pressed', 'false');
    },
    keys: (page) => [recommended(page).getByTestId('block-preview'), recommended(page).getByRole('button', { name: 'Show the text of Track My Ballot' })],
    focus: (page) => recommended(page).getByRole('button', { name: 'Show the text of Track My Ballot' }),
  },
  {
    name: 'pane-suggest',
    open: async (page) => {
      await pane(page).getByRole('button', { name: 'Suggest New Block' }).click();
      // Refused in the form: nothing is sent.
      await pane(page).getByRole('button', { name: 'Submit Suggestion' }).click();
      await expect(pane(page).getByText('Name is required.')).toBeVisible();
    },
    keys: (page) => [pane(page).getByRole('link', { name: 'Home' }), pane(page).getByRole('button', { name: 'Submit Suggestion' })],
    focus: (page) => pane(page).getByRole('button', { name: 'Submit Suggestion' }),
  },
  {
    name: 'pane-settings',
    open: async (page) => {
      await pane(page).getByRole('link', { name: 'Home' }).click();
      await pane(page).getByRole('link', { name: 'User settings' }).click();
      await expect(pane(page).getByRole('textbox', { name: 'Display name' })).toBeVisible();
    },
    keys: (page) => [pane(page).getByRole('textbox', { name: 'Display name' }), pane(page).getByRole('button', { name: 'Change Password' }), pane(page).getByRole('button', { name: 'Log out' })],
    focus: (page) => pane(page).getByRole('button', { name: 'Change Password' }),
  },
  {
    name: 'pane-checklist',
    open: async (page) => {
      // Checklists need the email being written (rules §8): the playground opens a new message first.
      await page.getByRole('tab', { name: 'Compose' }).click();
      await page.goto('/#/checklist-home');
      await pane(page).getByRole('searchbox', { name: 'Search checklists' }).fill('Replacement Ballot');
      await pane(page).getByRole('link', { name: 'Replacement Ballot Request' }).click();
      await expect(pane(page).getByText('Please complete checklist before sending email.')).toBeVisible();
    },
    keys: (page) => [pane(page).getByRole('checkbox').first(), pane(page).getByRole('checkbox').last(), pane(page).getByRole('button', { name: 'Complete' })],
    focus: (page) => pane(page).getByRole('checkbox').first(),
  },
];

const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Admin' });
const blocksTable = (page: Page) => page.getByRole('table', { name: 'Blocks' });

/** The admin app's pages, as morgan (the demo admin, who only reads). */
const ADMIN_SCREENS: Screen[] = [
  {
    name: 'admin-blocks',
    open: async (page) => {
      await page.goto('/admin/');
      await submitLoginIn(page, morgan.email, DEMO_PASSWORD);
      await expect(page.getByRole('heading', { name: 'Blocks', level: 1 })).toBeVisible();
      await expect(blocksTable(page).getByRole('row').nth(1)).toBeVisible();
    },
    keys: (page) => [adminNav(page).getByRole('link', { name: 'Blocks' }), page.getByRole('button', { name: 'New block' }), blocksTable(page).getByRole('link').first()],
    focus: (page) => page.getByRole('button', { name: 'New block' }),
  },
  {
    name: 'admin-block-editor',
    open: async (page) => {
      await blocksTable(page).getByRole('link').first().click();
      await expect(page.getByRole('list', { name: 'Versions' })).toBeVisible();
      await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
    },
    keys: (page) => [page.getByRole('textbox', { name: 'Name' }), page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold' }), page.getByRole('textbox', { name: 'Block Content' })],
    focus: (page) => page.getByRole('textbox', { name: 'Name' }),
  },
  {
    name: 'admin-people',
    open: async (page) => {
      await adminNav(page).getByRole('link', { name: 'People' }).click();
      await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();
      await expect(page.getByText(dana.email).first()).toBeVisible();
    },
    keys: (page) => [adminNav(page).getByRole('link', { name: 'People' }), page.getByRole('main').getByRole('button').first()],
    focus: (page) => page.getByRole('main').getByRole('button').first(),
  },
  {
    name: 'admin-settings',
    open: async (page) => {
      await adminNav(page).getByRole('link', { name: 'Settings' }).click();
      await expect(page.getByRole('heading', { name: 'Account settings', level: 1 })).toBeVisible();
    },
    keys: (page) => [adminNav(page).getByRole('link', { name: 'Settings' }), page.getByRole('main').getByRole('button').last()],
    focus: (page) => page.getByRole('main').getByRole('button').first(),
  },
];

/** Opens each screen in turn and checks it. */
async function walk(page: Page, screens: readonly Screen[], check: (screen: Screen) => Promise<void>): Promise<void> {
  for (const screen of screens) {
    await test.step(screen.name, async () => {
      await screen.open(page);
      await check(screen);
    });
  }
}

// Reflow ----------------------------------------------------------------------------------------

/**
 * What scrolls sideways in a 320 px window: the page itself, and each scroll container among
 * `containers`; a data table may scroll in its own box (1.4.10's exception), nothing else may.
 */
async function sidewaysScroll(page: Page, containers: Locator[] = []): Promise<string[]> {
  const found: string[] = [];
  const root = await page.evaluate(() => {
    // The innermost elements that end past the window's right edge: what makes the page wide.
    const past = [...document.body.querySelectorAll('*')].filter((element) => element.getBoundingClientRect().right > innerWidth + 1);
    const innermost = past.filter((element) => !past.some((other) => other !== element && element.contains(other)));
    const culprits = innermost.slice(0, 3).map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 3).join('.')} "${(element.textContent ?? '').trim().slice(0, 30)}"`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, culprits };
  });
  if (root.scrollWidth > root.innerWidth) found.push(`the page is ${root.scrollWidth} px wide in a ${root.innerWidth} px window: ${root.culprits.join(', ')}`);
  for (const container of containers) {
    const size = await container.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
    if (size.scrollWidth > size.clientWidth) found.push(`${container.toString()} scrolls: ${size.scrollWidth} px in ${size.clientWidth} px`);
  }
  return found;
}

/**
 * The controls of `scope` that lie, even partly, outside the window's width (the page not
 * scrolled sideways), except inside a data table's own scroll box.
 */
async function controlsOffTheSide(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    window.scrollTo({ left: 0 });
    const controls = root.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [role="button"], [role="link"], [role="checkbox"], [role="combobox"], [role="tab"], [contenteditable="true"]');
    const off: string[] = [];
    for (const control of controls) {
      if (control.closest('[hidden], [aria-hidden="true"], [data-tabster-dummy]') || control.getClientRects().length === 0) continue;
      if (getComputedStyle(control).visibility === 'hidden') continue;
      const box = control.getBoundingClientRect();
      if (box.width <= 1 && box.height <= 1) continue;
      const tableBox = control.closest('table')?.parentElement;
      if (tableBox && ['auto', 'scroll'].includes(getComputedStyle(tableBox).overflowX)) continue;
      if (box.left < -1 || box.right > innerWidth + 1) off.push(`${control.tagName.toLowerCase()} "${(control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40)}" spans ${Math.round(box.left)}..${Math.round(box.right)}`);
    }
    return off;
  });
}

/**
 * Table cells whose content runs out of them over the next column: a long word in a narrow column.
 * A row's last cell has no column after it to run over.
 */
async function cellsOverrun(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('td:not(:last-child), th:not(:last-child)')]
      .filter((cell) => cell.getClientRects().length > 0 && cell.scrollWidth > cell.clientWidth + 1)
      .map((cell) => `${cell.tagName.toLowerCase()} "${(cell.textContent ?? '').trim().slice(0, 30)}" runs ${cell.scrollWidth - cell.clientWidth} px past its column`),
  );
}

/** Each key control, scrolled to, is in the window (`width` wide) whole. */
async function expectKeysReachable(page: Page, keys: Locator[], width = ZOOMED.width): Promise<void> {
  for (const key of keys) {
    await key.scrollIntoViewIfNeeded();
    await expect(key, `${key.toString()} is reached in the narrow window`).toBeInViewport();
    const box = (await key.boundingBox())!;
    expect(box.x, `${key.toString()} starts inside the window`).toBeGreaterThanOrEqual(-1);
    expect(box.x + box.width, `${key.toString()} ends inside the window`).toBeLessThanOrEqual(width + 1);
  }
}

test.describe('reflow in a 320 px window (400% zoom)', () => {
  test.use({ viewport: ZOOMED });

  test('the task pane: every screen fits the width, nothing scrolls sideways, every key control is reached', async ({ page }) => {
    await walk(page, PANE_SCREENS, async (screen) => {
      expect(await sidewaysScroll(page, [pane(page)]), screen.name).toEqual([]);
      expect(await controlsOffTheSide(page.locator('body')), screen.name).toEqual([]);
      await expectKeysReachable(page, screen.keys(page));
      await page.evaluate(() => window.scrollTo(0, 0));
      await reviewScreenshot(page, `${screen.name}-320px`, pane(page));
    });
  });

  // A 1280 px window at 400% zoom is 320 CSS pixels wide: this is that window.
  test('the admin app: blocks, a block, people and settings fit the width; only a data table may scroll in its box', async ({ page }) => {
    await walk(page, ADMIN_SCREENS, async (screen) => {
      expect(await sidewaysScroll(page), screen.name).toEqual([]);
      expect(await controlsOffTheSide(page.locator('body')), screen.name).toEqual([]);
      expect(await cellsOverrun(page), screen.name).toEqual([]);
      await expectKeysReachable(page, screen.keys(page));
      await page.evaluate(() => window.scrollTo(0, 0));
      await reviewScreenshot(page, `${screen.name}-320px`);
    });
  });
});

// Text spacing ----------------------------------------------------------------------------------

/**
 * WCAG 1.4.12's spacing, the least a user's style sheet may set, over every style of the page:
 * line height 1.5 times the font size, letter spacing 0.12 and word spacing 0.16 times it on every
 * element, and paragraphs 2 times it apart.
 */
const TEXT_SPACING_CSS = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`;

/**
 * Text that its box cuts off: an element that hides its overflow (hidden or clip, on an axis) and
 * a line of its text that reaches more than a pixel past its padding box on that axis, measured
 * from the text's own boxes (Range client rects), so a box's decoration running over is not text
 * lost. Left out: form fields (their text scrolls inside them, the caret follows it), text for
 * screen readers only (in a box of a pixel or less), and what is not drawn.
 */
async function clippedText(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const found: string[] = [];
    const clips = (value: string) => value === 'hidden' || value === 'clip';
    const drawn = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 1 && box.height > 1 && style.visibility !== 'hidden' && !element.closest('[hidden], [data-tabster-dummy]');
    };
    for (const element of [root, ...root.querySelectorAll<HTMLElement>('*')]) {
      if (element.matches('input, textarea, select, svg, svg *')) continue;
      const style = getComputedStyle(element);
      const clipsX = clips(style.overflowX);
      const clipsY = clips(style.overflowY);
      if ((!clipsX && !clipsY) || !(element.textContent ?? '').trim() || !drawn(element)) continue;
      const box = element.getBoundingClientRect();
      const left = box.left + element.clientLeft;
      const top = box.top + element.clientTop;
      const right = left + element.clientWidth;
      const bottom = top + element.clientHeight;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!(node.textContent ?? '').trim() || !parent || parent.closest('input, textarea, select, svg') || !drawn(parent)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const cut = [...range.getClientRects()].some((line) => line.width > 0 && ((clipsX && (line.left < left - 1 || line.right > right + 1)) || (clipsY && (line.top < top - 1 || line.bottom > bottom + 1))));
        if (!cut) continue;
        const what = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : ''}`;
        found.push(`${what} cuts off "${(node.textContent ?? '').trim().slice(0, 50)}"`);
        break;
      }
    }
    return found;
  });
}

/** Applies the spacing, checks `scope`, takes the spacing away again (the next screen starts clean). */
async function clippedWithTextSpacing(page: Page, scope: Locator): Promise<string[]> {
  const style = await page.addStyleTag({ content: TEXT_SPACING_CSS });
  try {
    // Two frames: the spacing laid out, and anything measuring itself (Fluent's positioning) redone.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    return await clippedText(scope);
  } finally {
    await style.evaluate((element) => (element as Element).remove());
  }
}

test.describe('text spacing (1.4.12)', () => {
  test('the check finds text cut off by its box once spaced, and leaves fields, hidden text and growing boxes alone', async ({ page }) => {
    await page.setContent(`
      <div id="fixed" style="height: 44px; overflow: hidden; font: 16px/20px sans-serif"><p style="margin: 0">Two paragraphs</p><p style="margin: 0">in a box two lines high</p></div>
      <div id="grows" style="width: 420px; overflow: hidden; font: 16px/20px sans-serif">A box as tall as its text, however it is spaced</div>
      <div id="ellipsis" style="width: 80px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis">Cut short with an ellipsis</div>
      <span style="position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0)">For screen readers only, longer than its box</span>
      <input style="width: 60px" value="A value longer than its field, which scrolls inside it">
    `);
    const body = page.locator('body');
    expect(await clippedText(body)).toEqual([expect.stringContaining('div#ellipsis')]);
    const spaced = await clippedWithTextSpacing(page, body);
    expect(spaced).toEqual([expect.stringContaining('div#fixed'), expect.stringContaining('div#ellipsis')]);
    // The spacing is gone again afterwards.
    expect(await clippedText(body)).toEqual([expect.stringContaining('div#ellipsis')]);
  });

  test.describe('in a 320 px window', () => {
    test.use({ viewport: ZOOMED });

    test('the task pane: no text is cut off on any screen with the spacing applied', async ({ page }) => {
      await walk(page, PANE_SCREENS, async (screen) => {
        expect(await clippedWithTextSpacing(page, pane(page)), screen.name).toEqual([]);
        expect(await sidewaysScroll(page, [pane(page)]), `${screen.name} spaced`).toEqual([]);
      });
    });

    test('the admin app: no text is cut off on blocks, a block, people and settings with the spacing applied', async ({ page }) => {
      await walk(page, ADMIN_SCREENS, async (screen) => {
        expect(await clippedWithTextSpacing(page, page.locator('body')), screen.name).toEqual([]);
      });
    });
  });
});

// Contrast --------------------------------------------------------------------------------------

test.describe('contrast and target size in the light and dark themes (axe)', () => {
  test.use({ viewport: TALL });

  test('the task pane: every screen passes axe in light, then in dark after the scheme changes', async ({ page }) => {
    await walk(page, PANE_SCREENS, async (screen) => {
      await page.emulateMedia({ colorScheme: 'light' });
      expect(await wcagViolations(page), `${screen.name} light`).toEqual([]);
      await page.emulateMedia({ colorScheme: 'dark' });
      // The theme follows the change while the pane is open.
      await expect(pane(page).locator('.fui-FluentProvider').first()).toHaveCSS('background-color', 'rgb(41, 41, 41)');
      expect(await wcagViolations(page), `${screen.name} dark`).toEqual([]);
      await page.emulateMedia({ colorScheme: 'light' });
    });
  });

  test('the admin app: blocks, a block, people and settings pass axe whole in light and dark', async ({ page }) => {
    await walk(page, ADMIN_SCREENS, async (screen) => {
      await page.emulateMedia({ colorScheme: 'light' });
      expect(await pageWcagViolations(page), `${screen.name} light`).toEqual([]);
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await pageWcagViolations(page), `${screen.name} dark`).toEqual([]);
      await page.emulateMedia({ colorScheme: 'light' });
    });
  });
});

// Forced colours --------------------------------------------------------------------------------

/**
 * Tabs from the first control of `scope` to the screen's focus control, `tabTo` checking each
 * stop is drawn differently focused (here: in the system's colours).
 */
async function tabToFocusControl(page: Page, scope: Locator, target: Locator): Promise<void> {
  await scope.locator('a[href], button, input, select, textarea').first().focus();
  await tabTo(page, target);
}

test.describe('forced colours (Windows high contrast) and the dark theme', () => {
  test.use({ viewport: DESKTOP });

  // axe's contrast means nothing when the system draws the colours: these walks check that the
  // focus is drawn at every Tab stop, and keep screenshots for a reviewer.
  test('the task pane: each screen keeps its focus indicator and borders in forced colours, light and dark', async ({ page }) => {
    await walk(page, PANE_SCREENS, async (screen) => {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ forcedColors: 'active', colorScheme });
        await tabToFocusControl(page, pane(page), screen.focus(page));
        await reviewScreenshot(page, `${screen.name}-forced-${colorScheme}`, pane(page));
      }
      await page.emulateMedia({ forcedColors: 'none', colorScheme: 'dark' });
      await tabToFocusControl(page, pane(page), screen.focus(page));
      await reviewScreenshot(page, `${screen.name}-dark`, pane(page));
      await page.emulateMedia({ forcedColors: 'none', colorScheme: 'light' });
    });
  });

  test('the admin app: blocks, a block, people and settings keep focus and borders in forced colours, light and dark', async ({ page }) => {
    await walk(page, ADMIN_SCREENS, async (screen) => {
      const main = page.getByRole('main');
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ forcedColors: 'active', colorScheme });
        await tabToFocusControl(page, main, screen.focus(page));
        await reviewScreenshot(page, `${screen.name}-forced-${colorScheme}`);
      }
      await page.emulateMedia({ forcedColors: 'none', colorScheme: 'dark' });
      await tabToFocusControl(page, main, screen.focus(page));
      await reviewScreenshot(page, `${screen.name}-dark`);
      await page.emulateMedia({ forcedColors: 'none', colorScheme: 'light' });
    });
  });
});

// Reduced motion --------------------------------------------------------------------------------

/**
 * The motion on the page now: animations and transitions running (`document.getAnimations()`),
 * and elements whose styles would start one longer than `BLINK_MS` (their computed durations),
 * besides endless ones: a spinner says the app is working, as its words do, and keeps turning.
 */
async function motion(page: Page): Promise<string[]> {
  return page.evaluate((blinkMs) => {
    const found: string[] = [];
    const seconds = (value: string) => Math.max(0, ...value.split(',').map((part) => (part.trim().endsWith('ms') ? parseFloat(part) / 1000 : parseFloat(part) || 0)));
    const nameOf = (element: Element | null | undefined) => (element ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${[...element.classList].slice(0, 2).map((name) => `.${name}`).join('')}` : '(none)');
    for (const animation of document.getAnimations()) {
      const timing = animation.effect?.getComputedTiming();
      if (!timing || animation.playState !== 'running' || timing.iterations === Infinity) continue;
      if (Number(timing.duration) > blinkMs) found.push(`running: ${animation.constructor.name} of ${nameOf((animation.effect as KeyframeEffect).target)} for ${String(timing.duration)} ms`);
    }
    for (const element of document.querySelectorAll('*')) {
      const style = getComputedStyle(element);
      const transition = seconds(style.transitionDuration) * 1000;
      // Each animation's duration times its iterations: none for zero iterations (how Fluent's
      // spinner stops its tail), and endless ones (the spinner's ring) are let be.
      const durations = style.animationDuration.split(',');
      const animation = style.animationName === 'none' ? 0 : Math.max(0, ...style.animationIterationCount.split(',').map((count, index) => (count.trim() === 'infinite' ? 0 : Number(count) * seconds(durations[index % durations.length]!) * 1000)));
      if (transition > blinkMs || animation > blinkMs) found.push(`styled: ${nameOf(element)} transition ${style.transitionDuration}, animation ${style.animationName} ${style.animationDuration}`);
    }
    return found;
  }, BLINK_MS);
}

/** Motion shorter than this is a change of state, not an animation anyone sees moving. */
const BLINK_MS = 1;

test.describe('reduced motion', () => {
  test.use({ viewport: DESKTOP, reducedMotion: 'reduce' });

  test('the check finds a transition and an animation a page does not turn off, and lets an endless spinner be', async ({ page }) => {
    await page.setContent(`
      <style>
        @keyframes turn { to { transform: rotate(1turn); } }
        #fades { transition: opacity 300ms; }
        #slides { animation: turn 2s 1; }
        #spins { animation: turn 1s infinite; }
      </style>
      <div id="fades">Fades</div><div id="slides">Slides</div><div id="spins">Spins</div>
    `);
    expect(await motion(page)).toEqual([expect.stringContaining('running: CSSAnimation of div#slides'), expect.stringContaining('styled: div#fades'), expect.stringContaining('styled: div#slides')]);
  });

  test('the task pane: no transition or animation runs or is styled on any screen, a spinner aside', async ({ page }) => {
    await walk(page, PANE_SCREENS, async (screen) => {
      // Right after the screen opened, then with the pointer on its focus control (hover styles).
      expect(await motion(page), screen.name).toEqual([]);
      await screen.focus(page).hover();
      expect(await motion(page), `${screen.name} hovered`).toEqual([]);
    });
  });

  test('the admin app: no transition or animation runs or is styled on blocks, a block, people and settings', async ({ page }) => {
    await walk(page, ADMIN_SCREENS, async (screen) => {
      expect(await motion(page), screen.name).toEqual([]);
      await screen.focus(page).hover();
      expect(await motion(page), `${screen.name} hovered`).toEqual([]);
    });
  });
});

// Orientation -----------------------------------------------------------------------------------

/** A phone held upright, then on its side. */
const PORTRAIT = { width: 390, height: 844 };
const LANDSCAPE = { width: 844, height: 390 };

/**
 * What could hold the page to one orientation: calls to `screen.orientation.lock` (recorded by an
 * init script the test adds) and style rules that apply in one orientation only.
 */
async function orientationLocks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = ((window as { orientationLocksSeen?: string[] }).orientationLocksSeen ?? []).map((kind) => `screen.orientation.lock('${kind}')`);
    const visit = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSMediaRule && /orientation/i.test(rule.media.mediaText)) found.push(`@media ${rule.media.mediaText}`);
        if ('cssRules' in rule) visit((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of document.styleSheets) {
      try {
        visit(sheet.cssRules);
      } catch {
        found.push(`a style sheet that cannot be read: ${sheet.href ?? '(inline)'}`);
      }
    }
    return found;
  });
}

/** Records each call to `screen.orientation.lock` on the pages of the test, for `orientationLocks`. */
async function recordOrientationLocks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as { orientationLocksSeen?: string[] }).orientationLocksSeen = seen;
    const orientation = screen.orientation as ScreenOrientation & { lock?: (kind: string) => Promise<void> };
    orientation.lock = (kind: string) => {
      seen.push(kind);
      return Promise.resolve();
    };
  });
}

test.describe('orientation (1.3.4)', () => {
  test.use({ viewport: PORTRAIT });

  test('the check finds a lock and a style for one orientation only', async ({ page }) => {
    await recordOrientationLocks(page);
    await page.goto('about:blank');
    await page.setContent('<style>@media (orientation: portrait) { body { transform: rotate(90deg); } }</style><p>Turned</p>');
    await page.evaluate(() => (screen.orientation as ScreenOrientation & { lock: (kind: string) => Promise<void> }).lock('landscape'));
    expect(await orientationLocks(page)).toEqual(["screen.orientation.lock('landscape')", '@media (orientation: portrait)']);
  });

  /** Each screen upright and on its side: nothing off the side, every key control reached, nothing held to one way. */
  async function bothWays(page: Page, screens: readonly Screen[], scope: (page: Page) => Locator[]) {
    await recordOrientationLocks(page);
    await walk(page, screens, async (screen) => {
      for (const [way, size] of [['portrait', PORTRAIT], ['landscape', LANDSCAPE]] as const) {
        await page.setViewportSize(size);
        expect(await sidewaysScroll(page, scope(page)), `${screen.name} ${way}`).toEqual([]);
        expect(await controlsOffTheSide(page.locator('body')), `${screen.name} ${way}`).toEqual([]);
        await expectKeysReachable(page, screen.keys(page), size.width);
        await page.evaluate(() => window.scrollTo(0, 0));
        await reviewScreenshot(page, `${screen.name}-${way}`, scope(page)[0]);
      }
      expect(await orientationLocks(page), screen.name).toEqual([]);
      await page.setViewportSize(PORTRAIT);
    });
  }

  test('the task pane: every screen works upright and on its side, and none locks the orientation', async ({ page }) => {
    await bothWays(page, PANE_SCREENS, (page) => [pane(page)]);
  });

  test('the admin app: blocks, a block, people and settings work upright and on its side, and none locks the orientation', async ({ page }) => {
    await bothWays(page, ADMIN_SCREENS, () => []);
  });
});

// Images of text and flashes --------------------------------------------------------------------

/**
 * The images in Cannery's own part of `scope`: img, picture, canvas, video, object, embed and image
 * inputs, and CSS images (backgrounds, masks, generated content). None is expected, so none can be
 * an image of text; icons are SVG paths, and text in an SVG is text. Left out: what the office wrote,
 * a block's text in a preview or an editor, which may hold the office's own images.
 */
async function imagesIn(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const office = (element: Element) => element.closest('[data-testid="block-preview"], [contenteditable="true"]') !== null;
    const name = (element: Element) => `${element.tagName.toLowerCase()}${[...element.classList].slice(0, 2).map((part) => `.${part}`).join('')}`;
    const found: string[] = [];
    for (const element of root.querySelectorAll('img, picture, canvas, video, object, embed, input[type="image"]')) {
      if (!office(element)) found.push(`${name(element)} "${(element.getAttribute('alt') ?? element.textContent ?? '').trim().slice(0, 40)}"`);
    }
    for (const element of [root, ...root.querySelectorAll('*')]) {
      if (office(element)) continue;
      for (const pseudo of [null, '::before', '::after']) {
        const style = getComputedStyle(element, pseudo);
        for (const [property, value] of [['background-image', style.backgroundImage], ['mask-image', style.maskImage], ['content', style.content], ['list-style-image', style.listStyleImage]] as const) {
          if (/url\(/.test(value ?? '')) found.push(`${name(element)}${pseudo ?? ''} ${property}: ${value.slice(0, 60)}`);
        }
      }
    }
    return found;
  });
}

/**
 * Animations on the page that flash: those that change how bright something is (its opacity,
 * colours, visibility, filter or shadow) more than three times over in a second, counting two
 * opposite changes as one flash (WCAG 2.3.1's general threshold is three flashes a second).
 * Transitions run once and cannot flash; a spinner turns without changing brightness.
 */
async function flashes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const LUMINOUS = ['opacity', 'color', 'backgroundColor', 'background', 'borderColor', 'outlineColor', 'boxShadow', 'filter', 'visibility', 'fill', 'stroke'];
    const found: string[] = [];
    for (const animation of document.getAnimations()) {
      if (animation.playState !== 'running' || animation.constructor.name === 'CSSTransition') continue;
      const effect = animation.effect as KeyframeEffect | null;
      const timing = effect?.getComputedTiming();
      const duration = Number(timing?.duration ?? 0) / Math.abs(animation.playbackRate || 1);
      if (!effect || !timing || duration <= 0) continue;
      const frames = effect.getKeyframes();
      const differ = (a: ComputedKeyframe, b: ComputedKeyframe) => LUMINOUS.some((property) => property in a && property in b && a[property] !== b[property]);
      let changes = frames.slice(1).filter((frame, index) => differ(frames[index]!, frame)).length;
      // Starting again from the first frame is a change too, unless the animation runs back to it.
      const iterations = timing.iterations ?? 1;
      if (iterations > 1 && !String(timing.direction).startsWith('alternate') && frames.length > 1 && differ(frames.at(-1)!, frames[0]!)) changes += 1;
      const perSecond = changes / 2 / (duration / 1000);
      const total = (changes / 2) * iterations;
      const target = effect.target;
      const name = target ? `${target.tagName.toLowerCase()}${target.id ? `#${target.id}` : ''}${[...target.classList].slice(0, 2).map((part) => `.${part}`).join('')}` : '(none)';
      if (perSecond > 3 && total > 3) found.push(`${name} flashes ${perSecond.toFixed(1)} times a second`);
    }
    return found;
  });
}

test.describe('images of text (1.4.5) and flashes (2.3.1)', () => {
  test.use({ viewport: DESKTOP });

  test('the checks find an image and a CSS image, not text in an SVG, and a fast blink but not a slow fade or a turn', async ({ page }) => {
    await page.setContent(`
      <style>
        @keyframes blink { 50% { opacity: 0; } }
        @keyframes fade { from { opacity: 1; } to { opacity: 0.4; } }
        @keyframes turn { to { transform: rotate(1turn); } }
        #blinks { animation: blink 200ms infinite; }
        #fades { animation: fade 2s infinite alternate; }
        #turns { animation: turn 300ms infinite; }
        #badge { background-image: url("data:image/gif;base64,R0lGODlhAQABAAAAACw="); }
      </style>
      <main>
        <img alt="Office hours" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
        <svg><text>Text in an SVG is text</text></svg>
        <span id="badge">New</span>
        <div id="blinks">Blinks</div><div id="fades">Fades</div><div id="turns">Turns</div>
        <div data-testid="block-preview"><img alt="The office's own picture" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></div>
      </main>
    `);
    expect(await imagesIn(page.locator('main'))).toEqual(['img "Office hours"', expect.stringMatching(/^span background-image: url\(/)]);
    expect(await flashes(page)).toEqual(['div#blinks flashes 5.0 times a second']);
  });

  test('the task pane: no screen shows an image of its own or flashes, also with the pointer on a control', async ({ page }) => {
    await walk(page, PANE_SCREENS, async (screen) => {
      expect(await imagesIn(pane(page)), screen.name).toEqual([]);
      expect(await flashes(page), screen.name).toEqual([]);
      await screen.focus(page).hover();
      expect(await flashes(page), `${screen.name} hovered`).toEqual([]);
    });
  });

  test('the admin app: blocks, a block, people and settings show no image of their own and do not flash', async ({ page }) => {
    await walk(page, ADMIN_SCREENS, async (screen) => {
      expect(await imagesIn(page.locator('body')), screen.name).toEqual([]);
      expect(await flashes(page), screen.name).toEqual([]);
      await screen.focus(page).hover();
      expect(await flashes(page), `${screen.name} hovered`).toEqual([]);
    });
  });
});
