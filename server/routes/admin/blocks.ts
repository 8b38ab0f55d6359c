/**
 * A team's blocks in the admin API, under `/api/admin/accounts/{accountId}/teams/{teamId}/blocks`:
 * list (with filters, deleted ones on request), read one, create, edit, duplicate, delete,
 * undelete, and the block's versions with a way back to any of them. A block answers with its
 * version as ETag (`"<version>"`); every change to an existing block needs it as `If-Match`
 * (server/admin/preconditions.ts). A block of another team or account is 404.
 */
import { Hono } from 'hono';
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AppEnv } from '../../app-env';
import { adminBlockInput, adminBlocksQuery, type AdminBlock } from '../../../src/api/contract/admin';
import { teamOf } from '../../admin/access';
import { contentOf, listVersions, type BlockRow } from '../../admin/block-versions';
import {
  createBlock,
  deleteBlock,
  duplicateBlock,
  findTeamBlock,
  restoreBlockVersion,
  undeleteBlock,
  updateBlock,
} from '../../admin/block-writes';
import { ifMatchVersions } from '../../admin/preconditions';
import { blocks } from '../../db/schema';
import { notFound, parseOr400, readJson } from '../../errors';
import { actorOf, answerVersioned, lifecycleOf, pathIdOf, type AdminContext } from './route-helpers';

const TEAM = '/accounts/:accountId/teams/:teamId';
const BLOCK = `${TEAM}/blocks/:blockId`;

export function toAdminBlock(row: BlockRow): AdminBlock {
  return {
    _id: row.id,
    account: row.accountId,
    team: row.teamId,
    ...contentOf(row),
    ...lifecycleOf(row),
  };
}

const blockIdOf = (c: AdminContext): string => pathIdOf(c, 'blockId', 'Block');

/** The block with its ETag; `status` 201 adds its Location. */
const answer = (c: AdminContext, row: BlockRow, status: 200 | 201 = 200): Response => answerVersioned(c, row, toAdminBlock(row), 'blocks', status);

/** `LIKE` pattern matching `text` anywhere, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

export function adminBlockRoutes() {
  const routes = new Hono<AppEnv>();

  routes.get(`${TEAM}/blocks`, async (c) => {
    const query = parseOr400(
      adminBlocksQuery,
      { q: c.req.query('q'), category: c.req.query('category'), supportedContext: c.req.query('supportedContext'), includeDeleted: c.req.query('includeDeleted') },
      'query',
    );
    const conditions: SQL[] = [eq(blocks.accountId, c.var.caller.accountId), eq(blocks.teamId, teamOf(c))];
    if (!query.includeDeleted) conditions.push(isNull(blocks.deletedAt));
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
    c.header('Cache-Control', 'private, no-store');
    return c.json(rows.map(toAdminBlock));
  });

  routes.post(`${TEAM}/blocks`, async (c) => {
    const input = await readJson(c, adminBlockInput);
    return answer(c, await createBlock(c.var.services.database.db, actorOf(c), input), 201);
  });

  routes.get(BLOCK, async (c) => {
    const row = await findTeamBlock(c.var.services.database.db, actorOf(c), blockIdOf(c));
    if (!row) throw notFound('Block');
    return answer(c, row);
  });

  routes.put(BLOCK, async (c) => {
    const blockId = blockIdOf(c);
    const opened = ifMatchVersions(c.req.header('If-Match'));
    const input = await readJson(c, adminBlockInput);
    return answer(c, await updateBlock(c.var.services.database.db, actorOf(c), blockId, opened, input));
  });

  routes.delete(BLOCK, async (c) => {
    const blockId = blockIdOf(c);
    const opened = ifMatchVersions(c.req.header('If-Match'));
    return answer(c, await deleteBlock(c.var.services.database.db, actorOf(c), blockId, opened));
  });

  routes.post(`${BLOCK}/restore`, async (c) => {
    const blockId = blockIdOf(c);
    const opened = ifMatchVersions(c.req.header('If-Match'));
    return answer(c, await undeleteBlock(c.var.services.database.db, actorOf(c), blockId, opened));
  });

  routes.post(`${BLOCK}/duplicate`, async (c) => {
    return answer(c, await duplicateBlock(c.var.services.database.db, actorOf(c), blockIdOf(c)), 201);
  });

  routes.get(`${BLOCK}/versions`, async (c) => {
    const { db } = c.var.services.database;
    const row = await findTeamBlock(db, actorOf(c), blockIdOf(c));
    if (!row) throw notFound('Block');
    c.header('Cache-Control', 'private, no-store');
    return c.json(await listVersions(db, row.id));
  });

  routes.post(`${BLOCK}/versions/:version/restore`, async (c) => {
    const blockId = blockIdOf(c);
    const version = c.req.param('version');
    if (!/^\d{1,9}$/.test(version)) throw notFound('Version');
    const opened = ifMatchVersions(c.req.header('If-Match'));
    return answer(c, await restoreBlockVersion(c.var.services.database.db, actorOf(c), blockId, Number(version), opened));
  });

  return routes;
}
