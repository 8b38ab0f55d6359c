/**
 * Every change an admin makes to a team's checklists: create, edit, delete and undelete. Each runs
 * in one transaction that changes the checklist and writes the audit event (audit.ts). Changes to
 * an existing checklist lock its row and check the version the admin opened (preconditions.ts).
 * Deleting only marks the checklist (`deleted_at`): members stop seeing it, runs already recorded
 * keep pointing at it, and an admin can undelete it. The database's triggers move the team's
 * checklist list version with each write, so members' next load has the change.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AuditAction } from '../../src/api/contract/audit';
import type { Db } from '../db/database';
import { newId } from '../db/ids';
import { blocks, checklists } from '../db/schema';
import { ApiProblem, notFound } from '../errors';
import { libraryEntryOf, recordAudit, type AuditChanges } from './audit';
import { ofActorTeam, type AdminActor } from './team-scope';
import { assertVersion } from './preconditions';
import { applyStewardship, newOwnerOf } from './stewardship';
import { showDatesProblem } from '../../src/api/contract/wording';

export type ChecklistRow = typeof checklists.$inferSelect;

/** A checklist's content as the admin API has validated it. */
export interface ChecklistInput {
  name: string;
  tasks: Array<{ name: string }>;
  blocks: string[];
  categories: string[];
  /** Who keeps it right (a person of the team) and how often it is reviewed; left out, unchanged (a new checklist: its creator, 365 days). */
  owner?: string | null | undefined;
  reviewEveryDays?: number | undefined;
  showFrom?: string | null | undefined;
  showUntil?: string | null | undefined;
}

interface ChecklistContent {
  name: string;
  tasks: Array<{ name: string }>;
  blockIds: string[];
  categories: string[];
  showFrom: string | null;
  showUntil: string | null;
}

function contentOf(input: ChecklistInput): ChecklistContent {
  const problem = showDatesProblem(input.showFrom, input.showUntil);
  if (problem) throw new ApiProblem(400, 'invalid_request', `Invalid body. showUntil: ${problem}`);
  return {
    name: input.name,
    tasks: input.tasks.map((task) => ({ name: task.name })),
    blockIds: input.blocks,
    categories: input.categories,
    showFrom: input.showFrom ?? null,
    showUntil: input.showUntil ?? null,
  };
}

/** The names of the fields whose value differs, in the API's words. */
function changedFields(row: ChecklistRow, content: ChecklistContent): string[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const fields: string[] = [];
  if (row.name !== content.name) fields.push('name');
  if (!same(row.tasks.map((task) => ({ name: task.name })), content.tasks)) fields.push('tasks');
  if (!same(row.blockIds, content.blockIds)) fields.push('blocks');
  if (!same(row.categories, content.categories)) fields.push('categories');
  if (row.showFrom !== content.showFrom) fields.push('showFrom');
  if (row.showUntil !== content.showUntil) fields.push('showUntil');
  return fields;
}

/** The checklist `checklistId` of the actor's team, or undefined (another team's or account's is unknown here). */
export async function findTeamChecklist(db: Db, actor: AdminActor, checklistId: string, lock = false): Promise<ChecklistRow | undefined> {
  const query = db
    .select()
    .from(checklists)
    .where(ofActorTeam(checklists, actor, checklistId))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

async function lockedChecklist(db: Db, actor: AdminActor, checklistId: string, opened: readonly number[]): Promise<ChecklistRow> {
  const row = await findTeamChecklist(db, actor, checklistId, true);
  if (!row) throw notFound('Checklist');
  assertVersion(row.version, opened, 'checklist');
  return row;
}

/**
 * 400 naming the first linked block that is not a live block of the team. A block the checklist
 * already links stays allowed after it is deleted, so a save never fails over a link the admin
 * did not add; members simply do not see a deleted block.
 */
async function assertTeamBlocks(db: Db, actor: AdminActor, ids: readonly string[], alreadyLinked: readonly string[] = []): Promise<void> {
  const added = ids.filter((id) => !alreadyLinked.includes(id));
  if (added.length === 0) return;
  const found = await db
    .select({ id: blocks.id })
    .from(blocks)
    .where(and(ofActorTeam(blocks, actor), isNull(blocks.deletedAt), inArray(blocks.id, added)));
  const known = new Set(found.map((row) => row.id));
  const index = ids.findIndex((id) => added.includes(id) && !known.has(id));
  if (index >= 0) throw new ApiProblem(400, 'invalid_request', `Invalid body. blocks.${index}: is not a block of this team`);
}

async function saveNext(
  db: Db,
  actor: AdminActor,
  row: ChecklistRow,
  set: Partial<ChecklistContent> & { deletedAt?: Date | null; archivedAt?: Date | null },
  action: AuditAction,
  changes: AuditChanges,
): Promise<ChecklistRow> {
  const at = new Date();
  const version = row.version + 1;
  // Saved content counts as a review: whoever changed it has just read it.
  const reviewed = action === 'checklist.edited' ? { reviewedAt: at } : {};
  const [saved] = await db
    .update(checklists)
    .set({ ...set, ...reviewed, version, updatedAt: at })
    .where(eq(checklists.id, row.id))
    .returning();
  await recordAudit(db, { ...libraryEntryOf(actor), action, entityKind: 'checklist', entityId: row.id, changes: { ...changes, version }, at });
  return saved!;
}

export function createChecklist(db: Db, actor: AdminActor, input: ChecklistInput): Promise<ChecklistRow> {
  return db.transaction(async (tx) => {
    await assertTeamBlocks(tx, actor, input.blocks);
    const at = new Date();
    const ownerUserId = await newOwnerOf(tx, actor, input);
    const review = { ownerUserId, reviewedAt: at, ...(input.reviewEveryDays ? { reviewEveryDays: input.reviewEveryDays } : {}) };
    const [row] = await tx
      .insert(checklists)
      .values({ id: newId(at), accountId: actor.accountId, teamId: actor.teamId, ...contentOf(input), ...review, version: 1, createdAt: at, updatedAt: at })
      .returning();
    await recordAudit(tx, { ...libraryEntryOf(actor), action: 'checklist.created', entityKind: 'checklist', entityId: row!.id, changes: { version: 1 }, at });
    return row!;
  });
}

/** Saves `input` over the checklist; a save that changes nothing keeps the version it had. */
export function updateChecklist(db: Db, actor: AdminActor, checklistId: string, opened: readonly number[], input: ChecklistInput): Promise<ChecklistRow> {
  return db.transaction(async (tx) => {
    const row = await lockedChecklist(tx, actor, checklistId, opened);
    if (row.deletedAt) throw new ApiProblem(409, 'checklist_deleted', 'This checklist is deleted. Undelete it first to change it.');
    await assertTeamBlocks(tx, actor, input.blocks, row.blockIds);
    const content = contentOf(input);
    const fields = changedFields(row, content);
    const saved = fields.length === 0 ? row : await saveNext(tx, actor, row, content, 'checklist.edited', { fields });
    return applyStewardship(tx, actor, 'checklist', saved, input);
  });
}

/** Marks the checklist deleted: members no longer see it. */
export function deleteChecklist(db: Db, actor: AdminActor, checklistId: string, opened: readonly number[]): Promise<ChecklistRow> {
  return db.transaction(async (tx) => {
    const row = await lockedChecklist(tx, actor, checklistId, opened);
    if (row.deletedAt) throw new ApiProblem(409, 'checklist_deleted', 'This checklist is already deleted.');
    return saveNext(tx, actor, row, { deletedAt: new Date() }, 'checklist.deleted', {});
  });
}

/** Brings a deleted checklist back, as it was. */
export function undeleteChecklist(db: Db, actor: AdminActor, checklistId: string, opened: readonly number[]): Promise<ChecklistRow> {
  return db.transaction(async (tx) => {
    const row = await lockedChecklist(tx, actor, checklistId, opened);
    if (!row.deletedAt) throw new ApiProblem(409, 'checklist_not_deleted', 'This checklist is not deleted.');
    return saveNext(tx, actor, row, { deletedAt: null }, 'checklist.undeleted', {});
  });
}

/** Archives the checklist: members stop seeing it, admins can bring it back. */
export function archiveChecklist(db: Db, actor: AdminActor, checklistId: string, opened: readonly number[]): Promise<ChecklistRow> {
  return db.transaction(async (tx) => {
    const row = await lockedChecklist(tx, actor, checklistId, opened);
    if (row.deletedAt) throw new ApiProblem(409, 'checklist_deleted', 'This checklist is deleted. Undelete it first to change it.');
    if (row.archivedAt) throw new ApiProblem(409, 'checklist_archived', 'This checklist is already archived.');
    return saveNext(tx, actor, row, { archivedAt: new Date() }, 'checklist.archived', {});
  });
}

/** Brings an archived checklist back, as it was. */
export function unarchiveChecklist(db: Db, actor: AdminActor, checklistId: string, opened: readonly number[]): Promise<ChecklistRow> {
  return db.transaction(async (tx) => {
    const row = await lockedChecklist(tx, actor, checklistId, opened);
    if (row.deletedAt) throw new ApiProblem(409, 'checklist_deleted', 'This checklist is deleted. Undelete it first to change it.');
    if (!row.archivedAt) throw new ApiProblem(409, 'checklist_not_archived', 'This checklist is not archived.');
    return saveNext(tx, actor, row, { archivedAt: null }, 'checklist.unarchived', {});
  });
}
