import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The documents point at what exists: every relative link of the README, CONTRIBUTING.md,
 * SECURITY.md and docs/ names a file or folder of the repository, and the README stays the short
 * entry it is meant to be (the rest lives in docs/, linked from it).
 */
const root = resolve(import.meta.dirname, '../..');
const pages = ['README.md', 'CONTRIBUTING.md', 'SECURITY.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`), ...readdirSync(join(root, 'docs', 'decisions')).map((name) => `docs/decisions/${name}`)];

function relativeLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((target) => !/^(?:[a-z]+:|#)/.test(target));
}

describe('the documents', () => {
  it.each(pages)('%s links only to files that exist', (page) => {
    const text = readFileSync(join(root, page), 'utf8');
    const missing = relativeLinks(text).filter((target) => !existsSync(resolve(dirname(join(root, page)), target.split('#')[0]!)));
    expect(missing).toEqual([]);
  });

  it('the README is short and links to a page for each reader', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
    for (const page of ['docs/staff.md', 'docs/admins.md', 'docs/operators.md', 'docs/configuration.md', 'docs/security.md', 'docs/development.md', 'CONTRIBUTING.md', 'SECURITY.md']) {
      expect(relativeLinks(readme)).toContain(page);
    }
  });
});
