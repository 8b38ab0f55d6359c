import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The serious and critical axe violations in `scope` (by default the playground's task pane: the
 * simulated mail window around it is not ours), one readable line each.
 */
export async function seriousViolations(page: Page, scope = '[aria-label="Cannery task pane"]'): Promise<string[]> {
  // Fluent's focus management (tabster) puts hidden, focusable `<i>` sentinels around a toolbar
  // that hand the focus on at once; axe cannot tell them from content.
  const results = await new AxeBuilder({ page }).include(scope).exclude('[data-tabster-dummy]').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.impact} ${violation.id}: ${violation.help} at ${node.target.join(' ')}`));
}
