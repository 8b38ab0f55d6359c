/**
 * A team's blocks as CSV (src/api/contract/admin-transfer.ts, `BLOCK_CSV_COLUMNS`), both ways,
 * so that an export read back gives exactly the blocks it was made of:
 * - RFC 4180 cells, always quoted, CRLF between records, a UTF-8 byte order mark for spreadsheets;
 * - lists one item per line in their cell (no item can hold a line break), attachments as
 *   `name <url>` lines (split at the last ` <`, so a name may hold one);
 * - the formula guard of the usage export (`csvCell`) puts an apostrophe before a cell that starts
 *   with `=`, `+`, `-`, `@`, a tab or a carriage return. So that reading it back can take exactly
 *   that apostrophe off, a cell that already starts with apostrophes before such a character gets
 *   one more too; reading takes one off any cell that starts with apostrophes before one.
 * - a file from a spreadsheet needs only the columns name and body; a column left out, or an
 *   empty list cell, is the block rules' default (every place for `supportedContexts`), and places
 *   may be written as the app labels them (`Text fields`).
 * Parsing is papaparse's; the shape of the file (header, cells per record, quotes) is checked here.
 */
import Papa from 'papaparse';
import { BLOCK_CSV_COLUMNS, type BlockCsvColumn, type BlockImportError, type ExportedBlock } from '../../src/api/contract/admin-transfer';
import type { SupportedContext } from '../../src/api/contract/common';
import { ApiProblem } from '../errors';
import { csvCell } from './csv';

/** The places, and the words the admin app labels them with (src/admin/common/contexts.ts). */
const CONTEXT_WORDS: Readonly<Record<SupportedContext, string>> = { outlook: 'Outlook', gmail: 'Gmail', text_input: 'Text fields' };
const CONTEXTS_IN_ORDER = Object.keys(CONTEXT_WORDS) as SupportedContext[];

const FORMULA_AFTER_APOSTROPHES = /^'+[=+\-@\t\r]/;

/** A cell of the export: quoted, guarded against formulas in a way `readCell` undoes exactly. */
export function transferCell(value: string): string {
  return csvCell(FORMULA_AFTER_APOSTROPHES.test(value) ? `'${value}` : value);
}

/** The text of a cell as the export meant it: the formula guard's apostrophe taken off. */
export function readCell(cell: string): string {
  return FORMULA_AFTER_APOSTROPHES.test(cell) ? cell.slice(1) : cell;
}

const lines = (list: readonly string[]) => list.join('\n');
const attachmentLine = (attachment: { name: string; url: string }) => `${attachment.name} <${attachment.url}>`;

/** The cells of one block, in `BLOCK_CSV_COLUMNS` order. */
function cellsOf(block: ExportedBlock): Record<BlockCsvColumn, string> {
  return {
    _id: block._id,
    name: block.name,
    body: block.body,
    categories: lines(block.categories),
    supportedContexts: lines(block.supportedContexts),
    cc: lines(block.cc),
    subjectLine: block.subjectLine ?? '',
    attachments: lines(block.attachments.map(attachmentLine)),
    examples: lines(block.examples),
    shortcut: block.shortcut ?? '',
    showFrom: block.showFrom ?? '',
    showUntil: block.showUntil ?? '',
  };
}

const record = (cells: readonly string[]) => `${cells.map(transferCell).join(',')}\r\n`;

/** The blocks as a CSV file: byte order mark, header, one record per block. */
export function blocksCsv(blocks: readonly ExportedBlock[]): string {
  const body = blocks.map((block) => {
    const cells = cellsOf(block);
    return record(BLOCK_CSV_COLUMNS.map((column) => cells[column]));
  });
  return `\uFEFF${record(BLOCK_CSV_COLUMNS)}${body.join('')}`;
}

/** One block read from a CSV record, as the import checks it, with what could not be read. */
export interface CsvRow {
  /** 1 for the first record after the header. */
  row: number;
  /** Null when the record could not be read (its error says why). */
  input: Record<string, unknown> | null;
  errors: BlockImportError[];
}

/** The items of a list cell: one per line; blank lines are not items. */
const itemsOf = (cell: string) => cell.split(/\r\n|\n|\r/).filter((line) => line.trim() !== '');

/** `name <url>` lines as attachments; a line in another shape is an error of its row. */
function attachmentsOf(cell: string, row: number, errors: BlockImportError[]): Array<{ name: string; url: string }> {
  return itemsOf(cell).flatMap((line, index) => {
    const text = line.trim();
    const open = text.lastIndexOf(' <');
    const bare = text.startsWith('<') ? 0 : -1;
    const at = open >= 0 ? open + 1 : bare;
    if (at < 0 || !text.endsWith('>')) {
      errors.push({ row, field: `attachments.${index}`, message: 'must be written as name <https://address>' });
      return [];
    }
    return [{ name: text.slice(0, at).trim(), url: text.slice(at + 1, -1) }];
  });
}

/** How a spreadsheet may name a place: its value (`text_input`) or its label in the app (`Text fields`), any case. */
const CONTEXT_NAMES = new Map<string, SupportedContext>(
  CONTEXTS_IN_ORDER.flatMap((context) => [
    [context, context],
    [CONTEXT_WORDS[context].toLowerCase(), context],
  ]),
);

/**
 * The places of a `supportedContexts` cell, or undefined when the cell names none (every place,
 * then) or names one that is none: that is an error of its row and column.
 */
function contextsOf(cell: string, row: number, errors: BlockImportError[]): SupportedContext[] | undefined {
  const contexts: SupportedContext[] = [];
  let wrong = false;
  itemsOf(cell).forEach((line, index) => {
    const context = CONTEXT_NAMES.get(line.trim().toLowerCase());
    if (context) contexts.push(context);
    else {
      wrong = true;
      errors.push({ row, field: `supportedContexts.${index}`, message: `must be outlook, gmail or text_input (one per line), not "${line.trim().slice(0, 40)}"` });
    }
  });
  return wrong || contexts.length === 0 ? undefined : contexts;
}

/**
 * The block of one record. A column the file does not have, or an empty cell of a list, is left out,
 * so the block rules' defaults apply: no categories, Cc, attachments or example questions, and every place.
 */
function inputOf(cells: Map<BlockCsvColumn, string>, row: number, errors: BlockImportError[]): Record<string, unknown> {
  const cell = (column: BlockCsvColumn) => readCell(cells.get(column) ?? '');
  const subjectLine = cell('subjectLine');
  const shortcut = cell('shortcut');
  const contexts = contextsOf(cell('supportedContexts'), row, errors);
  return {
    _id: cell('_id').trim(),
    name: cell('name'),
    body: cell('body'),
    categories: itemsOf(cell('categories')),
    ...(contexts ? { supportedContexts: contexts } : {}),
    cc: itemsOf(cell('cc')),
    subjectLine: subjectLine === '' ? null : subjectLine,
    attachments: attachmentsOf(cell('attachments'), row, errors),
    examples: itemsOf(cell('examples')),
    ...(shortcut ? { shortcut } : {}),
    showFrom: cell('showFrom').trim() || null,
    showUntil: cell('showUntil').trim() || null,
  };
}

/**
 * The separator of the file, from its header: a comma, unless the header has none but has
 * semicolons (what spreadsheets save in locales where the comma is the decimal mark) or tabs.
 */
function delimiterOf(content: string): string {
  const header = content.split(/\r\n|\n|\r/, 1)[0] ?? '';
  if (header.includes(',')) return ',';
  if (header.includes(';')) return ';';
  return header.includes('\t') ? '\t' : ',';
}

const invalidCsv = (message: string) => new ApiProblem(400, 'invalid_csv', `The CSV file cannot be read. ${message}`);

/** The columns a CSV file must have; the others may be left out (`inputOf` says what they then are). */
export const REQUIRED_CSV_COLUMNS: readonly BlockCsvColumn[] = ['name', 'body'];

/**
 * The columns of the header, by position (names trimmed, case ignored: a spreadsheet's `Name` is
 * `name`); 400 for an unknown or repeated column, or without `name` and `body`.
 */
function columnsOf(header: readonly string[]): BlockCsvColumn[] {
  const byLowerCase = new Map<string, BlockCsvColumn>(BLOCK_CSV_COLUMNS.map((column) => [column.toLowerCase(), column]));
  const names = header.map((name) => name.trim());
  const unknown = names.filter((name) => !byLowerCase.has(name.toLowerCase()));
  if (unknown.length > 0) {
    const shown = unknown.map((name) => `"${name.slice(0, 40)}"`).slice(0, 3).join(', ');
    throw invalidCsv(`Unknown column ${shown}: the columns are ${BLOCK_CSV_COLUMNS.join(', ')} (only name and body are needed).`);
  }
  const columns = names.map((name) => byLowerCase.get(name.toLowerCase()) as BlockCsvColumn);
  const repeated = columns.find((column, index) => columns.indexOf(column) !== index);
  if (repeated) throw invalidCsv(`The column ${repeated} is there twice.`);
  const missing = REQUIRED_CSV_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) throw invalidCsv(`Missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: every block needs a name and a body.`);
  return columns;
}

/**
 * The blocks of a CSV file, each with its row number, or a 400 when the file is not a CSV file of
 * blocks (no header, unknown columns, an unclosed quote). A record with another number of cells
 * than the header, or an attachment line in another shape, is an error of its row. Records with
 * nothing in them (a blank last line) are skipped but keep their number.
 */
export function parseBlocksCsv(text: string): CsvRow[] {
  const content = text.replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(content, { header: false, skipEmptyLines: false, delimiter: delimiterOf(content), quoteChar: '"' });
  const broken = parsed.errors.find((error) => error.type === 'Quotes');
  if (broken) {
    const row = broken.row ?? 0;
    throw invalidCsv(`${row > 0 ? `Row ${row}` : 'The header'}: a quoted cell is not closed.`);
  }
  const [header, ...records] = parsed.data;
  if (!header || header.every((cell) => cell.trim() === '')) throw invalidCsv('It is empty: the first line must name the columns.');
  const columns = columnsOf(header);
  const rows: CsvRow[] = [];
  records.forEach((cells, index) => {
    const row = index + 1;
    if (cells.every((cell) => cell.trim() === '')) return;
    const errors: BlockImportError[] = [];
    if (cells.length !== columns.length) {
      errors.push({ row, field: '', message: `has ${cells.length} cells; the header has ${columns.length}` });
      rows.push({ row, input: null, errors });
      return;
    }
    const byColumn = new Map(columns.map((column, at) => [column, cells[at] ?? ''] as const));
    rows.push({ row, input: inputOf(byColumn, row, errors), errors });
  });
  return rows;
}
