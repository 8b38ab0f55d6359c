import { expect, test, type Locator, type Page } from '@playwright/test';
import { xssVectors } from '../fixtures/xss-vectors';
import { pane, signInToHome } from './support/sign-in';
import { e2eUserFor } from './support/users';

/**
 * Hostile block bodies, end to end: every vector of tests/fixtures/xss-vectors.ts is a block of
 * the 'Hostile Samples' team (support/hostile-blocks.ts), which the 'xss' user sees. In the real
 * playground, each one is shown in the hover tooltip and the inline preview, then inserted into
 * the compose body (a contenteditable); a trap at `window.__xss` must never be called, and the
 * vector's harmless text must be there each time.
 *
 * The extension's text-field picker takes a sample of the same vectors into a real contenteditable
 * in tests/e2e/extension-blocks.spec.ts; both render through the one sanitiser (src/sanitize/).
 */

declare global {
  interface Window {
    __xss?: (name: unknown) => void;
    __xssReport?: (name: string) => Promise<void>;
  }
}

const body = (page: Page) => page.getByRole('textbox', { name: 'Message body' });

/**
 * What in the elements of `roots` could run script or load a document: script-bearing elements,
 * `on*` attributes, and URL attributes with a script or document scheme. Empty for a safe rendering.
 */
function activeContent(roots: Locator): Promise<string[]> {
  return roots.evaluateAll((elements) => {
    const tags = 'script, iframe, frame, frameset, object, embed, applet, base, meta, link, style, form, input, button, select, textarea, svg, math, template';
    const urlAttribute = /(^|:)(href|src|srcdoc|srcset|action|formaction|data)$/;
    const scriptUrl = /^\s*(javascript|vbscript|data:text|data:image\/svg)/i;
    const found: string[] = [];
    for (const root of elements) {
      for (const each of root.querySelectorAll(tags)) found.push(`<${each.localName}>`);
      for (const each of [root, ...root.querySelectorAll('*')]) {
        for (const { name, value } of each.attributes) {
          if (/^on/i.test(name)) found.push(`${each.localName}[${name}]`);
          if (urlAttribute.test(name.toLowerCase()) && scriptUrl.test(value.replace(/[\t\n\r]/g, ''))) found.push(`${each.localName}[${name}=${value}]`);
        }
      }
    }
    return found;
  });
}

test('every hostile block shows in its tooltip and preview and goes into the reply without running, its text kept', async ({ page }, testInfo) => {
  // One sign-in, then about a second per vector (hover, tooltip, preview, insertion).
  test.setTimeout(240_000);
  const calls: string[] = [];
  await page.exposeFunction('__xssReport', (name: string) => {
    calls.push(name);
  });
  // Before any of the app's scripts, in every frame: a payload that ran would land here.
  await page.addInitScript(() => {
    window.__xss = (name) => void window.__xssReport?.(String(name));
  });
  // Every rendering of a body: the inline previews, and the tooltips, which Fluent keeps in the
  // page (hidden) for every listed block, as the button's aria-describedby target.
  const previews = page.getByTestId('block-preview');

  const user = e2eUserFor('xss', testInfo);
  await signInToHome(page, user.email, user.password);
  const start = page.url();
  await page.getByRole('tab', { name: 'Compose' }).click();
  await expect(body(page)).toBeVisible();
  await expect(pane(page).getByRole('list', { name: 'Other blocks' }).getByRole('listitem')).toHaveCount(50);
  expect(await activeContent(previews), 'active content in the listed blocks').toEqual([]);

  // Each block is found by search: its flat results hold still, while Recommended, above the
  // grouped list, follows what the reply says and comes and goes as blocks go into it.
  const search = pane(page).getByRole('searchbox', { name: 'Search name or content' });
  const results = pane(page).getByRole('list', { name: 'Search results' });

  for (const vector of xssVectors) {
    await test.step(vector.name, async () => {
      await search.fill(vector.name);
      const row = results.getByRole('listitem').filter({ has: page.getByRole('button', { name: vector.name, exact: true }) });
      const use = row.getByRole('button', { name: vector.name, exact: true });

      // Hovering the block shows its tooltip (a click would hide it). The pointer comes from
      // outside: a new row under a still pointer gets no mouseenter.
      await page.mouse.move(0, 0);
      await use.hover();
      await expect(page.getByRole('tooltip').getByText(vector.keptText).first()).toBeVisible();

      // The chevron shows the whole body inline.
      await row.getByRole('button', { name: `Show the text of ${vector.name}` }).click();
      await expect(row.getByTestId('block-preview').getByText(vector.keptText).first()).toBeVisible();
      expect(await activeContent(previews), 'active content in a preview or tooltip').toEqual([]);

      // One click puts it into the (emptied) reply.
      await body(page).evaluate((element) => element.replaceChildren());
      await use.click();
      await expect(body(page).getByText(vector.keptText).first()).toBeVisible();
      expect(await activeContent(body(page)), 'active content in the reply').toEqual([]);

      expect(calls, `window.__xss was called by the time ${vector.name} was inserted`).toEqual([]);
    });
  }

  // Handlers of failed loads and timers fire late: give them time, then check once more.
  await page.waitForTimeout(1_000);
  expect(calls).toEqual([]);
  expect(page.url()).toBe(start);
});
