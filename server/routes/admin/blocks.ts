/**
 * A team's blocks in the admin API, under `/api/admin/accounts/{accountId}/teams/{teamId}/blocks`:
 * list (with filters, deleted ones on request), read one, create, edit, duplicate, delete,
 * undelete, archive and bring back, and the block's versions with a way back to any of them. A block answers with its
 * version as ETag (`"<version>"`); every change to an existing block needs it as `If-Match`
 * (server/library/preconditions.ts). A block of another team or account is 404.
 */
import { Hono } from 'hono';
import { and, asc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AppEnv } from '../../app-env';
import { adminBlock, adminBlockList, adminBlocksQuery, blockVersionList, type AdminBlock } from '../../../src/api/contract/admin';
import { adminBlockSave, adminDraft } from '../../../src/api/contract/drafts';
import type { PendingChange } from '../../../src/api/contract/wording';
import { administers, teamOf } from '../../library/access';
import { adminDraftOf, draftBlockEdit, draftNewBlock, scheduleBlockEdit, waitingChanges, type DraftRow } from '../../library/drafts';
import { accountDay, nowOf, windowOn } from '../../library/wording';
import { contentOf, listVersions, type BlockRow } from '../../library/block-versions';
import { ownersOf, stewardshipOf } from '../../library/stewardship';
import type { RecordOwner } from '../../../src/api/contract/stewardship';
import {
  archiveBlock,
  createBlock,
  deleteBlock,
  duplicateBlock,
  findTeamBlock,
  restoreBlockVersion,
  undeleteBlock,
  unarchiveBlock,
  updateBlock,
} from '../../library/block-writes';
import { ifMatchVersions } from '../../library/preconditions';
import { blocks, teams } from '../../db/schema';
import { ApiProblem, notFound } from '../../errors';
import { contract } from '../contract';
import { actorOf, answerVersioned, lifecycleOf, pathIdOf, type AdminContext } from './route-helpers';

const TEAM = '/accounts/:accountId/teams/:teamId';
const BLOCK = `${TEAM}/blocks/:blockId`;

/** The block as the admin API answers it, with where its dates put it on `day`, its waiting change and its owner (`owners`, ownersOf). */
export function toAdminBlock(row: BlockRow, day: string, pending: PendingChange | null = null, owners: Map<string, RecordOwner> = new Map()): AdminBlock {
  return {
    _id: row.id,
    account: row.accountId,
    team: row.teamId,
    ...contentOf(row),
    ...lifecycleOf(row),
    window: windowOn(row, day),
    pending,
    ...stewardshipOf(row, owners),
  };
}

/** `toAdminBlock` for one block, read now. */
export async function adminBlockOf(c: AdminContext, row: BlockRow): Promise<AdminBlock> {
  const { db } = c.var.services.database;
  const pending = (await waitingChanges(db, row.accountId, [row.id])).get(row.id) ?? null;
  return toAdminBlock(row, await accountDay(db, row.accountId, nowOf(c)), pending, await ownersOf(db, row.accountId, [row.ownerUserId]));
}

/**
 * Whether a save by the caller waits for a team admin: they edit the team's blocks without
 * administering it, and the team requires review of editors' changes.
 */
async function needsApproval(c: AdminContext): Promise<boolean> {
  const teamId = teamOf(c);
  if (administers(c.var.caller, teamId)) return false;
  const [team] = await c.var.services.database.db.select({ requireReview: teams.requireReview }).from(teams).where(eq(teams.id, teamId)).limit(1);
  return team?.requireReview ?? true;
}

/** 202: the change waits (for approval or its time); staff see the block as it was. */
async function answerDraft(c: AdminContext, draft: DraftRow): Promise<Response> {
  c.header('Cache-Control', 'private, no-store');
  return c.json(await adminDraftOf(c.var.services.database.db, actorOf(c), draft), 202);
}

const blockIdOf = (c: AdminContext): string => pathIdOf(c, 'blockId', 'Block');

/** The block with its ETag; `status` 201 adds its Location. */
const answer = async (c: AdminContext, row: BlockRow, status: 200 | 201 = 200): Promise<Response> => answerVersioned(c, row, await adminBlockOf(c, row), 'blocks', status);

/** `LIKE` pattern matching `text` anywhere, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

export function adminBlockRoutes() {
  const routes = new Hono<AppEnv>();

  const list = contract({
    summary: "The team's blocks with their versions; q searches names and body text; deleted ones with includeDeleted=true",
    admin: true,
    query: adminBlocksQuery,
    response: adminBlockList,
  });
  routes.get(`${TEAM}/blocks`, list, async (c) => {
    const query = list.query(c);
    const conditions: SQL[] = [eq(blocks.accountId, c.var.caller.accountId), eq(blocks.teamId, teamOf(c))];
    if (!query.includeDeleted) conditions.push(isNull(blocks.deletedAt));
    conditions.push(query.archived ? isNotNull(blocks.archivedAt) : isNull(blocks.archivedAt));
    if (query.category) conditions.push(sql`${query.category} = any(${blocks.categories})`);
    if (query.supportedContext) conditions.push(sql`${query.supportedContext} = any(${blocks.supportedContexts})`);
    const q = query.q?.trim();
    if (q) {
      // The body's text, without its markup, so "p" does not find every paragraph.
      const pattern = containing(q);
      conditions.push(sql`(${blocks.name} ilike ${pattern} or regexp_replace(${blocks.body}, '<[^>]*>', ' ', 'g') ilike ${pattern})`);
    }
    const rows = await c.var.services.database.db
      .select()
      .from(blocks)
      .where(and(...conditions))
      .orderBy(asc(sql`lower(${blocks.name})`), asc(blocks.id));
    const { db } = c.var.services.database;
    const day = await accountDay(db, c.var.caller.accountId, nowOf(c));
    const pending = await waitingChanges(db, c.var.caller.accountId, rows.map((row) => row.id));
    c.header('Cache-Control', 'private, no-store');
    const owners = await ownersOf(db, c.var.caller.accountId, rows.map((row) => row.ownerUserId));
    return c.json(rows.map((row) => toAdminBlock(row, day, pending.get(row.id) ?? null, owners)));
  });

  const create = contract({
    summary: "Create a block: 201 with ETag and Location; an editor's, when the team requires review, is 202 with the change waiting for approval",
    admin: true,
    body: adminBlockSave,
    response: adminBlock,
    status: 201,
    responses: { 202: { description: 'The change waits: for a team admin, or for its time', schema: adminDraft } },
  });
  routes.post(`${TEAM}/blocks`, create, async (c) => {
    const { publishAt, ...input } = await create.body(c);
    if (publishAt) throw new ApiProblem(400, 'invalid_request', 'Invalid body. publishAt: A new block is published when it is saved; give it a "Show from" date to keep it from staff until then.');
    const { db } = c.var.services.database;
    if (await needsApproval(c)) return answerDraft(c, await draftNewBlock(db, actorOf(c), input));
    return answer(c, await createBlock(db, actorOf(c), input), 201);
  });

  const read = contract({ summary: 'One block (deleted ones too), ETag "<version>"', admin: true, response: adminBlock });
  routes.get(BLOCK, read, async (c) => {
    const row = await findTeamBlock(c.var.services.database.db, actorOf(c), blockIdOf(c));
    if (!row) throw notFound('Block');
    return answer(c, row);
  });

  const save = contract({
    summary:
      "Save the whole block as a new version (If-Match); with publishAt, 202: the change waits for its time; an editor's, when the team requires review, 202: it waits for a team admin",
    admin: true,
    ifMatch: true,
    body: adminBlockSave,
    response: adminBlock,
    responses: { 202: { description: 'The change waits: for a team admin, or for its time', schema: adminDraft } },
  });
  routes.put(BLOCK, save, async (c) => {
    const blockId = blockIdOf(c);
    const opened = ifMatchVersions(c.req.header('If-Match'));
    const { publishAt, ...input } = await save.body(c);
    const { db } = c.var.services.database;
    if (await needsApproval(c)) {
      if (publishAt) throw new ApiProblem(403, 'forbidden', 'Only team admins can schedule a change. Send it for approval without a time.');
      return answerDraft(c, await draftBlockEdit(db, actorOf(c), blockId, opened, input));
    }
    if (publishAt) return answerDraft(c, await scheduleBlockEdit(db, actorOf(c), blockId, opened, input, new Date(publishAt), nowOf(c)));
    return answer(c, await updateBlock(db, actorOf(c), blockId, opened, input));
  });

  const remove = contract({
    summary: 'Delete the block: members stop seeing it; admins can undelete it (If-Match)',
    admin: true,
    ifMatch: true,
    response: adminBlock,
  });
  routes.delete(BLOCK, remove, async (c) => {
    const blockId = blockIdOf(c);
    const opened = ifMatchVersions(c.req.header('If-Match'));
    return answer(c, await deleteBlock(c.var.services.database.db, actorOf(c), blockId, opened));
  });

  const undelete = contract({ summary: 'Undelete the block (If-Match)', admin: true, ifMatch: true, response: adminBlock });
  routes.post(`${BLOCK}/restore`, undelete, async (c) => {
    const blockId = blockIdOf(c);
    const opened = ifMatchVersions(c.req.header('If-Match'));
    return answer(c, await undeleteBlock(c.var.services.database.db, actorOf(c), blockId, opened));
  });

  const duplicate = contract({
    summary: 'A new block with the same content, named "Copy of <name>": 201 with ETag and Location',
    admin: true,
    response: adminBlock,
    status: 201,
  });
  routes.post(`${BLOCK}/duplicate`, duplicate, async (c) => {
    return answer(c, await duplicateBlock(c.var.services.database.db, actorOf(c), blockIdOf(c)), 201);
  });

  const versions = contract({ summary: "The block's versions, newest first, each whole, with its author and the languages whose text it changed", admin: true, response: blockVersionList });
  routes.get(`${BLOCK}/versions`, versions, async (c) => {
    const { db } = c.var.services.database;
    const row = await findTeamBlock(db, actorOf(c), blockIdOf(c));
    if (!row) throw notFound('Block');
    c.header('Cache-Control', 'private, no-store');
    return c.json(await listVersions(db, row.id));
  });

  const restoreVersion = contract({
    summary: "A new version with that version's content (If-Match)",
    params: { version: { type: 'integer', minimum: 1 } },
    admin: true,
    ifMatch: true,
    response: adminBlock,
  });
  routes.post(`${BLOCK}/versions/:version/restore`, restoreVersion, async (c) => {
    const blockId = blockIdOf(c);
    const version = c.req.param('version');
    if (!/^\d{1,9}$/.test(version)) throw notFound('Version');
    const opened = ifMatchVersions(c.req.header('If-Match'));
    return answer(c, await restoreBlockVersion(c.var.services.database.db, actorOf(c), blockId, Number(version), opened));
  });

  const archive = contract({ summary: 'Archive the block: members stop seeing it; a new version (If-Match)', admin: true, ifMatch: true, response: adminBlock });
  routes.post(`${BLOCK}/archive`, archive, async (c) => {
    const blockId = blockIdOf(c);
    const opened = ifMatchVersions(c.req.header('If-Match'));
    return answer(c, await archiveBlock(c.var.services.database.db, actorOf(c), blockId, opened));
  });

  const unarchive = contract({ summary: 'Bring an archived block back: a new version (If-Match)', admin: true, ifMatch: true, response: adminBlock });
  routes.post(`${BLOCK}/unarchive`, unarchive, async (c) => {
    const blockId = blockIdOf(c);
    const opened = ifMatchVersions(c.req.header('If-Match'));
    return answer(c, await unarchiveBlock(c.var.services.database.db, actorOf(c), blockId, opened));
  });

  return routes;
}
