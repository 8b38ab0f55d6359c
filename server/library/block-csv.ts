/**
 * A team's blocks as CSV (src/api/contract/admin-transfer.ts, `BLOCK_CSV_COLUMNS`), both ways,
 * so that an export read back gives exactly the blocks it was made of:
 * - RFC 4180 cells, always quoted, CRLF between records, a UTF-8 byte order mark for spreadsheets;
 * - lists one item per line in their cell (no item can hold a line break), attachments as
 *   `name <url>` lines (split at the last ` <`, so a name may hold one);
 * - the formula guard of the usage export (`csvCell`) puts an apostrophe before a cell that starts
 *   with `=`, `+`, `-`, `@`, a tab or a carriage return, and one more before a cell that already
 *   starts with apostrophes before one; reading takes exactly one off.
 * - a spreadsheet's file needs only name and body; a column left out or an empty list cell is the
 *   block rules' default, and places may be written as the app labels them (`Text fields`).
 * - languages: a block's English record (`language` en or empty), then one per variant, which
 *   belongs to the English record with its `_id`, else the nearest above (docs/admins.md).
 * Parsing is papaparse's; the shape of the file (header, cells per record, quotes) is checked here.
 */
import Papa from 'papaparse';
import { BLOCK_CSV_COLUMNS, VARIANT_CSV_COLUMNS, type BlockCsvColumn, type BlockImportError, type ExportedBlock } from '../../src/api/contract/admin-transfer';
import type { SupportedContext } from '../../src/api/contract/common';
import { DEFAULT_LANGUAGE, LANGUAGES, languageName } from '../../src/domain/languages';
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

/** The cells of one block's English record. */
function cellsOf(block: ExportedBlock): Record<BlockCsvColumn, string> {
  return {
    _id: block._id,
    language: DEFAULT_LANGUAGE,
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

/** The cells of a variant's record: the block's id, the variant's language and text; the other columns empty. */
function variantCellsOf(block: ExportedBlock, variant: ExportedBlock['variants'][number]): Partial<Record<BlockCsvColumn, string>> {
  return {
    _id: block._id,
    language: variant.language,
    name: variant.name,
    body: variant.body,
    subjectLine: variant.subjectLine ?? '',
    attachments: lines(variant.attachments.map(attachmentLine)),
    examples: lines(variant.examples),
  };
}

const record = (cells: readonly string[]) => `${cells.map(transferCell).join(',')}\r\n`;
const inOrder = (cells: Partial<Record<BlockCsvColumn, string>>) => record(BLOCK_CSV_COLUMNS.map((column) => cells[column] ?? ''));

/** The blocks as a CSV file: byte order mark, header, then each block's English record and its variants' records. */
export function blocksCsv(blocks: readonly ExportedBlock[]): string {
  const body = blocks.map((block) => [cellsOf(block), ...block.variants.map((variant) => variantCellsOf(block, variant))].map(inOrder).join(''));
  return `\uFEFF${record(BLOCK_CSV_COLUMNS)}${body.join('')}`;
}

/** One block read from a CSV file, as the import checks it, with what could not be read. */
export interface CsvRow {
  /** Its English record's number: 1 for the first record after the header. */
  row: number;
  /** Null when the record could not be read (its error says why). */
  input: Record<string, unknown> | null;
  errors: BlockImportError[];
  /** The record numbers of its variants, in the order of `input.variants`. */
  variantRows?: number[];
}

/** The items of a list cell: one per line; blank lines are not items. */
const itemsOf = (cell: string) => cell.split(/\r\n|\n|\r/).filter((line) => line.trim() !== '');

/** Where an error of a record goes: its row, and its language when it is a variant's. */
interface RecordAt {
  row: number;
  language?: string;
}

/** `name <url>` lines as attachments; a line in another shape is an error of its row. */
function attachmentsOf(cell: string, at: RecordAt, errors: BlockImportError[]): Array<{ name: string; url: string }> {
  return itemsOf(cell).flatMap((line, index) => {
    const text = line.trim();
    const open = text.lastIndexOf(' <');
    const bare = text.startsWith('<') ? 0 : -1;
    const start = open >= 0 ? open + 1 : bare;
    if (start < 0 || !text.endsWith('>')) {
      errors.push({ ...at, field: `attachments.${index}`, message: 'must be written as name <https://address>' });
      return [];
    }
    return [{ name: text.slice(0, start).trim(), url: text.slice(start + 1, -1) }];
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
    attachments: attachmentsOf(cell('attachments'), { row }, errors),
    examples: itemsOf(cell('examples')),
    ...(shortcut ? { shortcut } : {}),
    ...(cell('showFrom').trim() ? { showFrom: cell('showFrom').trim() } : {}),
    ...(cell('showUntil').trim() ? { showUntil: cell('showUntil').trim() } : {}),
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

/** What a `language` cell may say: a code or an English name, any case (`es`, `Spanish`). */
const LANGUAGE_WORDS = new Map<string, string>(
  LANGUAGES.flatMap((language) => [
    [language.code, language.code],
    [language.name.toLowerCase(), language.code],
  ]),
);
const KNOWN_LANGUAGES = LANGUAGES.map((language) => `${language.code} (${language.name})`).join(', ');

/**
 * The variant of one record, with an error for each column it fills that only a block's English
 * record may (`VARIANT_CSV_COLUMNS` are its own).
 */
function variantInputOf(cells: Map<BlockCsvColumn, string>, at: Required<RecordAt>, errors: BlockImportError[]): Record<string, unknown> {
  const cell = (column: BlockCsvColumn) => readCell(cells.get(column) ?? '');
  for (const [column, text] of cells) {
    if (!VARIANT_CSV_COLUMNS.includes(column) && text.trim() !== '') {
      errors.push({ ...at, field: column, message: `must be empty in a ${languageName(at.language)} row: the block's English row gives it` });
    }
  }
  const subjectLine = cell('subjectLine');
  return {
    language: at.language,
    name: cell('name'),
    body: cell('body'),
    subjectLine: subjectLine === '' ? null : subjectLine,
    attachments: attachmentsOf(cell('attachments'), at, errors),
    examples: itemsOf(cell('examples')),
  };
}

/** A record as read, before a variant's is put with its block. */
type ReadRecord =
  | { kind: 'unreadable'; row: number; errors: BlockImportError[] }
  | { kind: 'block'; block: CsvRow & { input: Record<string, unknown> }; id: string }
  | { kind: 'variant'; row: number; language: string; id: string; input: Record<string, unknown>; errors: BlockImportError[] };

/** One record: a block's English text, a variant, or one that cannot be read (too few or many cells, an unknown language). */
function readRecord(columns: readonly BlockCsvColumn[], cells: readonly string[], row: number): ReadRecord {
  if (cells.length !== columns.length) return { kind: 'unreadable', row, errors: [{ row, field: '', message: `has ${cells.length} cells; the header has ${columns.length}` }] };
  const byColumn = new Map(columns.map((column, at) => [column, cells[at] ?? ''] as const));
  const id = readCell(byColumn.get('_id') ?? '').trim();
  const word = readCell(byColumn.get('language') ?? '').trim();
  const language = word === '' ? DEFAULT_LANGUAGE : LANGUAGE_WORDS.get(word.toLowerCase());
  if (!language) {
    return { kind: 'unreadable', row, errors: [{ row, field: 'language', message: `must be one of ${KNOWN_LANGUAGES}, not "${word.slice(0, 40)}"` }] };
  }
  const errors: BlockImportError[] = [];
  if (language !== DEFAULT_LANGUAGE) return { kind: 'variant', row, language, id, input: variantInputOf(byColumn, { row, language }, errors), errors };
  return { kind: 'block', block: { row, input: inputOf(byColumn, row, errors), errors }, id };
}

/**
 * Puts each variant's record with its block (see the module comment): the English record with
 * its `_id`, anywhere in the file, else the nearest one above. A variant with no block, or in a
 * language its block already has a record in, is an error of its row.
 */
function withVariants(records: readonly ReadRecord[]): CsvRow[] {
  const byId = new Map<string, CsvRow>();
  // The rows in each language of a block, to find a second one.
  const languageRows = new Map<CsvRow, Map<string, number>>();
  for (const record of records) {
    if (record.kind !== 'block') continue;
    if (record.id && !byId.has(record.id)) byId.set(record.id, record.block);
    record.block.input.variants = [];
    record.block.variantRows = [];
    languageRows.set(record.block, new Map([[DEFAULT_LANGUAGE, record.block.row]]));
  }
  const rows: CsvRow[] = [];
  let above: CsvRow | undefined;
  for (const record of records) {
    if (record.kind === 'unreadable') rows.push({ row: record.row, input: null, errors: record.errors });
    if (record.kind === 'block') {
      above = record.block;
      rows.push(record.block);
    }
    if (record.kind !== 'variant') continue;
    const at = { row: record.row, language: record.language };
    const block = record.id ? byId.get(record.id) : above;
    if (!block) {
      const message = record.id
        ? 'No English row (language en) of the file has this _id: give a variant the _id of its block.'
        : "This row's block is unknown: put it after its block's English row (language en), or give the block's _id.";
      rows.push({ row: record.row, input: null, errors: [...record.errors, { ...at, field: record.id ? '_id' : 'language', message }] });
      continue;
    }
    const seen = languageRows.get(block)!;
    const earlier = seen.get(record.language);
    block.errors.push(...record.errors);
    if (earlier !== undefined) {
      block.errors.push({ ...at, field: 'language', message: `The block of row ${block.row} already has a ${languageName(record.language)} row: row ${earlier}.` });
      continue;
    }
    seen.set(record.language, record.row);
    (block.input!.variants as unknown[]).push(record.input);
    block.variantRows!.push(record.row);
  }
  return rows;
}

/**
 * The blocks of a CSV file, each with its English record's number and its variants', or a 400
 * when the file is not a CSV file of blocks (no header, unknown columns, an unclosed quote). A
 * record with another number of cells than the header, an unknown language, or an attachment
 * line in another shape, is an error of its row. Records with nothing in them (a blank last line)
 * are skipped but keep their number.
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
  const read = records.flatMap((cells, index) => (cells.every((cell) => cell.trim() === '') ? [] : [readRecord(columns, cells, index + 1)]));
  if (columns.includes('language')) return withVariants(read);
  return read.map((record) => (record.kind === 'block' ? record.block : { row: record.row, input: null, errors: record.errors }));
}
