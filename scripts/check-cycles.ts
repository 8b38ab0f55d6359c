/**
 * Import circle check (`npm run lint:cycles`): builds the import graph of every source file of the
 * project and fails when any file can reach itself through imports. Every way to name a module
 * counts, type-only ones included (`import type`, `import('x').T`), because a circle of types is
 * still a circle of design: neither side can be understood, tested or moved without the other.
 *
 * Relative imports, WXT's aliases for the project's top (`~/`, `@/`, `~~/`, `@@/`) and absolute
 * paths are resolved the way the bundler does: extensionless, `index` files, and a `.js` specifier
 * naming its `.ts` source. Package imports are not part of the graph.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describeForbiddenReach, findForbiddenReach } from './folder-reach';

/** A directed graph of project files (paths relative to the project, `/`-separated). */
export type ImportGraph = ReadonlyMap<string, ReadonlySet<string>>;

/** Files that import each other in a circle: all of them, and one circle through the first. */
export interface ImportCircle {
  files: string[];
  path: string[];
}

const SOURCE_FILE = /\.(?:[mc]?tsx?|[mc]?jsx?)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report', 'cdk.out']);
const RESOLVED_EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
/** A `.js` specifier may name a TypeScript source (ESM style): `./a.js` → `./a.ts`. */
const SOURCE_OF_OUTPUT: Record<string, string[]> = {
  '.js': ['.ts', '.tsx'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts'],
  '.cjs': ['.cts'],
};

/** Every source file under `root`, skipping dependencies, build output and hidden folders. */
export function listSourceFiles(root: string): string[] {
  const files: string[] = [];
  const visit = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) visit(path);
      } else if (SOURCE_FILE.test(entry.name)) {
        files.push(relative(root, path).split(sep).join('/'));
      }
    }
  };
  visit(root);
  return files.sort();
}

function scriptKind(path: string): ts.ScriptKind {
  if (path.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (path.endsWith('.jsx')) return ts.ScriptKind.JSX;
  if (/\.[mc]?js$/.test(path)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

function stringOf(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteralLike(node)) return node.text;
  if (ts.isLiteralTypeNode(node)) return stringOf(node.literal);
  return undefined;
}

/** The module named by `node` when it is an import of any kind; undefined otherwise. */
function importedModule(node: ts.Node): string | undefined {
  if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return stringOf(node.moduleSpecifier);
  if (ts.isExternalModuleReference(node)) return stringOf(node.expression);
  if (ts.isImportTypeNode(node)) return stringOf(node.argument);
  if (ts.isCallExpression(node)) {
    const callee = node.expression;
    const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
    const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
    if (isImport || isRequire) return stringOf(node.arguments[0]);
  }
  return undefined;
}

/** Whether `node` imports only types: erased at build time, so nothing of the module runs. */
function importsOnlyTypes(node: ts.Node): boolean {
  if (ts.isImportTypeNode(node)) return true;
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause) return false;
    if (clause.isTypeOnly) return true;
    const bindings = clause.namedBindings;
    return !clause.name && bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
  }
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((element) => element.isTypeOnly);
  }
  return false;
}

/**
 * Every module specifier in `code`: static, type-only, re-exported, dynamic, type query, require.
 * With `valuesOnly`, the imports that load code at run time: type-only ones left out.
 */
export function moduleSpecifiers(path: string, code: string, options: { valuesOnly?: boolean } = {}): string[] {
  const parse = { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone };
  const source = ts.createSourceFile(path, code, parse, false, scriptKind(path));
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    const specifier = importedModule(node);
    if (specifier !== undefined && !(options.valuesOnly && importsOnlyTypes(node))) specifiers.push(specifier);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

function resolutionCandidates(base: string): string[] {
  const extension = posix.extname(base);
  const withoutExtension = base.slice(0, base.length - extension.length);
  return [
    base,
    ...(SOURCE_OF_OUTPUT[extension] ?? []).map((sourceExtension) => withoutExtension + sourceExtension),
    ...RESOLVED_EXTENSIONS.map((candidate) => base + candidate),
    ...RESOLVED_EXTENSIONS.map((candidate) => `${base}/index${candidate}`),
  ];
}

/** WXT's aliases for the project's top, as the folder rule reads them. */
const PROJECT_ALIAS = /^(?:~~|@@|~|@)\//;

/**
 * The project file `specifier` of `importer` names, or undefined (a package, an asset). Relative
 * specifiers, WXT's aliases (`~/src/x`) and absolute paths inside `root` all name project files.
 */
export function resolveImport(importer: string, specifier: string, files: ReadonlySet<string>, root?: string): string | undefined {
  const path = specifier.replace(/[?#].*$/, '');
  let base: string;
  if (path.startsWith('.')) base = posix.normalize(posix.join(posix.dirname(importer), path));
  else if (PROJECT_ALIAS.test(path)) base = posix.normalize(path.replace(PROJECT_ALIAS, ''));
  else if (path.startsWith('/') && root !== undefined) base = relative(root, path).split(sep).join('/');
  else return undefined;
  return resolutionCandidates(base).find((candidate) => files.has(candidate));
}

/** The import graph of the source files under `root`; with `valuesOnly`, of the imports that load code. */
export function buildImportGraph(root: string, options: { valuesOnly?: boolean } = {}): ImportGraph {
  const files = listSourceFiles(root);
  const known = new Set(files);
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const code = readFileSync(join(root, file), 'utf8');
    const targets = moduleSpecifiers(file, code, options)
      .map((specifier) => resolveImport(file, specifier, known, root))
      .filter((target): target is string => target !== undefined);
    graph.set(file, new Set(targets));
  }
  return graph;
}

/** Strongly connected components of `graph` (Tarjan's algorithm, iterative). */
function stronglyConnected(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let counter = 0;

  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edges: Iterator<string> }[] = [];
    const enter = (node: string): void => {
      index.set(node, counter);
      lowLink.set(node, counter);
      counter += 1;
      stack.push(node);
      onStack.add(node);
      work.push({ node, edges: (graph.get(node) ?? new Set<string>()).values() });
    };
    enter(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const next = frame.edges.next();
      if (!next.done) {
        const target = next.value;
        if (!index.has(target)) enter(target);
        else if (onStack.has(target)) lowLink.set(frame.node, Math.min(lowLink.get(frame.node)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) lowLink.set(parent.node, Math.min(lowLink.get(parent.node)!, lowLink.get(frame.node)!));
      if (lowLink.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        components.push(component.sort());
      }
    }
  }
  return components;
}

/** The files from `start` to `end` by the `cameFrom` links of a breadth-first search. */
function pathTo(end: string, start: string, cameFrom: ReadonlyMap<string, string>): string[] {
  const backwards = [end];
  for (let step = end; step !== start; ) {
    step = cameFrom.get(step)!;
    backwards.push(step);
  }
  return backwards.reverse();
}

/** The shortest circle from `start` back to itself that stays inside `members`. */
function shortestCircle(graph: ImportGraph, start: string, members: ReadonlySet<string>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let next = 0; next < queue.length; next += 1) {
    const node = queue[next]!;
    for (const target of graph.get(node) ?? []) {
      if (target === start) return [...pathTo(node, start, cameFrom), start];
      if (!members.has(target) || cameFrom.has(target)) continue;
      cameFrom.set(target, node);
      queue.push(target);
    }
  }
  return [start, start];
}

/** Every import circle of `graph`: one entry per group of files that reach each other. */
export function findImportCircles(graph: ImportGraph): ImportCircle[] {
  return stronglyConnected(graph)
    .filter(([first, ...others]) => others.length > 0 || graph.get(first!)?.has(first!))
    .map((files) => ({ files, path: shortestCircle(graph, files[0]!, new Set(files)) }))
    .sort((a, b) => a.files[0]!.localeCompare(b.files[0]!));
}

/** Every file `start` reaches through `graph`, itself included, sorted. */
export function reachOf(graph: ImportGraph, start: string): string[] {
  const seen = new Set([start]);
  const queue = [start];
  for (let next = 0; next < queue.length; next += 1) {
    for (const target of graph.get(queue[next]!) ?? []) {
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return [...seen].sort();
}

/** One circle in words: the path around it, then the group's other files. */
function describeCircle({ files, path }: ImportCircle): string {
  const others = files.filter((file) => !path.includes(file));
  const rest = others.length > 0 ? `\n  (also in it: ${others.join(', ')})` : '';
  return `Import circle among ${files.length} file(s):\n  ${path.join('\n  -> ')}${rest}`;
}

/** The report printed for the circles found. */
export function describeCircles(circles: readonly ImportCircle[]): string {
  return circles.map(describeCircle).join('\n\n');
}

async function main(): Promise<void> {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const started = performance.now();
  const graph = buildImportGraph(root);
  const circles = findImportCircles(graph);
  const { folderBoundaries } = await import('../eslint.config.js');
  const reach = findForbiddenReach(graph, folderBoundaries);
  const elapsed = Math.round(performance.now() - started);
  if (circles.length > 0) {
    console.error(`${describeCircles(circles)}\n\n${circles.length} import circle(s) among ${graph.size} files; break each one (type-only imports count).`);
    process.exitCode = 1;
  }
  if (reach.length > 0) {
    console.error(`${describeForbiddenReach(reach)}\n\n${reach.length} folder(s) reach past the folder table through what they import.`);
    process.exitCode = 1;
  }
  if (circles.length === 0 && reach.length === 0) {
    console.log(`No import circle, and no folder reaches past the folder table, among ${graph.size} files (${elapsed} ms).`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
