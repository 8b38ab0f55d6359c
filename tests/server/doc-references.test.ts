import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commentBlocks, sourceFiles } from './comment-blocks';

/**
 * References in comments and documents land somewhere: `rules §N` (or §N.M) names a section of
 * docs/rules.md that has an anchor (`<a id="sN">`), the old form that cited a specification outside
 * the repository is gone, and a repository path a comment or document names (`src/…`, `docs/…`,
 * ending in an extension or a slash) exists. A § after an RFC number cites that RFC, not the rules;
 * a path with a placeholder (`hosts/<name>/`, `server/routes/*.ts`) names no one file.
 */
const root = resolve(import.meta.dirname, '../..');
const codeFolders = ['src', 'hosts', 'server', 'entrypoints', 'tests', 'bench', 'scripts', 'infra'];
const CODE_FILE = /\.(?:[mc]?tsx?|[mc]?jsx?)$/;
/** This file: its samples are the mistakes it looks for. */
const self = relative(root, import.meta.filename).split('\\').join('/');
/** Documents that name paths of another repository, with the reason. */
const otherRepositories: Record<string, string> = {
  'manifest-office/schemas/NOTICE.md': "the XSD schemas' source files in Microsoft's documentation repository",
};

const OLD_FORM = /\bspec\s*§/i;
const SECTION = /(?<!RFC \d+,? )§(\d+(?:\.\d+)*)/g;
const PATH = /(?<![\w./~@-])(?:src|server|hosts|docs|tests|scripts|bench|infra|entrypoints|eslint-rules|manifest-office|deploy)\/[\w./-]*/g;

function oldForms(text: string): string[] {
  return text.split('\n').filter((line) => OLD_FORM.test(line)).map((line) => line.trim());
}

/** The rules sections `text` refers to. */
function sectionsCited(text: string): string[] {
  return [...text.matchAll(SECTION)].map((match) => match[1]!);
}

/** The repository paths `text` names: a folder (ending in `/`) or a file (ending in an extension). */
function pathsNamed(text: string): string[] {
  return [...text.matchAll(PATH)].flatMap((match) => {
    if (/[<{*$[]/.test(text[match.index + match[0].length] ?? '')) return [];
    const path = match[0].replace(/\.+$/, '');
    return path.endsWith('/') || /\.[A-Za-z0-9]+$/.test(path) ? [path] : [];
  });
}

function anchorsOf(rules: string): Set<string> {
  return new Set([...rules.matchAll(/<a id="s(\d+(?:\.\d+)*)"><\/a>/g)].map((match) => match[1]!));
}

function markdownFiles(): string[] {
  return [...['README.md', 'CONTRIBUTING.md', 'SECURITY.md'].map((name) => join(root, name)), ...sourceFiles(join(root, 'docs'), /\.md$/), ...['server', 'manifest-office', 'entrypoints', 'hosts'].flatMap((folder) => sourceFiles(join(root, folder), /\.md$/))];
}

interface Source {
  path: string;
  /** The whole text: what § references are looked for in. */
  text: string;
  /** The comments of code, the whole of a document: what paths are looked for in. */
  prose: { where: string; text: string }[];
}

function sources(): Source[] {
  const topFiles = readdirSync(root).filter((name) => CODE_FILE.test(name)).map((name) => join(root, name));
  const code = [...codeFolders.flatMap((folder) => sourceFiles(join(root, folder), CODE_FILE)), ...topFiles];
  return [...code, ...markdownFiles()]
    .map((file) => relative(root, file).split('\\').join('/'))
    .filter((path) => path !== self)
    .map((path) => {
      const text = readFileSync(join(root, path), 'utf8');
      const prose = path.endsWith('.md') ? [{ where: path, text }] : commentBlocks(path, text);
      return { path, text, prose };
    });
}

describe('the matchers', () => {
  it('catch the old form, a missing section and a missing path', () => {
    const sample = ['/**', ` * Shown as the ${'spec'} §8 message (rules §2 "Login screen", §12; RFC 7636 §4.1).`, ' * See src/domain/no-such-file.ts and docs/rules.md, not hosts/<name>/ or server/routes/*.ts.', ' */'].join('\n');
    expect(oldForms(sample)).toHaveLength(1);
    expect(sectionsCited(sample)).toEqual(['8', '2', '12']);
    const anchors = anchorsOf('<a id="s2"></a>\n## 2. Screens\n<a id="s8"></a>\n## 8. Errors\n');
    expect(sectionsCited(sample).filter((section) => !anchors.has(section))).toEqual(['12']);
    expect(pathsNamed(sample)).toEqual(['src/domain/no-such-file.ts', 'docs/rules.md']);
    expect(pathsNamed(sample).filter((path) => !existsSync(join(root, path)))).toEqual(['src/domain/no-such-file.ts']);
  });

  it('read sub-sections and folders, and leave bare folder names alone', () => {
    expect(sectionsCited('rules §4.2, and §9.')).toEqual(['4.2', '9']);
    expect(pathsNamed('In src/tracking/ (see tests/server), then `server/app.ts`.')).toEqual(['src/tracking/', 'server/app.ts']);
    expect(pathsNamed('a URL https://example.com/src/x.ts or ../src/y.ts is not one')).toEqual([]);
  });
});

describe('references in comments and documents', () => {
  const all = sources();
  const anchors = anchorsOf(readFileSync(join(root, 'docs', 'rules.md'), 'utf8'));

  it('are read from code and documents alike', () => {
    expect(all.some((source) => source.path === 'src/domain/recommend-blocks.ts')).toBe(true);
    expect(all.some((source) => source.path === 'docs/architecture.md')).toBe(true);
    expect([...anchors]).toEqual(expect.arrayContaining(['1', '2', '3', '4', '5', '6', '7', '8', '9']));
  });

  it('cite the rules, never the old specification', () => {
    expect(all.flatMap((source) => oldForms(source.text).map((line) => `${source.path}: ${line}`))).toEqual([]);
  });

  it('cite only sections docs/rules.md has', () => {
    expect(all.flatMap((source) => sectionsCited(source.text).filter((section) => !anchors.has(section)).map((section) => `${source.path}: §${section}`))).toEqual([]);
  });

  it('name only repository paths that exist', () => {
    const named = all
      .filter((source) => !(source.path in otherRepositories))
      .flatMap((source) => source.prose.flatMap((block) => pathsNamed(block.text).map((path) => ({ where: block.where, path }))));
    expect(named.length).toBeGreaterThan(500);
    const missing = named.filter(({ path }) => !existsSync(join(root, path))).map(({ where, path }) => `${where}: ${path}`);
    expect([...new Set(missing)]).toEqual([]);
  });
});
