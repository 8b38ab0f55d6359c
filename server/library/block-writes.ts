/**
 * Every change an admin makes to a team's blocks: create, edit, duplicate, delete, undelete and
 * bring back an older version. Each runs in one transaction that changes the block, keeps the new
 * version (block-versions.ts) and writes the audit event (audit.ts), so all three or none happen.
 * Changes to an existing block lock its row and check the version the admin opened
 * (preconditions.ts) first. Deleting only marks the block (`deleted_at`): members stop seeing it,
 * its history stays, and an admin can undelete it. The database's triggers move the team's block
 * list version with each write, so members' next load has the change. Imports (block-transfer.ts)
 * run many creates and edits in one transaction with `createBlockIn` and `editBlockIn`.
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { ADMIN_BLOCK_LIMITS } from '../../src/api/contract/admin';
import { type AuditAction } from '../../src/api/contract/audit';
import { fitText } from '../../src/api/contract/text';
import type { Db } from '../db/database';
import { newId } from '../db/ids';
import { blocks, type StoredVariant } from '../db/schema';
import { ApiProblem, notFound } from '../errors';
import { libraryEntryOf, recordAudit, type AuditChanges } from './audit';
import { EMPTY_CONTENT, changedFields, contentOf, findVersion, keepVersion, type BlockContent, type BlockRow } from './block-versions';
import { assertVersion } from './preconditions';
import { applyStewardship, newOwnerOf, type StewardshipInput } from './stewardship';
import { showDatesProblem } from '../../src/api/contract/wording';
import { ofActorTeam, type AdminActor } from './team-scope';

export type { AdminActor } from './team-scope';

/** A block's content as the admin API has validated it. */
export interface BlockInput {
  name: string;
  body: string;
  categories: string[];
  supportedContexts: string[];
  cc: string[];
  subjectLine?: string | null | undefined;
  attachments: Array<{ name: string; url: string }>;
  examples: string[];
  shortcut?: string | null | undefined;
  /** Who keeps it right (a person of the team) and how often it is reviewed; left out, unchanged (a new block: its creator, 365 days). */
  owner?: string | null | undefined;
  reviewEveryDays?: number | undefined;
  showFrom?: string | null | undefined;
  showUntil?: string | null | undefined;
  variants?: Array<{ language: string; name: string; body: string; subjectLine?: string | null | undefined; attachments?: Array<{ name: string; url: string }> | undefined; examples?: string[] | undefined; needsUpdate?: boolean | undefined }> | undefined;
}

/** The content `input` saves, as the block and its versions keep it (an empty subject line is none). */
export function storedContent(input: BlockInput): BlockContent {
  const problem = showDatesProblem(input.showFrom, input.showUntil);
  if (problem) throw new ApiProblem(400, 'invalid_request', `Invalid body. showUntil: ${problem}`);
  return {
  name: input.name,
  body: input.body,
  categories: input.categories,
  supportedContexts: input.supportedContexts,
  cc: input.cc,
  subjectLine: input.subjectLine ? input.subjectLine : null,
  attachments: input.attachments,
  examples: input.examples,
  shortcut: input.shortcut ? input.shortcut : null,
  showFrom: input.showFrom ?? null,
  showUntil: input.showUntil ?? null,
  variants: (input.variants ?? []).map((variant) => ({
    language: variant.language,
    name: variant.name,
    body: variant.body,
    subjectLine: variant.subjectLine ? variant.subjectLine : null,
    attachments: variant.attachments ?? [],
    examples: variant.examples ?? [],
    needsUpdate: variant.needsUpdate === true,
  })),
  };
}

/** What a change of the default-language text is judged by: its name, body and subject line. */
const defaultTextOf = (content: BlockContent) => JSON.stringify([content.name, content.body, content.subjectLine ?? null]);
const variantTextOf = (variant: StoredVariant) =>
  JSON.stringify([variant.name, variant.body, variant.subjectLine ?? null, (variant.attachments ?? []).map(({ name, url }) => [name, url])]);

/**
 * The variants `after` saves over `before`: a variant whose own text (name, body, subject line,
 * attachments; its example questions are not its text) is saved changed (or is new)
 * is up to date; one left as it was when the default-language text changed needs an update; any
 * other keeps what the admin sent (so "Mark as up to date" clears the mark).
 */
export function settleVariants(before: BlockContent | undefined, after: BlockContent): StoredVariant[] {
  const defaultChanged = before !== undefined && defaultTextOf(before) !== defaultTextOf(after);
  return after.variants.map((variant) => {
    const old = before?.variants.find((candidate) => candidate.language === variant.language);
    if (!old || variantTextOf(old) !== variantTextOf(variant)) return { ...variant, needsUpdate: false };
    if (defaultChanged) return { ...variant, needsUpdate: true };
    return variant;
  });
}

/** The block `blockId` of the actor's team, or undefined (another team's or account's is unknown here). */
export async function findTeamBlock(db: Db, actor: AdminActor, blockId: string, lock = false): Promise<BlockRow | undefined> {
  const query = db
    .select()
    .from(blocks)
    .where(ofActorTeam(blocks, actor, blockId))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

async function lockedBlock(db: Db, actor: AdminActor, blockId: string, opened: readonly number[]): Promise<BlockRow> {
  const row = await findTeamBlock(db, actor, blockId, true);
  if (!row) throw notFound('Block');
  assertVersion(row.version, opened);
  return row;
}

/** The answer when another live block of the team already has `shortcut`. */
const shortcutTaken = (shortcut: string, owner?: string) =>
  new ApiProblem(
    409,
    'shortcut_taken',
    owner
      ? `The shortcut ${shortcut} is already used by the block "${owner}". Choose another shortcut.`
      : `The shortcut ${shortcut} is already used by another block of this team. Choose another shortcut.`,
  );

/**
 * Refuses `shortcut` when another live block of the actor's team has it, whatever its case, naming
 * that block. The unique index `blocks_team_shortcut_idx` is what guarantees it under concurrent
 * saves; this check only gives the admin the name to look for (`uniqueShortcut` turns the index's
 * refusal into the same answer without it).
 */
async function assertShortcutFree(db: Db, actor: AdminActor, shortcut: string | null | undefined, exceptBlockId?: string): Promise<void> {
  if (!shortcut) return;
  const [owner] = await db
    .select({ name: blocks.name })
    .from(blocks)
    .where(
      and(
        eq(blocks.accountId, actor.accountId),
        eq(blocks.teamId, actor.teamId),
        isNull(blocks.deletedAt),
        sql`lower(${blocks.shortcut}) = lower(${shortcut})`,
        ...(exceptBlockId ? [ne(blocks.id, exceptBlockId)] : []),
      ),
    )
    .limit(1);
  if (owner) throw shortcutTaken(shortcut, owner.name);
}

/** The database's error code of a unique violation, wherever the driver keeps it. */
function uniqueViolationOf(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 4; cause = (cause as { cause?: unknown }).cause, depth += 1) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return undefined;
}

/**
 * `write`, with a concurrent save that took the same shortcut first answered as 409 naming that
 * block, instead of a server error. The write runs in a savepoint of the caller's transaction, so
 * that transaction can still read who took the shortcut once the index has refused it.
 */
async function uniqueShortcut<T>(db: Db, actor: AdminActor, shortcut: string | null | undefined, exceptBlockId: string | undefined, write: (tx: Db) => Promise<T>): Promise<T> {
  if (!shortcut) return write(db);
  try {
    return await db.transaction((savepoint) => write(savepoint));
  } catch (error) {
    const constraint = uniqueViolationOf(error);
    if (constraint === undefined || (constraint !== '' && constraint !== 'blocks_team_shortcut_idx')) throw error;
    await assertShortcutFree(db, actor, shortcut, exceptBlockId);
    throw shortcutTaken(shortcut);
  }
}

function assertLive(row: BlockRow): void {
  if (row.deletedAt) throw new ApiProblem(409, 'block_deleted', 'This block is deleted. Undelete it first to change it.');
}

/** Inserts a new block at version 1 with its first version and audit event. */
async function insertNew(
  db: Db,
  actor: AdminActor,
  content: BlockContent,
  action: AuditAction,
  changes: AuditChanges,
  author = actor.userId,
  stewardship: StewardshipInput = {},
): Promise<BlockRow> {
  const at = new Date();
  await assertShortcutFree(db, actor, content.shortcut);
  const ownerUserId = await newOwnerOf(db, actor, stewardship, author);
  const review = { ownerUserId, reviewedAt: at, ...(stewardship.reviewEveryDays ? { reviewEveryDays: stewardship.reviewEveryDays } : {}) };
  const [row] = await uniqueShortcut(db, actor, content.shortcut, undefined, (tx) =>
    tx
      .insert(blocks)
      .values({ id: newId(at), accountId: actor.accountId, teamId: actor.teamId, ...content, ...review, version: 1, createdAt: at, updatedAt: at })
      .returning(),
  );
  await keepVersion(db, row!, 'created', author, at);
  await recordAudit(db, { ...libraryEntryOf(actor), action, entityId: row!.id, changes: { ...changes, version: 1 }, at });
  return row!;
}

/** The versions that save new content, and so count as a review. */
const CONTENT_ACTIONS: ReadonlyArray<Parameters<typeof keepVersion>[2]> = ['edited', 'restored', 'published'];

/** Moves `row` to its next version with `set` applied, keeping the version and the audit event. */
async function saveNext(
  db: Db,
  actor: AdminActor,
  row: BlockRow,
  set: Partial<BlockContent> & { deletedAt?: Date | null; archivedAt?: Date | null },
  versionAction: Parameters<typeof keepVersion>[2],
  auditAction: AuditAction,
  changes: AuditChanges,
  author = actor.userId,
): Promise<BlockRow> {
  const at = new Date();
  const version = row.version + 1;
  // A block that comes back to life, or gets a shortcut, must not share it with a live block.
  const shortcut = set.shortcut !== undefined ? set.shortcut : set.deletedAt === null ? row.shortcut : null;
  // Saved content counts as a review: whoever changed it has just read it.
  const reviewed = CONTENT_ACTIONS.includes(versionAction) ? { reviewedAt: at } : {};
  await assertShortcutFree(db, actor, shortcut, row.id);
  const [saved] = await uniqueShortcut(db, actor, shortcut, row.id, (tx) =>
    tx
      .update(blocks)
      .set({ ...set, ...reviewed, version, updatedAt: at })
      .where(eq(blocks.id, row.id))
      .returning(),
  );
  await keepVersion(db, saved!, versionAction, author, at);
  await recordAudit(db, { ...libraryEntryOf(actor), action: auditAction, entityId: row.id, changes: { ...changes, version }, at });
  return saved!;
}

export function createBlock(db: Db, actor: AdminActor, input: BlockInput): Promise<BlockRow> {
  return db.transaction((tx) => createBlockIn(tx, actor, input));
}

/**
 * Creates a block inside the caller's transaction (`db` is that transaction), exactly as
 * `createBlock` does: version 1 with its author and the `block.created` event, which also names
 * what it came from (`changes`, such as the suggestion an admin approved).
 */
export function createBlockIn(db: Db, actor: AdminActor, input: BlockInput, changes: AuditChanges = {}, author = actor.userId): Promise<BlockRow> {
  const stored = storedContent(input);
  const content = { ...stored, variants: settleVariants(undefined, stored) };
  return insertNew(db, actor, content, 'block.created', { ...changes, fields: changedFields(EMPTY_CONTENT, content) }, author, input);
}

/** Saves `input` over the block; a save that changes nothing keeps the version it had. */
export function updateBlock(db: Db, actor: AdminActor, blockId: string, opened: readonly number[], input: BlockInput): Promise<BlockRow> {
  return db.transaction(async (tx) => {
    const row = await lockedBlock(tx, actor, blockId, opened);
    assertLive(row);
    const saved = await editBlockIn(tx, actor, row, input);
    return applyStewardship(tx, actor, 'block', saved, input);
  });
}

/**
 * Saves `input` over `row` inside the caller's transaction (`db` is that transaction, `row` locked
 * and live), exactly as `updateBlock` does: a new version and a `block.edited` event, or nothing
 * when the content is already `input`'s.
 */
export function editBlockIn(
  db: Db,
  actor: AdminActor,
  row: BlockRow,
  input: BlockInput,
  changes: AuditChanges = {},
  published?: { author: string },
): Promise<BlockRow> {
  const stored = storedContent(input);
  const content = { ...stored, variants: settleVariants(row, stored) };
  const fields = changedFields(row, content);
  if (fields.length === 0) return Promise.resolve(row);
  if (published) return saveNext(db, actor, row, content, 'published', 'block.edited', { ...changes, fields }, published.author);
  return saveNext(db, actor, row, content, 'edited', 'block.edited', { ...changes, fields });
}

/** A new block with the content of `blockId`, named "Copy of <name>". */
export function duplicateBlock(db: Db, actor: AdminActor, blockId: string): Promise<BlockRow> {
  return db.transaction(async (tx) => {
    const source = await findTeamBlock(tx, actor, blockId);
    if (!source) throw notFound('Block');
    // A shortcut belongs to one block: the copy has none until an admin gives it one.
    const content = { ...contentOf(source), name: fitText(`Copy of ${source.name}`, 'line', ADMIN_BLOCK_LIMITS.name), shortcut: null };
    return insertNew(tx, actor, content, 'block.duplicated', { copiedFrom: source.id });
  });
}

/** Marks the block deleted: members no longer see it. */
export function deleteBlock(db: Db, actor: AdminActor, blockId: string, opened: readonly number[]): Promise<BlockRow> {
  return db.transaction(async (tx) => {
    const row = await lockedBlock(tx, actor, blockId, opened);
    if (row.deletedAt) throw new ApiProblem(409, 'block_deleted', 'This block is already deleted.');
    return saveNext(tx, actor, row, { deletedAt: new Date() }, 'deleted', 'block.deleted', {});
  });
}

/** Brings a deleted block back, as it was. */
export function undeleteBlock(db: Db, actor: AdminActor, blockId: string, opened: readonly number[]): Promise<BlockRow> {
  return db.transaction(async (tx) => {
    const row = await lockedBlock(tx, actor, blockId, opened);
    if (!row.deletedAt) throw new ApiProblem(409, 'block_not_deleted', 'This block is not deleted.');
    return saveNext(tx, actor, row, { deletedAt: null }, 'undeleted', 'block.undeleted', {});
  });
}

/** A new version of the block with the content of its version `from`. */
export function restoreBlockVersion(db: Db, actor: AdminActor, blockId: string, from: number, opened: readonly number[]): Promise<BlockRow> {
  return db.transaction(async (tx) => {
    const row = await lockedBlock(tx, actor, blockId, opened);
    assertLive(row);
    const old = await findVersion(tx, row.id, from);
    if (!old) throw notFound('Version');
    const content = contentOf(old);
    return saveNext(tx, actor, row, content, 'restored', 'block.version_restored', { fromVersion: from, fields: changedFields(row, content) });
  });
}

/** Archives the block: members stop seeing it, admins find it under Archived and can bring it back. */
export function archiveBlock(db: Db, actor: AdminActor, blockId: string, opened: readonly number[]): Promise<BlockRow> {
  return db.transaction(async (tx) => {
    const row = await lockedBlock(tx, actor, blockId, opened);
    assertLive(row);
    if (row.archivedAt) throw new ApiProblem(409, 'block_archived', 'This block is already archived.');
    return saveNext(tx, actor, row, { archivedAt: new Date() }, 'archived', 'block.archived', {});
  });
}

/** Brings an archived block back, as it was. */
export function unarchiveBlock(db: Db, actor: AdminActor, blockId: string, opened: readonly number[]): Promise<BlockRow> {
  return db.transaction(async (tx) => {
    const row = await lockedBlock(tx, actor, blockId, opened);
    assertLive(row);
    if (!row.archivedAt) throw new ApiProblem(409, 'block_not_archived', 'This block is not archived.');
    return saveNext(tx, actor, row, { archivedAt: null }, 'unarchived', 'block.unarchived', {});
  });
}
