import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Waits until no finite CSS transition or animation runs on the page: axe reads colours as they
 * are drawn, so a button still fading to its enabled colour reads as low contrast. Endless ones
 * (spinners) are not waited for, nor anything past `SETTLE_LIMIT_MS` (then axe judges as it is).
 */
export async function settledForAxe(page: Page): Promise<void> {
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
 * The serious and critical axe violations in `scope` (by default the playground's task pane: the
 * simulated mail window around it is not ours), one readable line each, once the page is still.
 */
export async function seriousViolations(page: Page, scope = '[aria-label="Cannery task pane"]'): Promise<string[]> {
  await settledForAxe(page);
  // Fluent's focus management (tabster) puts hidden, focusable `<i>` sentinels around a toolbar
  // that hand the focus on at once; axe cannot tell them from content.
  const results = await new AxeBuilder({ page }).include(scope).exclude('[data-tabster-dummy]').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.impact} ${violation.id}: ${violation.help} at ${node.target.join(' ')}`));
}
