// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { describeCircles, findImportCircles, moduleSpecifiers, resolveImport, type ImportGraph } from '../../../scripts/check-cycles';

/** A graph from `file: imports` pairs. */
function graph(edges: Record<string, string[]>): ImportGraph {
  return new Map(Object.entries(edges).map(([file, targets]) => [file, new Set(targets)]));
}

describe('import circles', () => {
  it('passes an acyclic graph, diamonds included', () => {
    expect(findImportCircles(graph({ a: ['b', 'c'], b: ['d'], c: ['d'], d: [] }))).toEqual([]);
  });

  it('finds a circle of two files', () => {
    expect(findImportCircles(graph({ 'pool.ts': ['routes.ts', 'log.ts'], 'routes.ts': ['pool.ts'], 'log.ts': [] }))).toEqual([
      { files: ['pool.ts', 'routes.ts'], path: ['pool.ts', 'routes.ts', 'pool.ts'] },
    ]);
  });

  it('finds a long circle, a file importing itself, and each circle once', () => {
    const circles = findImportCircles(graph({ a: ['b'], b: ['c'], c: ['d', 'a'], d: [], self: ['self'], x: ['y'], y: ['x'] }));
    expect(circles).toEqual([
      { files: ['a', 'b', 'c'], path: ['a', 'b', 'c', 'a'] },
      { files: ['self'], path: ['self', 'self'] },
      { files: ['x', 'y'], path: ['x', 'y', 'x'] },
    ]);
  });

  it('shows the shortest circle and names the other files of the group', () => {
    const circles = findImportCircles(graph({ a: ['b', 'c'], b: ['a'], c: ['b'] }));
    expect(circles).toEqual([{ files: ['a', 'b', 'c'], path: ['a', 'b', 'a'] }]);
    expect(describeCircles(circles)).toBe('Import circle among 3 file(s):\n  a\n  -> b\n  -> a\n  (also in it: c)');
  });

  it('handles a long chain without running out of stack', () => {
    const edges: Record<string, string[]> = {};
    for (let index = 0; index < 20_000; index += 1) edges[`f${index}`] = [`f${index + 1}`];
    edges.f20000 = ['f0'];
    expect(findImportCircles(graph(edges))[0]?.files).toHaveLength(20_001);
  });
});

describe('import graph', () => {
  it('reads every kind of import, type-only ones included', () => {
    const code = [
      "import a from './a';",
      "import type { B } from './b';",
      "import './c';",
      "export { d } from './d';",
      "export type { E } from './e';",
      "export * from './f';",
      "const g = () => import('./g');",
      "type H = import('./h').H;",
      "const i = require('./i');",
      "import j = require('./j');",
      "const text = \"import('./not-an-import')\"; // import './nor-this'",
    ].join('\n');
    expect(moduleSpecifiers('x.ts', code)).toEqual(['./a', './b', './c', './d', './e', './f', './g', './h', './i', './j']);
  });

  it('reads imports of TSX and plain JavaScript files', () => {
    expect(moduleSpecifiers('x.tsx', "import { A } from './a';\nexport const b = <A />;\n")).toEqual(['./a']);
    expect(moduleSpecifiers('x.js', "import { a } from './a.js';\n")).toEqual(['./a.js']);
  });

  it('resolves relative imports as the bundler does, and leaves packages out', () => {
    const files = new Set(['src/a.ts', 'src/b.tsx', 'src/c/index.ts', 'src/d.ts', 'hosts/host.ts']);
    expect(resolveImport('src/x.ts', './a', files)).toBe('src/a.ts');
    expect(resolveImport('src/x.ts', './b', files)).toBe('src/b.tsx');
    expect(resolveImport('src/x.ts', './c', files)).toBe('src/c/index.ts');
    expect(resolveImport('src/x.ts', './d.js', files)).toBe('src/d.ts');
    expect(resolveImport('src/deep/x.ts', '../../hosts/host', files)).toBe('hosts/host.ts');
    expect(resolveImport('src/x.ts', './styles.css', files)).toBeUndefined();
    expect(resolveImport('src/x.ts', 'react', files)).toBeUndefined();
  });

  it('leaves type-only imports out when asked for the imports that load code', () => {
    const code = [
      "import type { A } from './a';",
      "import { type B } from './b';",
      "import { type C, c } from './c';",
      "export type { D } from './d';",
      "export { e } from './e';",
      "export type F = import('./f').F;",
      "import g from './g';",
      "const h = () => import('./h');",
    ].join('\n');
    expect(moduleSpecifiers('x.ts', code, { valuesOnly: true })).toEqual(['./c', './e', './g', './h']);
    expect(moduleSpecifiers('x.ts', code)).toHaveLength(8);
  });

  it("resolves WXT's aliases and absolute paths inside the project, and leaves scoped packages out", () => {
    const files = new Set(['src/a.ts', 'hosts/host.ts']);
    for (const alias of ['~/', '@/', '~~/', '@@/']) expect(resolveImport('src/deep/x.ts', `${alias}hosts/host`, files), alias).toBe('hosts/host.ts');
    expect(resolveImport('hosts/x.ts', '/project/src/a', files, '/project')).toBe('src/a.ts');
    expect(resolveImport('hosts/x.ts', '/elsewhere/src/a', files, '/project')).toBeUndefined();
    expect(resolveImport('src/x.ts', '@fluentui/react-components', files)).toBeUndefined();
  });

  it('finds a circle closed through an alias', () => {
    const files = new Set(['src/a.ts', 'src/b.ts']);
    const graph: ImportGraph = new Map([
      ['src/a.ts', new Set([resolveImport('src/a.ts', '~/src/b', files)!])],
      ['src/b.ts', new Set([resolveImport('src/b.ts', './a', files)!])],
    ]);
    expect(findImportCircles(graph).map((circle) => circle.files)).toEqual([['src/a.ts', 'src/b.ts']]);
  });
});
