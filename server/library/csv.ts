/**
 * CSV as the admin API exports it (usage, the audit log, blocks): RFC 4180 cells, always quoted,
 * CRLF lines, and a cell a spreadsheet would run as a formula starting with an apostrophe; and the
 * headers of a download, which say when the server cut the file at its row limit.
 */

/** A cell as RFC 4180 writes it, quoted; one a spreadsheet would run as a formula starts with an apostrophe. */
export function csvCell(value: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${guarded.replace(/"/g, '""')}"`;
}

/** One line of cells, CRLF-terminated. */
export const csvLine = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The headers of a CSV download named `filename`, with `truncated.header: true` when the file was cut. */
export function csvDownloadHeaders(filename: string, truncated: { header: string; cut: boolean }): Record<string, string> {
  return {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
    ...(truncated.cut ? { [truncated.header]: 'true' } : {}),
  };
}
