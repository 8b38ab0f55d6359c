import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** One comment block: a `/* … *\/` comment, or a run of `//` lines on consecutive lines. */
export interface CommentBlock {
  /** `path:line` of its first line. */
  where: string;
  lines: number;
  text: string;
}

const SKIPPED_FOLDERS = new Set(['node_modules', 'cdk.out', 'dist', '.output', 'data', 'test-results', 'playwright-report']);

/** The files under `folder` whose names match `pattern` (TypeScript sources by default), build output aside. */
export function sourceFiles(folder: string, pattern: RegExp = /\.tsx?$/): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(path, pattern);
    return pattern.test(entry.name) ? [path] : [];
  });
}

function scriptKind(path: string): ts.ScriptKind {
  if (path.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (path.endsWith('.jsx')) return ts.ScriptKind.JSX;
  return /\.[mc]?js$/.test(path) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
}

/** Every comment of a file, found by TypeScript's parser (so `//` inside a string or a regex is not one). */
export function commentBlocks(path: string, code: string): CommentBlock[] {
  const source = ts.createSourceFile(path, code, ts.ScriptTarget.Latest, false, scriptKind(path));
  const ranges = new Map<number, ts.CommentRange>();
  const visit = (node: ts.Node): void => {
    if (node.kind !== ts.SyntaxKind.JsxText) {
      for (const range of [...(ts.getLeadingCommentRanges(code, node.pos) ?? []), ...(ts.getTrailingCommentRanges(code, node.end) ?? [])]) ranges.set(range.pos, range);
    }
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  const lineOf = (position: number): number => source.getLineAndCharacterOfPosition(position).line;
  const blocks: CommentBlock[] = [];
  let run: { first: number; last: number; parts: string[] } | undefined;
  const endRun = (): void => {
    if (run) blocks.push({ where: `${path}:${run.first + 1}`, lines: run.last - run.first + 1, text: run.parts.join('\n') });
    run = undefined;
  };
  for (const range of [...ranges.values()].sort((a, b) => a.pos - b.pos)) {
    const text = code.slice(range.pos, range.end);
    const line = lineOf(range.pos);
    const aloneOnItsLine = code.slice(code.lastIndexOf('\n', range.pos - 1) + 1, range.pos).trim() === '';
    if (range.kind === ts.SyntaxKind.SingleLineCommentTrivia && aloneOnItsLine) {
      if (run && run.last === line - 1) {
        run.last = line;
        run.parts.push(text);
      } else {
        endRun();
        run = { first: line, last: line, parts: [text] };
      }
      continue;
    }
    endRun();
    blocks.push({ where: `${path}:${line + 1}`, lines: lineOf(range.end) - line + 1, text });
  }
  endRun();
  return blocks;
}
