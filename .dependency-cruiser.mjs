/**
 * dependency-cruiser's rules, built from the folder table (scripts/folder-table.mjs) so the table
 * stays the one source. For each folder: no import of a project path outside its own folder and
 * its `mayImport`; where it lists `packages`, no other package nor Node built-in; nothing reached
 * through its imports outside `mayImport` and `mayReach`. A file belongs to the most specific key,
 * so a folder's rules leave out the sub-keys that have their own. Everywhere: no import circle,
 * and a file in no folder of the table can neither import, be imported, nor stand alone. Type-only
 * imports count (`tsPreCompilationDeps`); WXT's aliases resolve to the project's top.
 */
import { folderBoundaries } from './scripts/folder-table.mjs';

const TOP_LEVEL_FILES = '*';
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SOURCE_EXTENSION = /\.(?:d\.ts|[mc]?tsx?|[mc]?jsx?)$/;
/** Packages and Node built-ins, as dependency-cruiser types them. */
const PACKAGE_TYPES = ['core', 'npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg', 'npm-unknown', 'unknown', 'undetermined'];

/** The regular expression of a table key: a folder, a file, `*` (top-level files) or `.` (all). */
function area(key) {
  if (key === TOP_LEVEL_FILES) return '^[^/]+$';
  if (key === '.') return '^(?!\\.\\./|node_modules/)';
  const path = key.replace(/^\.\//, '');
  if (SOURCE_EXTENSION.test(path)) return `^${escape(path.replace(SOURCE_EXTENSION, ''))}(?:\\.d\\.ts|\\.[mc]?tsx?|\\.[mc]?jsx?)$`;
  return `^${escape(path)}/`;
}

/** Whether `inner` is a more specific key inside `outer`. */
function isInside(inner, outer) {
  if (inner === outer) return false;
  if (outer === TOP_LEVEL_FILES) return !inner.includes('/') && inner !== '.';
  return inner.startsWith(`${outer}/`);
}

/** The files owned by `key`: its area less the more specific keys inside it. */
function owned(key, keys) {
  const inner = keys.filter((other) => isInside(other, key)).map(area);
  return inner.length > 0 ? { path: area(key), pathNot: inner } : { path: area(key) };
}

/** A package list as the paths its modules resolve to (types packages included). */
function packagePaths(names) {
  const alternatives = names.map((name) => `${escape(name)}|@types/${escape(name.replace(/^@([^/]+)\//, '$1__'))}`);
  return `(?:^|/)node_modules/(?:${alternatives.join('|')})(?:/|$)`;
}

/** The forbidden rules of `table` (keyed like scripts/folder-table.mjs). */
export function boundaryRules(table = folderBoundaries) {
  const keys = Object.keys(table);
  // What reach rules look at: the files of the table (packages resolve elsewhere or to bare names).
  const projectFiles = keys.map((key) => (key === TOP_LEVEL_FILES ? '^[^/]+\\.(?:[mc]?[jt]sx?|json)$' : area(key)));
  const project = { pathNot: '^(?:\\.\\./|/)|(?:^|/)node_modules/', dependencyTypesNot: PACKAGE_TYPES };
  const rules = [
    { name: 'no-circular', severity: 'error', comment: 'Import circles, type-only imports included.', from: {}, to: { circular: true } },
    { name: 'unknown-folder', severity: 'error', comment: 'A file in no folder of the table may not import.', from: { pathNot: keys.map(area) }, to: {} },
    { name: 'unknown-folder', severity: 'error', comment: 'A file in no folder of the table may not be imported.', from: {}, to: { pathNot: keys.map(area), dependencyTypesNot: PACKAGE_TYPES } },
    { name: 'unresolvable', severity: 'error', comment: 'An import that names no file and no installed package.', from: {}, to: { couldNotResolve: true } },
    { name: 'unknown-folder', severity: 'error', comment: 'A file in no folder of the table.', from: { orphan: true, pathNot: keys.map(area) }, to: {} },
  ];
  for (const [key, rule] of Object.entries(table)) {
    const from = owned(key, keys);
    const mayImport = rule.mayImport ?? [];
    if (!mayImport.includes('.')) {
      const allowed = [area(key), ...mayImport.map(area)];
      rules.push({ name: `boundary:${key}`, severity: 'error', comment: `${key} may import only its own files and: ${mayImport.join(', ') || 'nothing'}.`, from, to: { ...project, pathNot: [...allowed, project.pathNot] } });
      const reachable = [...allowed, ...(rule.mayReach ?? []).map(area), project.pathNot];
      const to = { path: projectFiles, pathNot: reachable, reachable: true };
      rules.push({ name: `reach:${key}`, severity: 'error', comment: `${key} may reach only: ${[...mayImport, ...(rule.mayReach ?? [])].join(', ') || 'its own files'}.`, from, to });
    }
    if (rule.packages) {
      const to = { dependencyTypes: PACKAGE_TYPES, ...(rule.packages.length > 0 ? { pathNot: packagePaths(rule.packages) } : {}) };
      rules.push({ name: `packages:${key}`, severity: 'error', comment: `${key} may import only the packages: ${rule.packages.join(', ') || 'none'}.`, from, to });
    }
  }
  return rules;
}

/** The cruise options for the project at `root` (a fixture tree in the tests). */
export function cruiseOptions(root, table = folderBoundaries) {
  const alias = Object.fromEntries(['~~', '@@', '~', '@'].map((name) => [name, root]));
  return {
    baseDir: root,
    ruleSet: { forbidden: boundaryRules(table) },
    tsPreCompilationDeps: true,
    preserveSymlinks: true,
    doNotFollow: { path: '(?:^|/)node_modules/' },
    validate: true,
    exclude: { path: '^(?:infra|dist|data|test-results|playwright-report|\\.(?!\\.)[^/]+)/' },
    enhancedResolveOptions: {
      alias,
      exportsFields: ['exports'],
      conditionNames: ['types', 'import', 'require', 'node', 'browser', 'default'],
      mainFields: ['types', 'typings', 'module', 'main'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.jsx': ['.tsx', '.jsx'], '.mjs': ['.mts', '.mjs'], '.cjs': ['.cts', '.cjs'] },
      extensions: ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json'],
    },
  };
}

const { ruleSet, baseDir: _baseDir, ...options } = cruiseOptions(import.meta.dirname);
/** The configuration file `depcruise --config .dependency-cruiser.mjs` reads. */
export default { forbidden: ruleSet.forbidden, options };
