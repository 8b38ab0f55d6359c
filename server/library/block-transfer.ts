/**
 * A team's blocks out of and into Cannery as a file (the rules are in
 * src/api/contract/admin-transfer.ts). The export is the team's live blocks, ordered by name.
 * The import checks every block of the file with the rules of `adminBlockInput`, matches each to
 * the team's live block it changes (its `_id` when that is one of them, else its name), and then,
 * in one transaction, creates and saves them exactly as the admin API does one at a time
 * (block-writes.ts: a version and an audit event each). A block already as the file has it is left
 * alone, so importing the same file again changes nothing. A block that says nothing of its
 * variants keeps them, and a variant's `needsUpdate` is the live block's, settled as a save settles
 * it. One error anywhere and nothing is written. The team's blocks are locked for the
 * transaction, so a save meanwhile waits for it.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  BLOCK_FILE_FORMAT,
  BLOCK_FILE_VERSION,
  BLOCK_TRANSFER_LIMITS,
  blockImportEnvelope,
  importedBlock,
  type BlockExportFile,
  type BlockImportError,
  type BlockImportReport,
  type ExportedBlock,
} from '../../src/api/contract/admin-transfer';
import { shortcutKey } from '../../src/domain/block-shortcut';
import type { Db } from '../db/database';
import { blocks, teams } from '../db/schema';
import { ApiProblem, notFound, parseOr400 } from '../errors';
import { changedFields, contentOf, type BlockRow } from './block-versions';
import { createBlockIn, editBlockIn, settleVariants, storedContent, type AdminActor, type BlockInput } from './block-writes';
import { ofActorTeam } from './team-scope';

/** A block of an import file before it is checked: its row (from 1), what it says, what could not be read. */
export interface ImportRow {
  row: number;
  input: unknown;
  errors: BlockImportError[];
  /** The rows of its variants (a CSV file's records), by their place in `input.variants`; absent: a variant's errors go on the block's row. */
  variantRows?: number[] | undefined;
}

async function teamOfActor(db: Db, actor: AdminActor): Promise<{ _id: string; name: string }> {
  const [team] = await db
    .select({ name: teams.name })
    .from(teams)
    .where(and(eq(teams.id, actor.teamId), eq(teams.accountId, actor.accountId)))
    .limit(1);
  if (!team) throw notFound('Team');
  return { _id: actor.teamId, name: team.name };
}

const liveBlocksOf = (actor: AdminActor) => and(ofActorTeam(blocks, actor), isNull(blocks.deletedAt));

export function exportedBlockOf(row: BlockRow): ExportedBlock {
  return { _id: row.id, ...contentOf(row) };
}

/** The team's live blocks as an export file, ordered by name. */
export async function exportTeamBlocks(db: Db, actor: AdminActor, now: Date = new Date()): Promise<BlockExportFile> {
  const team = await teamOfActor(db, actor);
  const rows = await db
    .select()
    .from(blocks)
    .where(liveBlocksOf(actor))
    .orderBy(asc(sql`lower(${blocks.name})`), asc(blocks.id));
  return { format: BLOCK_FILE_FORMAT, version: BLOCK_FILE_VERSION, team, exportedAt: now.toISOString(), blocks: rows.map(exportedBlockOf) };
}

/**
 * The blocks of a JSON import: a bare array, or an export file (`blockImportEnvelope`). 400 when
 * it is not JSON or neither shape.
 */
export function importRowsOfJson(text: string): ImportRow[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiProblem(400, 'invalid_json', 'The file is not valid JSON.');
  }
  let list: unknown[];
  if (Array.isArray(body)) list = body;
  else if (body !== null && typeof body === 'object') list = parseOr400(blockImportEnvelope, body, 'file').blocks;
  else throw new ApiProblem(400, 'invalid_request', 'The file must be a list of blocks or a Cannery blocks export.');
  return list.map((input, index) => ({ row: index + 1, input, errors: [] }));
}

/** What the import does with one block of the file. */
export type ImportAction =
  | { kind: 'create'; row: number; input: BlockInput }
  | { kind: 'update' | 'unchanged'; row: number; input: BlockInput; target: BlockRow };

type Checked = { row: number; input: BlockInput & { _id?: string | undefined }; keepsVariants: boolean; errors: BlockImportError[] };

/**
 * Where a problem of the block rules is: a variant's field is named by the variant's language,
 * on its own row when the file gives it one (CSV), else as `variants.N.field` on the block's row.
 */
function errorAt(row: ImportRow, path: readonly PropertyKey[], message: string): BlockImportError {
  const [top, index, ...rest] = path;
  if (top !== 'variants' || typeof index !== 'number') return { row: row.row, field: path.join('.'), message };
  const variants = (row.input as { variants?: unknown }).variants;
  const language = Array.isArray(variants) ? (variants[index] as { language?: unknown } | undefined)?.language : undefined;
  const at = typeof language === 'string' && language !== '' ? { language: language.slice(0, 20) } : {};
  const own = row.variantRows?.[index];
  if (own !== undefined) return { row: own, ...at, field: rest.join('.'), message };
  return { row: row.row, ...at, field: path.join('.'), message };
}

/** The row checked with the block rules; each problem named by its field. */
function check(row: ImportRow): Checked | { row: number; input: null; errors: BlockImportError[] } {
  // A row that could not be read at all (a CSV record with too few cells) has nothing more to check.
  if (row.input === null && row.errors.length > 0) return { row: row.row, input: null, errors: row.errors };
  if (row.input === null || typeof row.input !== 'object' || Array.isArray(row.input)) {
    return { row: row.row, input: null, errors: [...row.errors, { row: row.row, field: '', message: 'must be a block: an object with name, body, supportedContexts, ...' }] };
  }
  const parsed = importedBlock.safeParse(row.input);
  const errors = [...row.errors];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors.push(errorAt(row, issue.path, issue.message));
  }
  if (!parsed.success || errors.length > 0) return { row: row.row, input: null, errors };
  return { row: row.row, input: parsed.data, keepsVariants: !('variants' in row.input) || row.input.variants === undefined, errors };
}

/** How names are compared: trimmed, case ignored. */
export const nameKey = (name: string) => name.trim().toLowerCase();

/** A row that keeps the block rules: the id it gives, if any, the block, and whether it leaves the variants out. */
interface ValidRow {
  row: number;
  id: string | undefined;
  input: BlockInput;
  keepsVariants: boolean;
}

/** Where the plan stands while it goes through the rows in order. */
interface Planning {
  byId: Map<string, BlockRow>;
  byName: Map<string, BlockRow[]>;
  /** The names rows give to the blocks they name by id, with the first such row. */
  idNames: Map<string, number>;
  /** Blocks already changed by a row, with that row. */
  claimed: Map<string, number>;
  /** Names of the blocks rows create, with the first such row. */
  newNames: Map<string, number>;
}

type Planned = ImportAction | { field: string; message: string };

function planRow(planning: Planning, entry: ValidRow): Planned {
  const key = nameKey(entry.input.name);
  const target = entry.id ? planning.byId.get(entry.id) : undefined;
  const named = target ? [] : (planning.byName.get(key) ?? []);
  if (named.length > 1) return { field: 'name', message: `${named.length} blocks of the team are named "${entry.input.name}": give the _id of the one to change.` };
  const match = target ?? named[0];
  const earlier = match ? planning.claimed.get(match.id) : undefined;
  if (earlier !== undefined) return { field: target ? '_id' : 'name', message: `This row names the same block as row ${earlier}.` };
  // A block found or made by its name must not share it with one a row names by id: the next
  // import of the file could not tell them apart.
  const sameName = target ? undefined : (planning.idNames.get(key) ?? planning.newNames.get(key));
  if (sameName !== undefined && sameName !== entry.row) return { field: 'name', message: `This block has the same name as row ${sameName}.` };
  if (!match) {
    planning.newNames.set(key, entry.row);
    return { kind: 'create', row: entry.row, input: entry.input };
  }
  planning.claimed.set(match.id, entry.row);
  const input = withLiveVariants(entry, match);
  const content = storedContent(input);
  const kind = changedFields(match, { ...content, variants: settleVariants(match, content) }).length === 0 ? 'unchanged' : 'update';
  return { kind, row: entry.row, input, target: match };
}

/**
 * The row's block with the variants it changes `target` to: the target's own when the row leaves
 * them out, else the row's, each with the target's `needsUpdate` in its language (the save then
 * settles it: cleared when the variant's text changes, set when only the English text does).
 */
function withLiveVariants(entry: ValidRow, target: BlockRow): BlockInput {
  const live = target.variants ?? [];
  if (entry.keepsVariants) return { ...entry.input, variants: live };
  const marked = new Map(live.map((variant) => [variant.language, variant.needsUpdate === true]));
  return { ...entry.input, variants: (entry.input.variants ?? []).map((variant) => ({ ...variant, needsUpdate: marked.get(variant.language) ?? false })) };
}

/**
 * What the import does with each row, given the team's live blocks: the block a row changes is
 * the one with its `_id`, else the only one with its name. A row naming a block another row
 * already names, a name two blocks share, or a block found or created by a name that another row
 * gives too, is an error of that row.
 */
export function planImport(live: readonly BlockRow[], rows: readonly ImportRow[]): { actions: ImportAction[]; errors: BlockImportError[] } {
  const errors: BlockImportError[] = [];
  const valid: ValidRow[] = [];
  for (const row of rows) {
    const checked = check(row);
    errors.push(...checked.errors);
    if (!checked.input) continue;
    const { _id: id, ...input } = checked.input;
    valid.push({ row: row.row, id, input, keepsVariants: checked.keepsVariants });
  }
  const planning: Planning = { byId: new Map(live.map((block) => [block.id, block])), byName: new Map(), idNames: new Map(), claimed: new Map(), newNames: new Map() };
  for (const block of live) planning.byName.set(nameKey(block.name), [...(planning.byName.get(nameKey(block.name)) ?? []), block]);
  for (const entry of valid) {
    const key = nameKey(entry.input.name);
    if (entry.id && planning.byId.has(entry.id) && !planning.idNames.has(key)) planning.idNames.set(key, entry.row);
  }
  const actions: ImportAction[] = [];
  for (const entry of valid) {
    const planned = planRow(planning, entry);
    if ('kind' in planned) actions.push(planned);
    else errors.push({ row: entry.row, ...planned });
  }
  errors.push(...shortcutErrors(live, actions));
  return { actions, errors: errors.sort((a, b) => a.row - b.row) };
}

/**
 * A shortcut belongs to one block of the team (as the admin API keeps it): a row whose shortcut
 * (case ignored) another row already gives, or a block the import leaves as it is already has,
 * is an error of that row. Blocks the file changes give up their old shortcuts, so two rows may
 * swap theirs (`releaseChangedShortcuts`).
 */
function shortcutErrors(live: readonly BlockRow[], actions: readonly ImportAction[]): BlockImportError[] {
  const changed = new Set(actions.flatMap((action) => (action.kind === 'create' ? [] : [action.target.id])));
  const kept = new Map(live.flatMap((block) => (block.shortcut && !changed.has(block.id) ? [[shortcutKey(block.shortcut), block.name] as const] : [])));
  const given = new Map<string, number>();
  const errors: BlockImportError[] = [];
  for (const action of actions) {
    const { shortcut } = action.input;
    if (!shortcut) continue;
    const key = shortcutKey(shortcut);
    const owner = kept.get(key);
    const earlier = given.get(key);
    if (owner !== undefined) errors.push({ row: action.row, field: 'shortcut', message: `The shortcut ${shortcut} is already used by the block "${owner}". Choose another shortcut.` });
    else if (earlier !== undefined) errors.push({ row: action.row, field: 'shortcut', message: `This block has the same shortcut as row ${earlier}.` });
    else given.set(key, action.row);
  }
  return errors;
}

/**
 * Clears, inside the import's transaction, the shortcuts of the blocks whose shortcut the file
 * changes, before any block is saved: a shortcut moving from one block to another (two blocks
 * swapping theirs) is then free when its new block is saved. Each block's new version still
 * records the change from its old shortcut (`editBlockIn` compares with the row as it was read).
 */
async function releaseChangedShortcuts(tx: Db, actions: readonly ImportAction[]): Promise<void> {
  const ids = actions.flatMap((action) =>
    action.kind === 'update' && action.target.shortcut && action.target.shortcut !== storedContent(action.input).shortcut ? [action.target.id] : [],
  );
  if (ids.length > 0) await tx.update(blocks).set({ shortcut: null }).where(inArray(blocks.id, ids));
}

/** 400 for a file with no blocks or more than the limit. */
function assertRowCount(rows: readonly ImportRow[]): void {
  if (rows.length === 0) throw new ApiProblem(400, 'no_blocks', 'The file has no blocks.');
  const limit = BLOCK_TRANSFER_LIMITS.rows;
  if (rows.length > limit) {
    throw new ApiProblem(
      400,
      'too_many_rows',
      `A file can hold at most ${limit.toLocaleString('en-US')} blocks; this one has ${rows.length.toLocaleString('en-US')}. Split it into smaller files.`,
    );
  }
}

const count = (actions: readonly ImportAction[], kind: ImportAction['kind']) => actions.filter((action) => action.kind === kind).length;

/**
 * Imports `rows` into the actor's team: the report of what was done. With `dryRun`, or when any
 * row has an error, nothing is written and the report says what the import would do (and the
 * errors, `errorCount` in all, the first `BLOCK_TRANSFER_LIMITS.errors` listed).
 */
export async function importBlocks(db: Db, actor: AdminActor, rows: readonly ImportRow[], options: { dryRun: boolean }): Promise<BlockImportReport> {
  assertRowCount(rows);
  return db.transaction(async (tx) => {
    const query = tx.select().from(blocks).where(liveBlocksOf(actor)).orderBy(asc(blocks.id));
    const live = options.dryRun ? await query : await query.for('update');
    const { actions, errors } = planImport(live, rows);
    const report: BlockImportReport = {
      dryRun: options.dryRun,
      created: count(actions, 'create'),
      updated: count(actions, 'update'),
      unchanged: count(actions, 'unchanged'),
      errors: errors.slice(0, BLOCK_TRANSFER_LIMITS.errors),
      errorCount: errors.length,
    };
    if (options.dryRun || errors.length > 0) return report;
    await releaseChangedShortcuts(tx, actions);
    for (const action of actions) {
      if (action.kind === 'create') await createBlockIn(tx, actor, action.input, { fromImport: true });
      else if (action.kind === 'update') await editBlockIn(tx, actor, action.target, action.input, { fromImport: true });
    }
    return report;
  });
}
