import axe from 'axe-core';
import AxeBuilder from '@axe-core/playwright';
import type { Frame, Page } from '@playwright/test';

/**
 * Waits until no finite CSS transition or animation runs on the page: axe reads colours as they
 * are drawn, so a button still fading to its enabled colour reads as low contrast. Endless ones
 * (spinners) are not waited for, nor anything past `SETTLE_LIMIT_MS` (then axe judges as it is).
 */
export async function settledForAxe(page: Page | Frame): Promise<void> {
  await page.evaluate(async (limitMs) => {
    const deadline = performance.now() + limitMs;
    while (performance.now() < deadline) {
      const running = document.getAnimations().filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity);
      if (running.length === 0) return;
      const left = Math.max(0, deadline - performance.now());
      await Promise.race([Promise.all(running.map((animation) => animation.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, left))]);
      await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    }
  }, SETTLE_LIMIT_MS);
}

/** The longest the accessibility checks wait for the page to be still. */
const SETTLE_LIMIT_MS = 3_000;

/**
 * Every WCAG 2.0, 2.1 and 2.2 rule of levels A and AA that axe-core has, target size (2.5.8)
 * included; axe's best practices, which are not conformance requirements, are not run.
 */
export const WCAG_22_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** One readable line per element axe faults, of any impact. */
async function wcagViolationsOf(builder: AxeBuilder): Promise<string[]> {
  const results = await builder.withTags(WCAG_22_AA_TAGS).analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.impact} ${violation.id}: ${violation.help} at ${node.target.join(' ')}`));
}

/**
 * The WCAG 2.2 A and AA violations axe finds in `scope` (by default the playground's task pane:
 * the simulated mail window around it is not ours), once the page is still.
 */
export async function wcagViolations(page: Page, scope = '[aria-label="Cannery task pane"]'): Promise<string[]> {
  await settledForAxe(page);
  // Fluent's focus management (tabster) puts hidden, focusable `<i>` sentinels around a toolbar
  // that hand the focus on at once; axe cannot tell them from content.
  return wcagViolationsOf(new AxeBuilder({ page }).include(scope).exclude('[data-tabster-dummy]'));
}

/**
 * The WCAG 2.2 A and AA violations of a whole page, header included. Unlike `wcagViolations`,
 * nothing is left out: the admin app, the side panel and the picker keep Fluent's focus sentinels
 * (focusable `aria-hidden` elements) off their pages, so a screen reader never lands on one.
 */
export async function pageWcagViolations(page: Page): Promise<string[]> {
  await settledForAxe(page);
  return wcagViolationsOf(new AxeBuilder({ page }));
}

/**
 * The WCAG 2.2 A and AA violations of one frame's document, for the picker: its frame sits in a
 * closed shadow root of the page it opened on, where axe, run on the page, cannot follow.
 */
export async function frameWcagViolations(frame: Frame): Promise<string[]> {
  await settledForAxe(frame);
  await frame.evaluate(axe.source);
  const violations = await frame.evaluate(async (tags) => {
    const { axe: runner } = globalThis as unknown as { axe: typeof axe };
    const results = await runner.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.impact} ${violation.id}: ${violation.help} at ${node.target.join(' ')}`));
  }, WCAG_22_AA_TAGS);
  return violations;
}
