import { expect, test } from '@playwright/test';
import { wcagViolations } from './support/axe';

/**
 * The accessibility checks read colours as they are drawn: a button still fading from a faint
 * colour to its own reads as low contrast. `wcagViolations` waits for the page to be still, so
 * an admin page checked right after Save is judged on what stays on screen.
 */
test('axe judges a button by its colour after a transition, not halfway through it', async ({ page }) => {
  await page.setContent(`<main aria-label="Page">
    <style>button { color: #ddd; background: #fff; transition: color 600ms linear; } button.ready { color: #111; }</style>
    <button type="button">Save</button></main>`);
  await page.locator('button').evaluate((button) => button.classList.add('ready'));
  expect(await wcagViolations(page, 'main')).toEqual([]);
  await expect(page.locator('button')).toHaveCSS('color', 'rgb(17, 17, 17)');
});
