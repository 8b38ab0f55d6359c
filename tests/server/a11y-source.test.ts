import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the product's source never does, on any screen, visited by a test or not:
 * - hold the screen to one orientation: no `screen.orientation.lock`, no style for one orientation
 *   only (WCAG 1.3.4);
 * - draw an image of its own: no img, picture, canvas or video element and no raster image
 *   imported into a screen, so no image of text (1.4.5); text in an SVG chart is text, in the
 *   page's font. The product's icon (a can, no text) is the only picture it ships, for the hosts'
 *   toolbars.
 */
const ROOT = resolve(import.meta.dirname, '../..');

function sources(...folders: string[]): Array<{ file: string; text: string }> {
  return folders.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(tsx?|css|html)$/.test(file))
      .map((file) => ({ file: `${folder}/${file}`, text: readFileSync(join(ROOT, folder, file), 'utf8') })),
  );
}

export const ORIENTATION_LOCK = /orientation\.lock\s*\(|@media[^{]*\borientation\s*:/;
export const OWN_IMAGE = /<(?:img|picture|canvas|video)\b|from\s+['"][^'"]+\.(?:png|jpe?g|gif|webp|avif)['"]/;

describe("the product's source (WCAG 1.3.4 and 1.4.5)", () => {
  const product = sources('src', 'hosts');

  it('reads every screen of every host', () => {
    expect(product.length).toBeGreaterThan(100);
    expect(product.map((source) => source.file)).toEqual(expect.arrayContaining(['src/screens/blocks/home.tsx', 'hosts/text-input/picker-frame.ts']));
  });

  it('never holds the screen to one orientation', () => {
    expect(product.filter(({ text }) => ORIENTATION_LOCK.test(text)).map(({ file }) => file)).toEqual([]);
    // Shown failing: a lock and a style for one orientation.
    expect(ORIENTATION_LOCK.test("screen.orientation.lock('portrait')")).toBe(true);
    expect(ORIENTATION_LOCK.test("'@media (orientation: landscape)': { display: 'none' }")).toBe(true);
    expect(ORIENTATION_LOCK.test("<Divider orientation='vertical' />")).toBe(false);
  });

  it('draws no image of its own in any screen: what it shows is text and SVG icons', () => {
    // Markup in strings (the sanitiser's probe, a body that is only a picture) is not a screen's.
    const screens = product.filter(({ file }) => file.endsWith('.tsx'));
    expect(screens.length).toBeGreaterThan(50);
    expect(screens.filter(({ text }) => OWN_IMAGE.test(text)).map(({ file }) => file)).toEqual([]);
    expect(OWN_IMAGE.test('<img src={logo} alt="Cannery" />')).toBe(true);
    expect(OWN_IMAGE.test("import banner from './banner.png';")).toBe(true);
    expect(OWN_IMAGE.test('<ImageRegular />')).toBe(false);
  });
});
