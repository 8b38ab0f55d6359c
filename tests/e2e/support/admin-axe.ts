import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { settledForAxe } from './axe';

/**
 * The serious and critical axe violations of a whole admin page, header included, one readable
 * line each. Unlike `seriousViolations`, nothing is left out: the admin app keeps Fluent's focus
 * sentinels (focusable `aria-hidden` elements, axe's `aria-hidden-focus`) off its pages, so an
 * admin's screen reader never lands on one.
 */
export async function adminPageViolations(page: Page): Promise<string[]> {
  await settledForAxe(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.impact} ${violation.id}: ${violation.help} at ${node.target.join(' ')}`));
}
