import { expect, test } from '@playwright/test';
import { tabTo } from './support/keyboard';

/** The keyboard walks' own checks fail where a user would be lost: they are what the walks prove. */

const page2 = (css: string) => `<main aria-label="Page"><style>button { padding: 8px; border: 1px solid #555; background: #fff; color: #111; } ${css}</style>
  <button type="button">First</button> <button type="button">Second</button></main>`;

test('a stop is accepted where the focus is drawn, and refused where it is not', async ({ page }) => {
  await page.setContent(page2('button:focus-visible { outline: 2px solid #0f6cbd; }'));
  expect(await tabTo(page, page.getByRole('button', { name: 'Second' }))).toEqual(['- button "First"', '- button "Second"']);

  await page.setContent(page2('button:focus { outline: none; }'));
  await expect(tabTo(page, page.getByRole('button', { name: 'Second' }))).rejects.toThrow('looks different with the focus on it');
});

test('a stop under a sticky bar is refused as obscured', async ({ page }) => {
  await page.setViewportSize({ width: 400, height: 300 });
  await page.setContent(`<main aria-label="Page"><div style="position: fixed; bottom: 0; left: 0; right: 0; height: 120px; background: #eee">Bar</div>
    <div style="height: 220px"></div><button type="button" style="outline-offset: 2px">Hidden</button></main>`);
  await expect(tabTo(page, page.getByRole('button', { name: 'Hidden' }))).rejects.toThrow('is seen');
});

test('a control the keyboard cannot reach fails the walk, naming the stops it went through', async ({ page }) => {
  await page.setContent(page2('') + '<div role="button" aria-label="Unreachable">Unreachable</div>');
  await expect(tabTo(page, page.getByRole('button', { name: 'Unreachable' }))).rejects.toThrow(/was not reached in \d+ Tab presses/);
});

test('a control that changes the screen when it gets the focus fails the walk (WCAG 3.2.1)', async ({ page }) => {
  await page.setContent(page2('button:focus-visible { outline: 2px solid #0f6cbd; }'));
  await page.getByRole('button', { name: 'First' }).evaluate((button) => button.addEventListener('focus', () => history.pushState(null, '', '#/elsewhere')));
  await expect(tabTo(page, page.getByRole('button', { name: 'Second' }))).rejects.toThrow('left the screen as it was');
});
