import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commentBlocks, sourceFiles, type CommentBlock } from './comment-blocks';

/**
 * Product code says what it guarantees in short comments; why it was built so, and what was tried
 * and measured, lives in docs/decisions/, and figures come from `npm run eval` and `npm run bench`.
 * So no comment block in src/, hosts/, server/ or entrypoints/ (seed data aside) runs over 15
 * lines, and none states a measured figure. A block is one `/* … *\/` comment or a run of `//`
 * lines on consecutive lines.
 */
const root = resolve(import.meta.dirname, '../..');
const productFolders = ['src', 'hosts', 'server', 'entrypoints'];
const exempt = ['server/seed/'];
const MAX_LINES = 15;

/**
 * What a measured figure looks like in prose: a score beside the measure it scores, a before and
 * after, a timing or size someone observed, a median or percentile, a share won or lost. Limits
 * and settings (a 32 KB cap, a 500 ms poll, 30 minutes by default) are rules, not measurements.
 */
const measuredFigure: RegExp[] = [
  /\b(?:top-\d+|precision|recall|mrr|ndcg|f1|hit rate|accuracy)\b.{0,60}\b\d*\.\d{2,}\b/i,
  /\b\d*\.\d{2,}\b.{0,60}\b(?:top-\d+|precision|recall|mrr|ndcg|f1|hit rate|accuracy)\b/i,
  /\b\d+\.\d+\s*(?:to|->|→)\s*\d+\.\d+\b/,
  /\b(?:was|were|went from|is now)\s+~?\d+(?:\.\d+)?\s*(?:%|ms|s|kb|mb)?(?![\w-])/i,
  /\b(?:took|takes|taking|in (?:about|some)|about|some|around|roughly)\s+~?[\d,]+(?:\.\d+)?\s*(?:µs|ms|s|sec|seconds|milliseconds)\b/i,
  /\b(?:about|some|around|roughly|weighs|weighed)\s+~?[\d,]+(?:\.\d+)?\s*(?:kb|mb|gb|bytes)\b/i,
  /~\s*[\d,]+(?:\.\d+)?\s*(?:µs|ms|s|kb|mb)\b/i,
  /\b[\d,]+(?:\.\d+)?\s*(?:kb|mb)\s+(?:gzip|gzipped|minified|brotli|compressed)\b/i,
  /\b(?:median|p50|p75|p90|p95|p99)\b.{0,40}\d/i,
  /\d\s*(?:µs|ms|s|%)?\s+(?:median|p50|p75|p90|p95|p99)\b/i,
  /\bmeasured\b.{0,60}\d|\d(?:\.\d+)?\s*(?:%|ms|s|kb|mb)?\s+.{0,40}\bmeasured\b/i,
  /\b\d+(?:\.\d+)?\s*%.{0,40}\b(?:lose|loses|lost|losing|gain|gains|gained|hits?|top-\d+|precision|recall|faster|slower|smaller|larger)\b/i,
  /\b\d+(?:\.\d+)?\s*(?:x|×|times)\s+(?:faster|slower|smaller|larger)\b/i,
];

/** A comment's prose on one line: markers and line breaks gone, so a figure split over lines is still seen. */
function prose(comment: string): string {
  return comment
    .replace(/^\/\*\*?|\*\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*(?:\/\/+|\*)?\s?/, '').trim())
    .join(' ');
}

function statesMeasuredFigure(comment: string): string | undefined {
  const text = prose(comment);
  for (const pattern of measuredFigure) {
    const match = pattern.exec(text);
    if (match) return match[0];
  }
  return undefined;
}

function productBlocks(): CommentBlock[] {
  return productFolders
    .flatMap((folder) => sourceFiles(join(root, folder)))
    .map((file) => relative(root, file).split('\\').join('/'))
    .filter((path) => !exempt.some((folder) => path.startsWith(folder)))
    .flatMap((path) => commentBlocks(path, readFileSync(join(root, path), 'utf8')));
}

describe('the detector', () => {
  it('finds a long block, a run of line comments, and a figure split over lines', () => {
    const longDoc = `/**\n${Array.from({ length: 15 }, (_, i) => ` * line ${i}\n`).join('')} */\nexport const a = 1;\n`;
    const lineRun = `${Array.from({ length: 16 }, (_, i) => `// line ${i}\n`).join('')}export const b = '// not a comment';\n`;
    expect(commentBlocks('long.ts', longDoc).map((block) => block.lines)).toEqual([17]);
    expect(commentBlocks('run.ts', lineRun).map((block) => block.lines)).toEqual([16]);
    expect(commentBlocks('short.ts', `// one\n\n// two\nconst c = 'https://x'; // three\n`).map((block) => block.lines)).toEqual([1, 1, 1]);
    expect(statesMeasuredFigure('/**\n * Checked on the held-out set: top-3\n * 0.826 before and after.\n */')).toBeDefined();
    expect(statesMeasuredFigure('// no-answer emails shown was 4.33')).toBeDefined();
    expect(statesMeasuredFigure('/** Loading the index took 30 ms, about 27 MB. */')).toBeDefined();
    expect(statesMeasuredFigure('// The names data is 360 KB gzip.')).toBeDefined();
    expect(statesMeasuredFigure('// p95 of 12 ms on the bench.')).toBeDefined();
    expect(statesMeasuredFigure('/** 40% was the largest share; 50% loses one top-3 hit. */')).toBeDefined();
  });

  it('lets rules and limits through', () => {
    expect(statesMeasuredFigure('/** The reply form takes at most 32 KB; hosts poll every 500 ms. */')).toBeUndefined();
    expect(statesMeasuredFigure('/** Minutes without interaction that end a session (default 30). */')).toBeUndefined();
    expect(statesMeasuredFigure('/** BM25 with k1 = 1.2 and b = 0.75. */')).toBeUndefined();
  });
});

describe('comments in product code', () => {
  const blocks = productBlocks();

  it('are read from the product folders', () => {
    expect(blocks.length).toBeGreaterThan(1000);
  });

  it(`have no block over ${MAX_LINES} lines (the why goes to docs/decisions/)`, () => {
    expect(blocks.filter((block) => block.lines > MAX_LINES).map((block) => `${block.where} (${block.lines} lines)`)).toEqual([]);
  });

  it('state no measured figure (npm run eval and npm run bench print them)', () => {
    expect(blocks.flatMap((block) => {
      const figure = statesMeasuredFigure(block.text);
      return figure === undefined ? [] : [`${block.where}: "${figure}"`];
    })).toEqual([]);
  });
});
