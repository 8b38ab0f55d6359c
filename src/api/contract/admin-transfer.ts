import { z } from './zod';
import { adminBlockContent, adminBlockInput, flag } from './admin';
import { objectId } from './common';
import { lineText } from './text';
import { fieldSentence } from '../../domain/form-validation';

/**
 * A team's blocks moved in and out of Cannery as a file (`GET .../blocks/export`,
 * `POST .../blocks/import`), shared by the server and the admin app.
 *
 * - The export holds the team's live blocks, ordered by name: JSON (`blockExportFile`) or CSV
 *   (`BLOCK_CSV_COLUMNS`: a record for a block's English text, then one per variant).
 * - The import takes either back (or a bare JSON array of blocks), each checked as a save is. A
 *   block changes the live block of this team with its `_id`, else the one with its name (trimmed,
 *   case ignored), else it is created; one already the file's is left. One bad block and nothing
 *   is written: the answer is 422 with every error.
 * - Variants: a block gives all its variants, or keeps its own when the file says nothing of them;
 *   `needsUpdate` is the server's, as on a save (docs/admins.md, Import).
 * - Rows are numbered from 1 in the order of the file: the Nth item of the JSON `blocks` list, or
 *   the Nth record after the CSV header (the header is not a row; a record may span several lines).
 */

export const BLOCK_TRANSFER_LIMITS = {
  /** Blocks in one import file. */
  rows: 1_000,
  /** Bytes of one import file (the rest of the API takes 256 KB). */
  fileBytes: 4 * 1024 * 1024,
  /** Errors listed in one report; `errorCount` says how many there were in all. */
  errors: 200,
} as const;

/** What `format` says in an export file, and the version of its shape. */
export const BLOCK_FILE_FORMAT = 'cannery-blocks';
export const BLOCK_FILE_VERSION = 1;

/**
 * The CSV columns, in the order the export writes them (the import takes any order, and needs only
 * `name` and `body`: a column left out, or an empty list cell, is the default of `adminBlockInput`,
 * so a spreadsheet's block without places is used in every place). `language` is `en` (or empty)
 * in a block's own record; a record in another language is a variant of a block, its text in
 * `VARIANT_CSV_COLUMNS` (server/library/block-csv.ts says which block it belongs to). Lists (`categories`,
 * `supportedContexts`, `cc`, `examples`) put one item per line in their cell; `attachments` one `name <url>` per line; an empty `subjectLine` or `shortcut` is none. A cell a
 * spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return,
 * after any apostrophes) is written with one more apostrophe in front, which the import takes off.
 * The import reads UTF-8 only, separated by commas (or, when the header has none, semicolons or
 * tabs, as spreadsheets save in some locales).
 */
export const BLOCK_CSV_COLUMNS = ['_id', 'language', 'name', 'body', 'categories', 'supportedContexts', 'cc', 'subjectLine', 'attachments', 'shortcut', 'examples', 'showFrom', 'showUntil'] as const;
export type BlockCsvColumn = (typeof BLOCK_CSV_COLUMNS)[number];

/** The columns a variant's record fills: the block it belongs to, its language and its text; the others stay empty. */
export const VARIANT_CSV_COLUMNS: readonly BlockCsvColumn[] = ['_id', 'language', 'name', 'body', 'subjectLine', 'attachments', 'examples'];

export const BLOCK_EXPORT_FORMATS = ['json', 'csv'] as const;
export type BlockExportFormat = (typeof BLOCK_EXPORT_FORMATS)[number];

/** `GET .../blocks/export`: JSON unless `format=csv`. */
export const blockExportQuery = z.object({ format: z.enum(BLOCK_EXPORT_FORMATS).default('json') });

/** `POST .../blocks/import`: with `dryRun=true`, the report of what the import would do; nothing is written. */
export const blockImportQuery = z.object({ dryRun: flag.optional() });

/** One block of an export: its id and everything an admin writes. */
export const exportedBlock = z.object({ _id: objectId, ...adminBlockContent.shape });
export type ExportedBlock = z.infer<typeof exportedBlock>;

/** The JSON export: the team it came from, when, and its live blocks ordered by name. */
export const blockExportFile = z.object({
  format: z.literal(BLOCK_FILE_FORMAT),
  version: z.literal(BLOCK_FILE_VERSION),
  team: z.object({ _id: objectId, name: z.string() }),
  exportedAt: z.string(),
  blocks: z.array(exportedBlock),
});
export type BlockExportFile = z.infer<typeof blockExportFile>;

/**
 * One block of an import: a block as `POST .../blocks` takes it, with the `_id` of the block it
 * changes when there is one (empty or left out: matched by name). Other fields are ignored, so the
 * admin API's own blocks can be imported as they are.
 */
export const importedBlock = adminBlockInput.extend({
  _id: z.preprocess((id) => (id === '' || id === null ? undefined : id), objectId.optional()),
});
export type ImportedBlockInput = z.input<typeof importedBlock>;

/**
 * The JSON an import takes besides a bare array of blocks: an export file. `format` and `version`,
 * when there, must be these; `team` and `exportedAt` say where the file came from and are not used
 * (the blocks go to the team of the path).
 */
export const blockImportEnvelope = z.object({
  format: z.literal(BLOCK_FILE_FORMAT, { message: `must be "${BLOCK_FILE_FORMAT}"` }).optional(),
  version: z.literal(BLOCK_FILE_VERSION, { message: `must be ${BLOCK_FILE_VERSION}` }).optional(),
  team: z.object({ _id: objectId, name: lineText(1_000) }).partial().optional(),
  exportedAt: lineText(40).optional(),
  blocks: z.array(z.unknown(), { message: 'must be a list of blocks' }),
});

/** A block of the file that cannot be imported: its row, the field (empty for the whole row), why. */
export const blockImportError = z.object({
  row: z.number().int().min(1),
  /** The language of a variant's row or item, when the error is about one (`es`); absent for a block's own text. */
  language: z.string().optional(),
  /** `name`, `categories.2`, `attachments.0.url`, `variants.0.body` (JSON); empty when it is about the whole row. */
  field: z.string(),
  message: z.string(),
});
export type BlockImportError = z.infer<typeof blockImportError>;

/** What one item of a list column is called in a sentence: "Category 2", "Attachment 1's address". */
const ITEM_NAMES: Readonly<Record<string, string>> = {
  categories: 'Category',
  cc: 'Address',
  attachments: 'Attachment',
  supportedContexts: 'Place',
  examples: 'Example question',
  variants: 'Variant',
};

function subjectOfField(field: string): string {
  if (field === '') return 'This row';
  const [column = '', index, part] = field.split('.');
  if (index === undefined || !/^\d+$/.test(index)) return 'The value';
  const item = `${ITEM_NAMES[column] ?? 'Item'} ${Number(index) + 1}`;
  return part ? `${item}’s ${part === 'url' ? 'address' : part}` : item;
}

/**
 * `Row 3 · categories.1: Category 2 must not be empty.`, `Row 7 (es) · body: Block Content is
 * required`: how the app and the API's error message name an error: by row (and the variant's
 * language) and field, as the file names them, then the problem as a sentence (`fieldSentence`).
 */
export function describeImportError(error: BlockImportError): string {
  const language = error.language ? ` (${error.language})` : '';
  return `Row ${error.row}${language}${error.field ? ` · ${error.field}` : ''}: ${fieldSentence(subjectOfField(error.field), error.message)}`;
}

/**
 * What an import did (or, with `dryRun` or errors, would do): blocks created, changed, already as
 * the file has them. With any error nothing is written and the answer is 422: this report with
 * the API's `error`.
 */
export const blockImportReport = z.object({
  dryRun: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** The first `BLOCK_TRANSFER_LIMITS.errors`, in row order. */
  errors: z.array(blockImportError),
  errorCount: z.number().int(),
});
export type BlockImportReport = z.infer<typeof blockImportReport>;

/** The 422 answer: the report, with the API's error. */
export const blockImportRefusal = blockImportReport.extend({ error: z.object({ code: z.string(), message: z.string() }) });
