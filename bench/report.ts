/**
 * What a benchmark suite hands back: a JSON-ready results object (merged into the one object that
 * `npm run bench -- --json` prints) and tables for people.
 */
export interface BenchRow {
  engine: string;
  /** Number of timed operations. */
  n: number;
  median_ms: number;
  p95_ms: number | null;
  /** How many times slower (>1) the row is than the table's first row, or a note. */
  ratio: string;
}

export interface BenchTable {
  title: string;
  /** May be empty: the table is then its title and notes. */
  rows: BenchRow[];
  /** Lines printed under the table: targets, configuration, quality results. */
  notes: string[];
}

export interface SuiteResult {
  /** Top-level keys of the JSON report (e.g. `recommend`, `search`). */
  results: Record<string, unknown>;
  tables: BenchTable[];
}

export interface BenchSuite {
  name: string;
  run(): Promise<SuiteResult> | SuiteResult;
}

function cell(value: string | number | null, width: number, right: boolean): string {
  const text = value === null ? '-' : typeof value === 'number' ? String(value) : value;
  return right ? text.padStart(width) : text.padEnd(width);
}

/** Renders a table as aligned plain text. */
export function formatTable(table: BenchTable): string {
  const header = ['engine', 'n', 'median ms', 'p95 ms', 'ratio'];
  const lines = table.rows.map((row) => [row.engine, String(row.n), String(row.median_ms), row.p95_ms === null ? '-' : String(row.p95_ms), row.ratio]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => (line[i] ?? '').length)));
  const render = (values: string[]): string =>
    values.map((v, i) => cell(v, widths[i] ?? 0, i > 0)).join('  ');
  // A table without rows (a size, not timings) is its title and notes.
  const body = lines.length === 0 ? [] : [render(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(render)];
  return [table.title, ...body, ...table.notes.map((note) => `  ${note}`)].join('\n');
}
