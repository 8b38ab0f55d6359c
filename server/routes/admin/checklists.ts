/**
 * A team's checklists in the admin API, under `/api/admin/accounts/{accountId}/teams/{teamId}/checklists`:
 * list (deleted ones on request), read one, create, edit, delete and undelete. A checklist answers
 * with its version as ETag (`"<version>"`); every change to an existing one needs it as `If-Match`
 * (server/admin/preconditions.ts). A checklist of another team or account is 404.
 */
import { Hono } from 'hono';
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AppEnv } from '../../app-env';
import { adminChecklistInput, adminChecklistsQuery, type AdminChecklist } from '../../../src/api/contract/admin';
import { teamOf } from '../../admin/access';
import {
  createChecklist,
  deleteChecklist,
  findTeamChecklist,
  undeleteChecklist,
  updateChecklist,
  type ChecklistRow,
} from '../../admin/checklist-writes';
import { ifMatchVersions } from '../../admin/preconditions';
import { checklists } from '../../db/schema';
import { notFound, parseOr400, readJson } from '../../errors';
import { actorOf, answerVersioned, lifecycleOf, pathIdOf, type AdminContext } from './route-helpers';

const TEAM = '/accounts/:accountId/teams/:teamId';
const CHECKLIST = `${TEAM}/checklists/:checklistId`;

export function toAdminChecklist(row: ChecklistRow): AdminChecklist {
  return {
    _id: row.id,
    account: row.accountId,
    team: row.teamId,
    name: row.name,
    tasks: row.tasks.map((task) => ({ name: task.name })),
    blocks: row.blockIds,
    categories: row.categories,
    ...lifecycleOf(row),
  };
}

const checklistIdOf = (c: AdminContext): string => pathIdOf(c, 'checklistId', 'Checklist');

/** The checklist with its ETag; `status` 201 adds its Location. */
const answer = (c: AdminContext, row: ChecklistRow, status: 200 | 201 = 200): Response => answerVersioned(c, row, toAdminChecklist(row), 'checklists', status);

export function adminChecklistRoutes() {
  const routes = new Hono<AppEnv>();

  routes.get(`${TEAM}/checklists`, async (c) => {
    const query = parseOr400(adminChecklistsQuery, { includeDeleted: c.req.query('includeDeleted') }, 'query');
    const conditions: SQL[] = [eq(checklists.accountId, c.var.caller.accountId), eq(checklists.teamId, teamOf(c))];
    if (!query.includeDeleted) conditions.push(isNull(checklists.deletedAt));
    const rows = await c.var.services.database.db
      .select()
      .from(checklists)
      .where(and(...conditions))
      .orderBy(asc(sql`lower(${checklists.name})`), asc(checklists.id));
    c.header('Cache-Control', 'private, no-store');
    return c.json(rows.map(toAdminChecklist));
  });

  routes.post(`${TEAM}/checklists`, async (c) => {
    const input = await readJson(c, adminChecklistInput);
    return answer(c, await createChecklist(c.var.services.database.db, actorOf(c), input), 201);
  });

  routes.get(CHECKLIST, async (c) => {
    const row = await findTeamChecklist(c.var.services.database.db, actorOf(c), checklistIdOf(c));
    if (!row) throw notFound('Checklist');
    return answer(c, row);
  });

  routes.put(CHECKLIST, async (c) => {
    const checklistId = checklistIdOf(c);
    const opened = ifMatchVersions(c.req.header('If-Match'), 'checklist');
    const input = await readJson(c, adminChecklistInput);
    return answer(c, await updateChecklist(c.var.services.database.db, actorOf(c), checklistId, opened, input));
  });

  routes.delete(CHECKLIST, async (c) => {
    const checklistId = checklistIdOf(c);
    const opened = ifMatchVersions(c.req.header('If-Match'), 'checklist');
    return answer(c, await deleteChecklist(c.var.services.database.db, actorOf(c), checklistId, opened));
  });

  routes.post(`${CHECKLIST}/restore`, async (c) => {
    const checklistId = checklistIdOf(c);
    const opened = ifMatchVersions(c.req.header('If-Match'), 'checklist');
    return answer(c, await undeleteChecklist(c.var.services.database.db, actorOf(c), checklistId, opened));
  });

  return routes;
}
