import { expect, type Frame, type Locator, type Page } from '@playwright/test';

/** Where a keyboard walk looks for the focused element: a page, or a frame in it (the picker). */
export type FocusScope = Page | Frame;

/** The most Tab presses a walk takes before it fails: past this a user would be lost anyway. */
const MAX_TAB_STOPS = 60;
/** Pixels around a focused element where its focus indicator may be drawn (Fluent's outline sits outside). */
const INDICATOR_MARGIN = 4;

/** The focused element of `scope` as a screen reader names it: its ARIA snapshot line, e.g. `- button "Insert"`. */
export async function focusedName(scope: FocusScope): Promise<string> {
  const focused = scope.locator('*:focus').last();
  if ((await focused.count()) === 0) return '(nothing)';
  const snapshot = await focused.ariaSnapshot();
  return snapshot.split('\n')[0]!.replace(/:$/, '');
}

/**
 * Checks the focused element is seen (WCAG 2.4.7, 2.4.11): inside the viewport, on top at its
 * centre (not under a sticky header or a dialog), and drawn differently focused than not.
 * `unfocused` is the same area captured before focus reached it.
 */
async function expectFocusSeen(page: Page, scope: FocusScope, unfocused: Buffer | null, clip: Clip | null): Promise<void> {
  const focused = scope.locator('*:focus').last();
  const name = await focusedName(scope);
  const obscured = await focused.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = Math.min(Math.max(box.left + box.width / 2, 0), innerWidth - 1);
    const y = Math.min(Math.max(box.top + box.height / 2, 0), innerHeight - 1);
    if (box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth) return 'outside the viewport';
    const top = document.elementFromPoint(x, y);
    const label = element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`) : null;
    // A visually hidden native input sits under the label that draws it.
    const underItsControl = top !== null && (element.contains(top) || top.contains(element) || label?.contains(top) === true);
    return underItsControl ? null : `covered by ${top?.outerHTML.slice(0, 80) ?? 'nothing'}`;
  });
  expect(obscured, `the focused ${name} is seen`).toBeNull();
  if (unfocused && clip) {
    const now = await page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
    expect(now.equals(unfocused), `${name} looks different with the focus on it`).toBe(false);
  }
}

interface Clip {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The area around `locator` where its focus indicator is drawn, in the page's coordinates. */
async function clipAround(page: Page, locator: Locator): Promise<Clip | null> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return null;
  const x = Math.max(0, Math.floor(box.x - INDICATOR_MARGIN));
  const y = Math.max(0, Math.floor(box.y - INDICATOR_MARGIN));
  const width = Math.min(viewport.width - x, Math.ceil(box.width + 2 * INDICATOR_MARGIN));
  const height = Math.min(viewport.height - y, Math.ceil(box.height + 2 * INDICATOR_MARGIN));
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` has the focus, checking at each stop
 * that the focus is seen and that the address did not change, and returns the names of the stops
 * passed, the target's last. Fails when the target is not reached within `MAX_TAB_STOPS`: a trap,
 * or a control the keyboard cannot reach.
 */
export async function tabTo(page: Page, target: Locator, options: { scope?: FocusScope; backwards?: boolean } = {}): Promise<string[]> {
  const scope = options.scope ?? page;
  // A target that never comes would have each press wait on it until the test's timeout.
  await expect(target, 'the walk has one control to reach').toHaveCount(1);
  const stops: string[] = [];
  // Moving the focus changes nothing else (WCAG 3.2.1): no stop opens another screen or page.
  const address = scope.url();
  for (let step = 0; step < MAX_TAB_STOPS; step += 1) {
    if (await isFocused(target)) return stops;
    const next = await nextStop(page, scope, options.backwards === true);
    stops.push(next);
    expect(scope.url(), `the focus on ${next} left the screen as it was`).toBe(address);
  }
  throw new Error(`${target.toString()} was not reached in ${MAX_TAB_STOPS} Tab presses; the stops were:\n${stops.join('\n')}`);
}

/** One Tab press, with the focus seen where it lands; the name of that stop. */
async function nextStop(page: Page, scope: FocusScope, backwards: boolean): Promise<string> {
  const next = await upcomingClip(page, scope, backwards);
  await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  const focused = scope.locator('*:focus').last();
  if ((await focused.count()) === 0) return '(left the page)';
  const clip = await clipAround(page, focused);
  // Compare with the same area before the press, when it is the area just reached.
  const same = next !== null && clip !== null && next.clip.x === clip.x && next.clip.y === clip.y && next.clip.width === clip.width && next.clip.height === clip.height;
  await expectFocusSeen(page, scope, same ? next.pixels : null, clip);
  return focusedName(scope);
}

/**
 * The area and pixels of the element the next Tab will reach, captured before it has the focus,
 * so the walk can tell the focus indicator from the element's own look. Found by moving the focus
 * there and back would change what is tested; the browser's own order is read instead.
 */
async function upcomingClip(page: Page, scope: FocusScope, backwards: boolean): Promise<{ clip: Clip; pixels: Buffer } | null> {
  const marker = await scope.evaluate((reverse) => {
    const candidates = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex], [contenteditable="true"], summary')].filter((element) => {
      if (element.matches(':disabled') || element.tabIndex < 0 || element.closest('[inert], [aria-hidden="true"]')) return false;
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && element.getClientRects().length > 0;
    });
    // Only documents whose order is the DOM's (no positive tabindex) are predicted.
    if (candidates.some((element) => element.tabIndex > 0)) return null;
    const active = document.activeElement;
    const index = active ? candidates.indexOf(active as HTMLElement) : -1;
    const next = reverse ? candidates[index <= 0 ? candidates.length - 1 : index - 1] : candidates[index + 1];
    if (!next) return null;
    next.setAttribute('data-cannery-next-stop', '');
    return true;
  }, backwards);
  if (!marker) return null;
  const upcoming = scope.locator('[data-cannery-next-stop]');
  const clip = await clipAround(page, upcoming);
  await upcoming.evaluate((element) => element.removeAttribute('data-cannery-next-stop'));
  if (!clip) return null;
  return { clip, pixels: await page.screenshot({ clip, animations: 'disabled', caret: 'hide' }) };
}

/** Whether `locator`'s element has the focus now. */
async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement || element.contains(document.activeElement) && element.matches('[role="radiogroup"], [role="tablist"], [role="toolbar"]')).catch(() => false);
}

/** Presses `key` and expects the focus to be on `target` then, seen. */
export async function pressAndExpectFocus(page: Page, key: string, target: Locator, scope: FocusScope = page): Promise<void> {
  await page.keyboard.press(key);
  await expect(target).toBeFocused();
  await expectFocusSeen(page, scope, null, null);
}
