import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/accessibility-conformance.md, the Accessibility Conformance Report, stays honest: Table 1
 * holds every WCAG 2.2 Level A criterion and Table 2 every Level AA one, each once, in the words of
 * WCAG; a row's conformance level is one of VPAT's terms, Not Evaluated left to Level AAA; a row that says Supports or Partially
 * Supports names at least one test, and every test named (`tests/… › "title"`, the syntax the top
 * of the report describes) is a file with a `test(…)` or `it(…)` of exactly that title.
 */
const root = resolve(import.meta.dirname, '../..');
const REPORT = 'docs/accessibility-conformance.md';

type Level = 'A' | 'AA';

/**
 * WCAG 2.2's success criteria of levels A and AA, written out from the Recommendation (not read
 * from the report). 4.1.1 Parsing is obsolete and removed in 2.2; VPAT 2.5 keeps its row.
 */
const WCAG_22: ReadonlyArray<readonly [string, string, Level]> = [
  ['1.1.1', 'Non-text Content', 'A'],
  ['1.2.1', 'Audio-only and Video-only (Prerecorded)', 'A'],
  ['1.2.2', 'Captions (Prerecorded)', 'A'],
  ['1.2.3', 'Audio Description or Media Alternative (Prerecorded)', 'A'],
  ['1.2.4', 'Captions (Live)', 'AA'],
  ['1.2.5', 'Audio Description (Prerecorded)', 'AA'],
  ['1.3.1', 'Info and Relationships', 'A'],
  ['1.3.2', 'Meaningful Sequence', 'A'],
  ['1.3.3', 'Sensory Characteristics', 'A'],
  ['1.3.4', 'Orientation', 'AA'],
  ['1.3.5', 'Identify Input Purpose', 'AA'],
  ['1.4.1', 'Use of Color', 'A'],
  ['1.4.2', 'Audio Control', 'A'],
  ['1.4.3', 'Contrast (Minimum)', 'AA'],
  ['1.4.4', 'Resize Text', 'AA'],
  ['1.4.5', 'Images of Text', 'AA'],
  ['1.4.10', 'Reflow', 'AA'],
  ['1.4.11', 'Non-text Contrast', 'AA'],
  ['1.4.12', 'Text Spacing', 'AA'],
  ['1.4.13', 'Content on Hover or Focus', 'AA'],
  ['2.1.1', 'Keyboard', 'A'],
  ['2.1.2', 'No Keyboard Trap', 'A'],
  ['2.1.4', 'Character Key Shortcuts', 'A'],
  ['2.2.1', 'Timing Adjustable', 'A'],
  ['2.2.2', 'Pause, Stop, Hide', 'A'],
  ['2.3.1', 'Three Flashes or Below Threshold', 'A'],
  ['2.4.1', 'Bypass Blocks', 'A'],
  ['2.4.2', 'Page Titled', 'A'],
  ['2.4.3', 'Focus Order', 'A'],
  ['2.4.4', 'Link Purpose (In Context)', 'A'],
  ['2.4.5', 'Multiple Ways', 'AA'],
  ['2.4.6', 'Headings and Labels', 'AA'],
  ['2.4.7', 'Focus Visible', 'AA'],
  ['2.4.11', 'Focus Not Obscured (Minimum)', 'AA'],
  ['2.5.1', 'Pointer Gestures', 'A'],
  ['2.5.2', 'Pointer Cancellation', 'A'],
  ['2.5.3', 'Label in Name', 'A'],
  ['2.5.4', 'Motion Actuation', 'A'],
  ['2.5.7', 'Dragging Movements', 'AA'],
  ['2.5.8', 'Target Size (Minimum)', 'AA'],
  ['3.1.1', 'Language of Page', 'A'],
  ['3.1.2', 'Language of Parts', 'AA'],
  ['3.2.1', 'On Focus', 'A'],
  ['3.2.2', 'On Input', 'A'],
  ['3.2.3', 'Consistent Navigation', 'AA'],
  ['3.2.4', 'Consistent Identification', 'AA'],
  ['3.2.6', 'Consistent Help', 'A'],
  ['3.3.1', 'Error Identification', 'A'],
  ['3.3.2', 'Labels or Instructions', 'A'],
  ['3.3.3', 'Error Suggestion', 'AA'],
  ['3.3.4', 'Error Prevention (Legal, Financial, Data)', 'AA'],
  ['3.3.7', 'Redundant Entry', 'A'],
  ['3.3.8', 'Accessible Authentication (Minimum)', 'AA'],
  ['4.1.1', 'Parsing', 'A'],
  ['4.1.2', 'Name, Role, Value', 'A'],
  ['4.1.3', 'Status Messages', 'AA'],
];

const TERMS = ['Supports', 'Partially Supports', 'Does Not Support', 'Not Applicable', 'Not Evaluated'] as const;
/** The levels that claim the criterion is met, at least in part: they must name their tests. */
const CLAIMS: readonly string[] = ['Supports', 'Partially Supports'];

const TABLES: Record<Level, string> = { A: 'Table 1: Success Criteria, Level A', AA: 'Table 2: Success Criteria, Level AA' };

interface Row {
  table: Level;
  criterion: string;
  level: string;
  tests: TestReference[];
  /** References after `Tests:` that do not read as `path › "title"`. */
  malformed: string[];
}

interface TestReference {
  file: string;
  title: string;
}

/** A `|` that separates cells (not one written `\|` inside a cell). */
const CELL_SEPARATOR = /(?<!\\)\|/;
const REFERENCE = /^(tests\/[\w./-]+\.(?:spec|test)\.tsx?) › "((?:\\.|[^"\\])*)"$/;

/** The title a `\"`-escaped reference stands for. */
function unescapeTitle(title: string): string {
  return title.replace(/\\(.)/g, '$1');
}

/** The tests a row's remarks name: everything after `Tests:`, references separated by `;` outside quotes. */
function referencesOf(remarks: string): { tests: TestReference[]; malformed: string[] } {
  const at = remarks.indexOf('Tests:');
  if (at < 0) return { tests: [], malformed: [] };
  const parts = remarks.slice(at + 'Tests:'.length).match(/(?:"(?:\\.|[^"\\])*"|[^;"])+/g) ?? [];
  const tests: TestReference[] = [];
  const malformed: string[] = [];
  for (const part of parts.map((text) => text.trim()).filter(Boolean)) {
    const match = REFERENCE.exec(part);
    if (match) tests.push({ file: match[1]!, title: unescapeTitle(match[2]!) });
    else malformed.push(part);
  }
  return { tests, malformed };
}

/** The rows of the report's two tables: each row under a `### Table N:` heading up to the next heading. */
function parseReport(markdown: string): Row[] {
  const rows: Row[] = [];
  let table: Level | null = null;
  for (const line of markdown.split('\n')) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      const title = heading[1]!.trim();
      table = title === TABLES.A ? 'A' : title === TABLES.AA ? 'AA' : null;
      continue;
    }
    if (!table || !line.startsWith('|')) continue;
    const cells = line.split(CELL_SEPARATOR).slice(1, -1).map((cell) => cell.trim());
    if (cells.length < 3 || cells[0] === 'Criteria' || /^-+$/.test(cells[0]!)) continue;
    rows.push({ table, criterion: cells[0]!, level: cells[1]!, ...referencesOf(cells.slice(2).join('|')) });
  }
  return rows;
}

/** The titles of the `test(…)` and `it(…)` calls of a test file whose title is a plain string. */
function testTitlesIn(source: string): Set<string> {
  const calls = /\b(?:test|it)(?:\.(?:only|skip|fixme|fail|concurrent|sequential))?\(\s*(?:'((?:\\.|[^'\\\n])*)'|"((?:\\.|[^"\\\n])*)"|`((?:\\.|[^`\\$])*)`)\s*,/g;
  return new Set([...source.matchAll(calls)].map((match) => unescapeTitle(match[1] ?? match[2] ?? match[3]!)));
}

/** What is wrong with a report: one line per problem, none when it holds. */
function problemsOf(markdown: string, readTestFile: (path: string) => string | null): string[] {
  const rows = parseReport(markdown);
  const problems: string[] = [];
  for (const [number, name, level] of WCAG_22) {
    const expected = `${number} ${name} (Level ${level})`;
    const found = rows.filter((row) => row.criterion.startsWith(`${number} `));
    if (found.length === 0) problems.push(`${expected}: missing`);
    if (found.length > 1) problems.push(`${expected}: ${found.length} rows`);
    for (const row of found) {
      if (row.criterion !== expected) problems.push(`${expected}: the row reads "${row.criterion}"`);
      if (row.table !== level) problems.push(`${expected}: in the Level ${row.table} table`);
    }
  }
  const known = new Set(WCAG_22.map(([number]) => number));
  for (const row of rows) {
    const number = /^\d+\.\d+\.\d+/.exec(row.criterion)?.[0];
    if (!number || !known.has(number)) problems.push(`${row.criterion}: not a WCAG 2.2 A or AA criterion`);
    if (!(TERMS as readonly string[]).includes(row.level)) problems.push(`${row.criterion}: "${row.level}" is not a VPAT term`);
    if (row.level === 'Not Evaluated' && number && known.has(number)) problems.push(`${row.criterion}: VPAT 2.5 allows Not Evaluated for Level AAA only`);
    if (CLAIMS.includes(row.level) && row.tests.length === 0) problems.push(`${row.criterion}: ${row.level} names no test`);
    for (const text of row.malformed) problems.push(`${row.criterion}: cannot read the reference ${text}`);
    for (const test of row.tests) {
      const source = readTestFile(test.file);
      if (source === null) problems.push(`${row.criterion}: ${test.file} does not exist`);
      else if (!testTitlesIn(source).has(test.title)) problems.push(`${row.criterion}: ${test.file} has no test "${test.title}"`);
    }
  }
  return problems;
}

function readFromRepository(path: string): string | null {
  const file = join(root, path);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/** A report of every criterion, Not Applicable, with one row replaced by `row` (a whole table line). */
function reportWith(number: string, row: string): string {
  const lines = (level: Level) => WCAG_22.filter((criterion) => criterion[2] === level).map(([n, name, l]) => (n === number ? row : `| ${n} ${name} (Level ${l}) | Not Applicable | None. |`));
  return [`### ${TABLES.A}`, '', '| Criteria | Conformance Level | Remarks and Explanations |', '| --- | --- | --- |', ...lines('A'), '', `### ${TABLES.AA}`, '', '| Criteria | Conformance Level | Remarks and Explanations |', '| --- | --- | --- |', ...lines('AA')].join('\n');
}

const FAKE_TESTS: Record<string, string> = {
  'tests/e2e/fake.spec.ts': `test('walks the pane', async () => {});\ntest.describe('a group', () => {\n  test("keeps \\"quoted\\" words", async () => {});\n  it(\`a template title\`, () => {});\n});`,
};
const fakeFiles = (path: string) => FAKE_TESTS[path] ?? null;

describe('the checks of the conformance report', () => {
  it('pass a report that lists every criterion once and names tests that exist', () => {
    const row = '| 2.1.1 Keyboard (Level A) | Supports | Walked. Tests: tests/e2e/fake.spec.ts › "walks the pane"; tests/e2e/fake.spec.ts › "keeps \\"quoted\\" words" |';
    expect(problemsOf(reportWith('2.1.1', row), fakeFiles)).toEqual([]);
    expect(parseReport(reportWith('2.1.1', row)).find((r) => r.criterion.startsWith('2.1.1'))!.tests).toEqual([
      { file: 'tests/e2e/fake.spec.ts', title: 'walks the pane' },
      { file: 'tests/e2e/fake.spec.ts', title: 'keeps "quoted" words' },
    ]);
    expect(testTitlesIn(FAKE_TESTS['tests/e2e/fake.spec.ts']!)).toEqual(new Set(['walks the pane', 'keeps "quoted" words', 'a template title']));
  });

  it('fail a missing criterion, a criterion twice or in the wrong table, and one WCAG 2.2 does not have', () => {
    const without = reportWith('2.4.11', '');
    expect(problemsOf(without, fakeFiles)).toEqual(['2.4.11 Focus Not Obscured (Minimum) (Level AA): missing']);
    const twice = reportWith('1.1.1', '| 1.1.1 Non-text Content (Level A) | Not Applicable | x |\n| 1.1.1 Non-text Content (Level A) | Not Applicable | y |');
    expect(problemsOf(twice, fakeFiles)).toEqual(['1.1.1 Non-text Content (Level A): 2 rows']);
    const misplaced = reportWith('1.1.1', '').replace(`### ${TABLES.AA}\n\n| Criteria | Conformance Level | Remarks and Explanations |\n| --- | --- | --- |\n`, (table) => `${table}| 1.1.1 Non-text Content (Level A) | Not Applicable | x |\n`);
    expect(problemsOf(misplaced, fakeFiles)).toEqual(['1.1.1 Non-text Content (Level A): in the Level AA table']);
    const renamed = reportWith('1.4.3', '| 1.4.3 Contrast (Level AA) | Not Applicable | x |');
    expect(problemsOf(renamed, fakeFiles)).toEqual(['1.4.3 Contrast (Minimum) (Level AA): the row reads "1.4.3 Contrast (Level AA)"']);
    const extra = `${reportWith('', '')}\n| 2.4.12 Focus Not Obscured (Enhanced) (Level AAA) | Not Evaluated | x |`;
    expect(problemsOf(extra, fakeFiles)).toEqual(['2.4.12 Focus Not Obscured (Enhanced) (Level AAA): not a WCAG 2.2 A or AA criterion']);
  });

  it('fail a claim without a test, a term VPAT does not have or does not allow here, and a reference it cannot read', () => {
    expect(problemsOf(reportWith('2.1.1', '| 2.1.1 Keyboard (Level A) | Supports | Everything works. |'), fakeFiles)).toEqual(['2.1.1 Keyboard (Level A): Supports names no test']);
    expect(problemsOf(reportWith('2.1.1', '| 2.1.1 Keyboard (Level A) | Partially Supports | Tests: |'), fakeFiles)).toEqual(['2.1.1 Keyboard (Level A): Partially Supports names no test']);
    expect(problemsOf(reportWith('1.3.4', '| 1.3.4 Orientation (Level AA) | Not Evaluated | Not looked at. |'), fakeFiles)).toEqual(['1.3.4 Orientation (Level AA): VPAT 2.5 allows Not Evaluated for Level AAA only']);
    expect(problemsOf(reportWith('2.1.1', '| 2.1.1 Keyboard (Level A) | Supported | x |'), fakeFiles)).toEqual(['2.1.1 Keyboard (Level A): "Supported" is not a VPAT term']);
    expect(problemsOf(reportWith('2.1.1', '| 2.1.1 Keyboard (Level A) | Supports | Tests: tests/e2e/fake.spec.ts walks the pane |'), fakeFiles)).toEqual([
      '2.1.1 Keyboard (Level A): Supports names no test',
      '2.1.1 Keyboard (Level A): cannot read the reference tests/e2e/fake.spec.ts walks the pane',
    ]);
  });

  it('fail a test file that does not exist, and a title the file does not have exactly', () => {
    const missingFile = '| 2.1.1 Keyboard (Level A) | Supports | Tests: tests/e2e/keyboard-nowhere.spec.ts › "walks the pane" |';
    expect(problemsOf(reportWith('2.1.1', missingFile), fakeFiles)).toEqual(['2.1.1 Keyboard (Level A): tests/e2e/keyboard-nowhere.spec.ts does not exist']);
    const wrongTitle = '| 2.1.1 Keyboard (Level A) | Supports | Tests: tests/e2e/fake.spec.ts › "walks the pane " |';
    expect(problemsOf(reportWith('2.1.1', wrongTitle), fakeFiles)).toEqual(['2.1.1 Keyboard (Level A): tests/e2e/fake.spec.ts has no test "walks the pane "']);
    // A describe's title is not a test's, and the references of a row that claims nothing are checked too.
    const describeTitle = '| 2.1.1 Keyboard (Level A) | Not Applicable | Tests: tests/e2e/fake.spec.ts › "a group" |';
    expect(problemsOf(reportWith('2.1.1', describeTitle), fakeFiles)).toEqual(['2.1.1 Keyboard (Level A): tests/e2e/fake.spec.ts has no test "a group"']);
  });
});

describe(REPORT, () => {
  const report = readFileSync(join(root, REPORT), 'utf8');

  it('has every WCAG 2.2 A and AA criterion, and names an existing test for each claim', () => {
    expect(parseReport(report)).toHaveLength(WCAG_22.length);
    expect(problemsOf(report, readFromRepository)).toEqual([]);
  });

  it("names the product's version from package.json", () => {
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    expect(report).toContain(`| Name of product/version | Cannery ${version} |`);
  });
});
