import { expect, test, type Frame, type Locator, type Page } from '@playwright/test';
import { DEMO_BLOCKS } from '../../server/seed/demo-data';
import { EDITOR_ORIGIN, launchWithExtension, pickerFrame, routeEditors, type LoadedExtension, startInsertionIn } from './support/extension';
import { logInToHome, pane, signInToHome } from './support/sign-in';
import { wcagViolations } from './support/axe';
import { e2eUserFor } from './support/users';

/**
 * Favourites follow the user from host to host: starred in Gmail's side panel (the real extension,
 * e2e build), they are in the Favourites group there and in the text-field picker (which leaves out
 * a block not made for text fields), where the keyboard unstars one, and the side panel opened
 * again shows what the server kept. In the playground's task pane the group sits right after
 * Recommended. The side panel is driven as a tab (see extension-blocks.spec.ts).
 */

/** An Elections block of the demo data, checked to be made for exactly these hosts. */
function demoBlock(name: string, inTextFields: boolean) {
  const block = DEMO_BLOCKS.find((candidate) => candidate.name === name && candidate.team === 'elections');
  if (!block || block.contexts.includes('text_input') !== inTextFields || !block.contexts.includes('gmail')) throw new Error(`The demo data changed: "${name}"`);
  return block;
}

const search = (app: Page | Frame) => app.getByRole('searchbox', { name: 'Search name or content' });
const favourites = (app: Page | Frame) => app.getByRole('list', { name: 'Favourites' });
const star = (scope: Locator, name: string) => scope.getByRole('button', { name: `Favourite ${name}`, exact: true });
const rowNames = (list: Locator) => list.getByRole('listitem').locator('[data-block-button]');
/** The server's answer to a star. */
const starred = (page: Page) => page.waitForResponse((response) => response.url().endsWith('/favouriteautoresponses') && response.request().method() === 'POST' && response.ok());

test.describe('in the extension', () => {
  test.describe.configure({ timeout: 90_000 });
  let extension: LoadedExtension;
  test.beforeEach(async () => {
    extension = await launchWithExtension();
  });
  test.afterEach(async () => {
    await extension.close();
  });

  async function openPanel(): Promise<Page> {
    const panel = await extension.context.newPage();
    await panel.goto(`chrome-extension://${extension.extensionId}/sidepanel.html#/home`);
    return panel;
  }

  test('starred in the Gmail side panel, a block is in the picker’s Favourites too, and unstarred there with the keyboard', async () => {
    const everywhere = demoBlock('Ballot Drop Box Locations', true);
    const emailOnly = demoBlock('Poll Worker Training and Pay', false);
    const user = e2eUserFor('favourites-extension', test.info());
    const panel = await extension.context.newPage();
    await panel.goto(`chrome-extension://${extension.extensionId}/sidepanel.html#/login`);
    await logInToHome(panel, user.email, user.password);
    await expect(favourites(panel)).toHaveCount(0);

    // A click on the star of a search result.
    await search(panel).fill(everywhere.name);
    const results = panel.getByRole('list', { name: 'Search results' });
    await Promise.all([starred(panel), star(results, everywhere.name).click()]);
    await expect(star(results, everywhere.name)).toHaveAttribute('aria-pressed', 'true');
    // The keyboard: Tab from the block's button passes its chevron and reaches its star.
    await search(panel).fill(emailOnly.name);
    await results.getByRole('button', { name: emailOnly.name, exact: true }).focus();
    await panel.keyboard.press('Tab');
    await panel.keyboard.press('Tab');
    await expect(star(results, emailOnly.name)).toBeFocused();
    await Promise.all([starred(panel), panel.keyboard.press('Space')]);
    await expect(star(results, emailOnly.name)).toHaveAttribute('aria-pressed', 'true');
    await search(panel).fill('');
    await expect(rowNames(favourites(panel))).toHaveText([everywhere.name, emailOnly.name]);
    // Reloaded, the panel reads them from the server.
    await panel.reload();
    await expect(rowNames(favourites(panel))).toHaveText([everywhere.name, emailOnly.name]);
    await panel.close();

    // The picker in a text field: the block made for email only is not offered there.
    await routeEditors(extension.context);
    const page = await extension.context.newPage();
    await page.goto(`${EDITOR_ORIGIN}/textarea.html`);
    await page.getByRole('textbox', { name: 'Message' }).focus();
    const opened = await startInsertionIn(extension, `${EDITOR_ORIGIN}/*`);
    expect(opened).toBe(true);
    const picker = await pickerFrame(page);
    await expect(rowNames(favourites(picker))).toHaveText([everywhere.name]);
    await favourites(picker).getByRole('button', { name: everywhere.name, exact: true }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(star(favourites(picker), everywhere.name)).toBeFocused();
    await expect(star(favourites(picker), everywhere.name)).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Enter');
    // The group went with its last row; the focus stayed in the picker, on its search box.
    await expect(favourites(picker)).toHaveCount(0);
    await expect(search(picker)).toBeFocused();

    // The side panel, opened again, shows what the server kept.
    const again = await openPanel();
    await expect(rowNames(favourites(again))).toHaveText([emailOnly.name]);
  });
});

test('in the playground, the Favourites group sits right after Recommended, and passes axe', async ({ page }) => {
  const user = e2eUserFor('favourites-playground', test.info());
  await signInToHome(page, user.email, user.password);
  const home = pane(page);
  await expect(home.getByRole('list', { name: 'Recommended' })).toBeVisible();
  await search(page).fill('Vote Center Hours');
  await star(home.getByRole('list', { name: 'Search results' }), 'Vote Center Hours').click();
  await search(page).fill('');
  await expect(rowNames(home.getByRole('list', { name: 'Favourites' }))).toHaveText(['Vote Center Hours']);
  const groups = await home.getByRole('region').evaluateAll((regions) => regions.map((region) => region.getAttribute('aria-label')));
  // The groups of blocks, in order (the classification panel above them is a region too).
  const recommendedAt = groups.indexOf('Recommended');
  expect(recommendedAt).toBeGreaterThanOrEqual(0);
  expect(groups[recommendedAt + 1]).toBe('Favourites');
  expect(groups.length).toBeGreaterThan(recommendedAt + 2);
  // The stars and the group pass axe, as the rest of Home does (a11y.spec.ts).
  expect(await wcagViolations(page)).toEqual([]);
  // Starred in another host's Home, it is there after a reload: kept on the server.
  await page.reload();
  await expect(rowNames(pane(page).getByRole('list', { name: 'Favourites' }))).toHaveText(['Vote Center Hours']);
});
