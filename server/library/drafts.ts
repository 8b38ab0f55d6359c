/**
 * Changes to a team's blocks that staff do not see yet (`block_drafts`):
 * - an editor's change, when the team requires review: it waits until a team admin approves it
 *   (published then, as a new version the editor authored) or rejects it;
 * - a team admin's scheduled change: published by `publishDueChanges` at its time.
 * A block has at most one waiting change. Publishing claims each due change with a row lock that
 * other instances skip, and marks it published in the same transaction as the new version, so a
 * change is published once however many instances run the job.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { adminBlockInput, type AdminBlockInput } from '../../src/api/contract/admin';
import type { AdminDraft } from '../../src/api/contract/drafts';
import type { PendingChange } from '../../src/api/contract/wording';
import type { Db } from '../db/database';
import { newId } from '../db/ids';
import { blocks, users } from '../db/schema';
import { blockDrafts, type DraftState } from '../db/drafts-schema';
import { ApiProblem, notFound } from '../errors';
import { libraryEntryOf, recordAudit } from './audit';
import { contentOf, type BlockRow } from './block-versions';
import { createBlockIn, editBlockIn, findTeamBlock, storedContent, type AdminActor, type BlockInput } from './block-writes';
import { assertVersion } from './preconditions';
import { ofActorTeam } from './team-scope';

export type DraftRow = typeof blockDrafts.$inferSelect;
const WAITING: DraftState[] = ['awaiting_approval', 'scheduled'];

/** The block input a draft holds, checked again: it was valid when saved, and stays so. */
const inputOf = (draft: DraftRow): BlockInput => adminBlockInput.parse(draft.content);

const alreadyWaiting = () =>
  new ApiProblem(409, 'change_waiting', 'This block already has a change waiting. Approve, reject or withdraw it before making another.');

async function waitingFor(db: Db, blockId: string): Promise<DraftRow | undefined> {
  const [row] = await db
    .select()
    .from(blockDrafts)
    .where(and(eq(blockDrafts.blockId, blockId), inArray(blockDrafts.state, WAITING)))
    .limit(1);
  return row;
}

/** The live block `blockId` of the actor's team, locked, at the version the caller opened. */
async function lockedLiveBlock(db: Db, actor: AdminActor, blockId: string, opened: readonly number[]): Promise<BlockRow> {
  const row = await findTeamBlock(db, actor, blockId, true);
  if (!row) throw notFound('Block');
  assertVersion(row.version, opened);
  if (row.deletedAt || row.archivedAt) throw new ApiProblem(409, 'block_deleted', 'This block is deleted or archived. Bring it back first to change it.');
  return row;
}

interface NewDraft {
  blockId: string | null;
  baseVersion: number | null;
  input: AdminBlockInput;
  state: 'awaiting_approval' | 'scheduled';
  publishAt: Date | null;
}

async function insertDraft(db: Db, actor: AdminActor, draft: NewDraft): Promise<DraftRow> {
  const at = new Date();
  // Checked now, so a change that could never be published is refused while its author is here.
  storedContent(draft.input as BlockInput);
  const [row] = await db
    .insert(blockDrafts)
    .values({
      id: newId(at),
      accountId: actor.accountId,
      teamId: actor.teamId,
      blockId: draft.blockId,
      baseVersion: draft.baseVersion,
      content: { ...draft.input },
      authorUserId: actor.userId,
      state: draft.state,
      publishAt: draft.publishAt,
      createdAt: at,
    })
    .returning();
  await recordAudit(db, {
    ...libraryEntryOf(actor),
    action: draft.state === 'scheduled' ? 'block.change_scheduled' : 'block.change_drafted',
    entityId: draft.blockId ?? row!.id,
    changes: { draft: row!.id, ...(draft.publishAt ? { publishAt: draft.publishAt.toISOString() } : {}), ...(draft.baseVersion ? { fromVersion: draft.baseVersion } : {}) },
    at,
  });
  return row!;
}

/** An editor's change to block `blockId`, waiting for a team admin. */
export function draftBlockEdit(db: Db, actor: AdminActor, blockId: string, opened: readonly number[], input: AdminBlockInput): Promise<DraftRow> {
  return db.transaction(async (tx) => {
    const row = await lockedLiveBlock(tx, actor, blockId, opened);
    if (await waitingFor(tx, row.id)) throw alreadyWaiting();
    return insertDraft(tx, actor, { blockId: row.id, baseVersion: row.version, input, state: 'awaiting_approval', publishAt: null });
  });
}

/** An editor's new block, waiting for a team admin. */
export function draftNewBlock(db: Db, actor: AdminActor, input: AdminBlockInput): Promise<DraftRow> {
  return db.transaction((tx) => insertDraft(tx, actor, { blockId: null, baseVersion: null, input, state: 'awaiting_approval', publishAt: null }));
}

/** A team admin's change to block `blockId`, published at `publishAt` (which must be in the future). */
export function scheduleBlockEdit(db: Db, actor: AdminActor, blockId: string, opened: readonly number[], input: AdminBlockInput, publishAt: Date, now: Date): Promise<DraftRow> {
  if (publishAt.getTime() <= now.getTime()) throw new ApiProblem(400, 'invalid_request', 'Invalid body. publishAt: Choose a time in the future.');
  return db.transaction(async (tx) => {
    const row = await lockedLiveBlock(tx, actor, blockId, opened);
    if (await waitingFor(tx, row.id)) throw alreadyWaiting();
    return insertDraft(tx, actor, { blockId: row.id, baseVersion: row.version, input, state: 'scheduled', publishAt });
  });
}

/** The waiting change `draftId` of the actor's team, locked; 404 for any other. */
async function lockedWaiting(db: Db, actor: AdminActor, draftId: string): Promise<DraftRow> {
  const [row] = await db.select().from(blockDrafts).where(ofActorTeam(blockDrafts, actor, draftId)).limit(1).for('update');
  if (!row) throw notFound('Change');
  if (!WAITING.includes(row.state)) throw new ApiProblem(409, 'change_decided', 'This change was already published, rejected or withdrawn.');
  return row;
}

/**
 * Publishes `draft` (locked, waiting) now: the new block, or a new version of its block made by
 * the draft's author, with `actor` recorded as who let it through.
 */
async function publish(db: Db, actor: AdminActor, draft: DraftRow, at: Date): Promise<BlockRow> {
  const input = inputOf(draft);
  const changes = { draft: draft.id, draftedBy: draft.authorUserId };
  let block: BlockRow;
  if (draft.blockId === null) {
    block = await createBlockIn(db, actor, input, changes, draft.authorUserId);
  } else {
    const row = await findTeamBlock(db, { ...actor, teamId: draft.teamId }, draft.blockId, true);
    if (!row || row.deletedAt) throw new ApiProblem(409, 'block_deleted', 'The block of this change was deleted. Undelete it first.');
    block = await editBlockIn(db, actor, row, input, changes, { author: draft.authorUserId });
  }
  await db
    .update(blockDrafts)
    .set({ state: 'published', blockId: block.id, publishedVersion: block.version, decidedByUserId: actor.userId, decidedAt: at })
    .where(eq(blockDrafts.id, draft.id));
  return block;
}

/** A team admin approves an editor's change: staff see it now (or at its time, when it was scheduled). */
export function approveDraft(db: Db, actor: AdminActor, draftId: string): Promise<{ draft: DraftRow; block: BlockRow }> {
  return db.transaction(async (tx) => {
    const draft = await lockedWaiting(tx, actor, draftId);
    if (draft.state !== 'awaiting_approval') throw new ApiProblem(409, 'change_decided', 'This change is scheduled, not waiting for approval.');
    const at = new Date();
    const block = await publish(tx, actor, draft, at);
    await recordAudit(tx, { ...libraryEntryOf(actor), action: 'block.change_approved', entityId: block.id, changes: { draft: draft.id, draftedBy: draft.authorUserId, version: block.version }, at });
    return { draft: { ...draft, state: 'published', blockId: block.id }, block };
  });
}

/** A team admin rejects an editor's change; staff never see it. */
export function rejectDraft(db: Db, actor: AdminActor, draftId: string): Promise<DraftRow> {
  return db.transaction(async (tx) => {
    const draft = await lockedWaiting(tx, actor, draftId);
    if (draft.state !== 'awaiting_approval') throw new ApiProblem(409, 'change_decided', 'This change is scheduled, not waiting for approval. Withdraw it instead.');
    return decide(tx, actor, draft, 'rejected', 'block.change_rejected');
  });
}

/** The author (or a team admin) takes a waiting change back; `isTeamAdmin` lets admins withdraw anyone's. */
export function withdrawDraft(db: Db, actor: AdminActor, draftId: string, isTeamAdmin: boolean): Promise<DraftRow> {
  return db.transaction(async (tx) => {
    const draft = await lockedWaiting(tx, actor, draftId);
    if (!isTeamAdmin && draft.authorUserId !== actor.userId) throw new ApiProblem(403, 'forbidden', 'Only its author or a team admin can withdraw this change.');
    return decide(tx, actor, draft, 'withdrawn', 'block.change_withdrawn');
  });
}

async function decide(db: Db, actor: AdminActor, draft: DraftRow, state: 'rejected' | 'withdrawn', action: 'block.change_rejected' | 'block.change_withdrawn'): Promise<DraftRow> {
  const at = new Date();
  const [row] = await db.update(blockDrafts).set({ state, decidedByUserId: actor.userId, decidedAt: at }).where(eq(blockDrafts.id, draft.id)).returning();
  await recordAudit(db, { ...libraryEntryOf(actor), action, entityId: draft.blockId ?? draft.id, changes: { draft: draft.id, draftedBy: draft.authorUserId }, at });
  return row!;
}

/**
 * Publishes every scheduled change due at `now`, each in its own transaction; returns how many.
 * A change whose block was deleted meanwhile is withdrawn instead, so it is not tried forever.
 */
export async function publishDueChanges(db: Db, now: Date, batch = 50): Promise<number> {
  let published = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [draft] = await tx
        .select()
        .from(blockDrafts)
        .where(and(eq(blockDrafts.state, 'scheduled'), lte(blockDrafts.publishAt, now)))
        .orderBy(asc(blockDrafts.publishAt), asc(blockDrafts.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!draft) return false;
      const actor: AdminActor = { userId: draft.authorUserId, accountId: draft.accountId, teamId: draft.teamId, address: '', via: 'schedule' };
      const [block] = draft.blockId ? await tx.select({ deletedAt: blocks.deletedAt }).from(blocks).where(eq(blocks.id, draft.blockId)).limit(1) : [];
      if (draft.blockId && (!block || block.deletedAt)) {
        await decide(tx, actor, draft, 'withdrawn', 'block.change_withdrawn');
        return true;
      }
      const row = await publish(tx, actor, draft, now);
      await recordAudit(tx, { ...libraryEntryOf(actor), action: 'block.change_published', entityId: row.id, changes: { draft: draft.id, version: row.version }, at: now });
      published += 1;
      return true;
    });
    if (!done || published >= batch) return published;
  }
}

/** The waiting change of each of `blockIds` that has one, with its author's address. */
export async function waitingChanges(db: Db, accountId: string, blockIds: readonly string[]): Promise<Map<string, PendingChange>> {
  const found = new Map<string, PendingChange>();
  if (blockIds.length === 0) return found;
  const rows = await db
    .select({ draft: blockDrafts, email: users.email })
    .from(blockDrafts)
    .leftJoin(users, and(eq(users.id, blockDrafts.authorUserId), eq(users.accountId, blockDrafts.accountId)))
    .where(and(eq(blockDrafts.accountId, accountId), inArray(blockDrafts.blockId, [...blockIds]), inArray(blockDrafts.state, WAITING)));
  for (const { draft, email } of rows) {
    found.set(draft.blockId!, {
      _id: draft.id,
      state: draft.state as 'awaiting_approval' | 'scheduled',
      publishAt: draft.publishAt?.toISOString() ?? null,
      author: { _id: draft.authorUserId, email: email ?? null },
    });
  }
  return found;
}

/** The team's waiting changes, oldest first, each with the block as it now reads (for the diff). */
export async function listWaiting(db: Db, actor: AdminActor, state?: 'awaiting_approval' | 'scheduled'): Promise<AdminDraft[]> {
  const rows = await db
    .select({ draft: blockDrafts, email: users.email, block: blocks })
    .from(blockDrafts)
    .leftJoin(users, and(eq(users.id, blockDrafts.authorUserId), eq(users.accountId, blockDrafts.accountId)))
    .leftJoin(blocks, eq(blocks.id, blockDrafts.blockId))
    .where(and(ofActorTeam(blockDrafts, actor), state ? eq(blockDrafts.state, state) : inArray(blockDrafts.state, WAITING)))
    .orderBy(asc(sql`coalesce(${blockDrafts.publishAt}, ${blockDrafts.createdAt})`), asc(blockDrafts.id));
  return rows.map(({ draft, email, block }) => toAdminDraft(draft, email, block));
}

/** `draft` as the admin API answers it, its author and block read within the actor's account and team. */
export async function adminDraftOf(db: Db, actor: AdminActor, draft: DraftRow): Promise<AdminDraft> {
  const [author] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, draft.authorUserId), eq(users.accountId, actor.accountId)))
    .limit(1);
  const block = draft.blockId ? ((await findTeamBlock(db, actor, draft.blockId)) ?? null) : null;
  return toAdminDraft(draft, author?.email ?? null, block);
}

export function toAdminDraft(draft: DraftRow, authorEmail: string | null, block: BlockRow | null): AdminDraft {
  const input = inputOf(draft);
  return {
    _id: draft.id,
    team: draft.teamId,
    block: draft.blockId,
    state: draft.state,
    publishAt: draft.publishAt?.toISOString() ?? null,
    createdAt: draft.createdAt.toISOString(),
    baseVersion: draft.baseVersion,
    author: { _id: draft.authorUserId, email: authorEmail },
    content: contentOf(storedContent(input)),
    current: block ? { ...contentOf(block), version: block.version } : null,
  };
}
