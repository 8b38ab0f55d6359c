import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the kept ARIA snapshots (tests/e2e/aria-snapshots, written from the browser's
 * accessibility tree by the keyboard walks and reviewed) say across screens and hosts:
 * - a link to the same place has the same name everywhere (WCAG 3.2.4 Consistent Identification);
 * - links repeated across screens come in the same order (3.2.3 Consistent Navigation);
 * - where the pane offers help, it is the same link and the last thing on the screen (WCAG 3.2.6
 *   Consistent Help).
 * A snapshot file is YAML in Playwright's form: `- role "name":` lines, indented by depth, with a
 * link's address on a `- /url: …` line under it.
 */
const SNAPSHOTS = resolve(import.meta.dirname, '../e2e/aria-snapshots');

interface SnapshotLine {
  depth: number;
  text: string;
}

function snapshotFiles(): Array<{ name: string; lines: SnapshotLine[] }> {
  return readdirSync(SNAPSHOTS, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.aria.yml'))
    .sort()
    .map((file) => ({ name: file, lines: parseLines(readFileSync(join(SNAPSHOTS, file), 'utf8')) }));
}

function parseLines(text: string): SnapshotLine[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => ({ depth: line.length - line.trimStart().length, text: line.trim() }));
}

/** Each link with a fixed address (not a pattern) and its name, in one snapshot. */
export function linksOf(lines: readonly SnapshotLine[]): Array<{ url: string; name: string }> {
  const links: Array<{ url: string; name: string }> = [];
  lines.forEach((line, index) => {
    const link = /^- link "((?:[^"\\]|\\.)*)":?$/.exec(line.text);
    const next = lines[index + 1];
    const url = next && next.depth > line.depth ? /^- \/url: "?([^"/][^"]*)"?$/.exec(next.text) : null;
    if (link && url) links.push({ url: url[1]!, name: link[1]! });
  });
  return links;
}

/** The names every fixed address is given across `files`, for the addresses given more than one. */
export function inconsistentLinks(files: ReadonlyArray<{ name: string; lines: SnapshotLine[] }>): Record<string, string[]> {
  const names = new Map<string, Set<string>>();
  for (const file of files) for (const { url, name } of linksOf(file.lines)) names.set(url, (names.get(url) ?? new Set()).add(name));
  return Object.fromEntries([...names].filter(([, set]) => set.size > 1).map(([url, set]) => [url, [...set].sort()]));
}

/**
 * The pairs of snapshots that give the links both have (fixed addresses) in a different order,
 * each as the two orders.
 */
export function orderConflicts(files: ReadonlyArray<{ name: string; lines: SnapshotLine[] }>): string[] {
  const orders = files.map((file) => ({ name: file.name, urls: [...new Set(linksOf(file.lines).map((link) => link.url))] }));
  const conflicts: string[] = [];
  orders.forEach((one, index) => {
    for (const other of orders.slice(index + 1)) {
      const shared = one.urls.filter((url) => other.urls.includes(url));
      const there = other.urls.filter((url) => shared.includes(url));
      if (shared.join(' ') !== there.join(' ')) conflicts.push(`${one.name} [${shared.join(', ')}] but ${other.name} [${there.join(', ')}]`);
    }
  });
  return conflicts;
}

/** Where the help box sits in a snapshot: null without one, else whether anything comes after it. */
export function helpPlace(lines: readonly SnapshotLine[]): { last: boolean; link: string | undefined } | null {
  const index = lines.findIndex((line) => line.text === '- complementary "Customer support":');
  if (index < 0) return null;
  const box = lines[index]!;
  const after = lines.slice(index + 1).filter((line) => line.depth <= box.depth);
  return { last: after.length === 0, link: lines[index + 1]?.text };
}

describe('the kept ARIA snapshots, across screens and hosts', () => {
  const files = snapshotFiles();

  it('are there: the walks keep one for each screen they reach', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('name a link to the same place the same way on every screen (WCAG 3.2.4)', () => {
    expect(files.flatMap((file) => linksOf(file.lines)).length).toBeGreaterThan(10);
    expect(inconsistentLinks(files)).toEqual({});
    // Shown failing: the same address under two names.
    const sample = (name: string) => ({ name, lines: parseLines(`- link "${name}":\n  - /url: "#/user-settings"`) });
    expect(inconsistentLinks([sample('User settings'), sample('Settings')])).toEqual({ '#/user-settings': ['Settings', 'User settings'] });
  });

  it('give the ways to other screens in the same order wherever they are repeated (WCAG 3.2.3)', () => {
    expect(orderConflicts(files)).toEqual([]);
    // Shown failing: two screens that swap Home and User settings.
    const sample = (name: string, urls: string[]) => ({ name, lines: parseLines(urls.map((url) => `- link "${url}":\n  - /url: "${url}"`).join('\n')) });
    expect(orderConflicts([sample('a', ['#/home', '#/user-settings']), sample('b', ['#/user-settings', '#/home'])])).toEqual(['a [#/home, #/user-settings] but b [#/user-settings, #/home]']);
  });

  it('put the help link last, with the same words, on every screen that has it (WCAG 3.2.6)', () => {
    const places = files.map((file) => ({ file: file.name, place: helpPlace(file.lines) })).filter((entry) => entry.place !== null);
    expect(places.length).toBeGreaterThan(3);
    for (const { file, place } of places) expect(place, file).toEqual({ last: true, link: '- link "Need help? Contact us.":' });
    // Shown failing: something after the help box.
    const moved = parseLines('- main:\n  - complementary "Customer support":\n    - link "Need help? Contact us.":\n  - button "Log in"');
    expect(helpPlace(moved)).toEqual({ last: false, link: '- link "Need help? Contact us.":' });
  });
});
