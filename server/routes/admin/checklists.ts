/**
 * A team's checklists in the admin API, under `/api/admin/accounts/{accountId}/teams/{teamId}/checklists`:
 * list (deleted or archived ones on request), read one, create, edit, delete, undelete, archive and bring back. A checklist answers
 * with its version as ETag (`"<version>"`); every change to an existing one needs it as `If-Match`
 * (server/library/preconditions.ts). A checklist of another team or account is 404.
 */
import { Hono } from 'hono';
import { and, asc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AppEnv } from '../../app-env';
import { adminChecklist, adminChecklistInput, adminChecklistList, adminChecklistsQuery, type AdminChecklist } from '../../../src/api/contract/admin';
import { teamOf } from '../../library/access';
import { ownersOf, stewardshipOf } from '../../library/stewardship';
import type { RecordOwner } from '../../../src/api/contract/stewardship';
import {
  archiveChecklist,
  createChecklist,
  deleteChecklist,
  findTeamChecklist,
  undeleteChecklist,
  unarchiveChecklist,
  updateChecklist,
  type ChecklistRow,
} from '../../library/checklist-writes';
import { ifMatchVersions } from '../../library/preconditions';
import { checklists } from '../../db/schema';
import { notFound } from '../../errors';
import { contract } from '../contract';
import { accountDay, nowOf, windowOn } from '../../library/wording';
import { actorOf, answerVersioned, lifecycleOf, pathIdOf, type AdminContext } from './route-helpers';

const TEAM = '/accounts/:accountId/teams/:teamId';
const CHECKLIST = `${TEAM}/checklists/:checklistId`;

/** The checklist as the admin API shows it, with where its dates put it on `day` and its owner (`owners`, ownersOf). */
export function toAdminChecklist(row: ChecklistRow, day: string, owners: Map<string, RecordOwner> = new Map()): AdminChecklist {
  return {
    _id: row.id,
    account: row.accountId,
    team: row.teamId,
    name: row.name,
    tasks: row.tasks.map((task) => ({ name: task.name })),
    blocks: row.blockIds,
    categories: row.categories,
    showFrom: row.showFrom,
    showUntil: row.showUntil,
    window: windowOn(row, day),
    ...lifecycleOf(row),
    ...stewardshipOf(row, owners),
  };
}

const checklistIdOf = (c: AdminContext): string => pathIdOf(c, 'checklistId', 'Checklist');

/** The checklist with its ETag; `status` 201 adds its Location. */
const answer = async (c: AdminContext, row: ChecklistRow, status: 200 | 201 = 200): Promise<Response> =>
  answerVersioned(
    c,
    row,
    toAdminChecklist(row, await accountDay(c.var.services.database.db, row.accountId, nowOf(c)), await ownersOf(c.var.services.database.db, row.accountId, [row.ownerUserId])),
    'checklists',
    status,
  );

export function adminChecklistRoutes() {
  const routes = new Hono<AppEnv>();

  const list = contract({
    summary: "The team's checklists with their versions; deleted ones with includeDeleted=true",
    admin: true,
    query: adminChecklistsQuery,
    response: adminChecklistList,
  });
  routes.get(`${TEAM}/checklists`, list, async (c) => {
    const query = list.query(c);
    const conditions: SQL[] = [eq(checklists.accountId, c.var.caller.accountId), eq(checklists.teamId, teamOf(c))];
    if (!query.includeDeleted) conditions.push(isNull(checklists.deletedAt));
    conditions.push(query.archived ? isNotNull(checklists.archivedAt) : isNull(checklists.archivedAt));
    const rows = await c.var.services.database.db
      .select()
      .from(checklists)
      .where(and(...conditions))
      .orderBy(asc(sql`lower(${checklists.name})`), asc(checklists.id));
    c.header('Cache-Control', 'private, no-store');
    const day = await accountDay(c.var.services.database.db, c.var.caller.accountId, nowOf(c));
    const owners = await ownersOf(c.var.services.database.db, c.var.caller.accountId, rows.map((row) => row.ownerUserId));
    return c.json(rows.map((row) => toAdminChecklist(row, day, owners)));
  });

  const create = contract({
    summary: 'Create a checklist (tasks in order, linked blocks of the team): 201 with ETag and Location',
    admin: true,
    body: adminChecklistInput,
    response: adminChecklist,
    status: 201,
  });
  routes.post(`${TEAM}/checklists`, create, async (c) => {
    const input = await create.body(c);
    return answer(c, await createChecklist(c.var.services.database.db, actorOf(c), input), 201);
  });

  const read = contract({ summary: 'One checklist (deleted ones too), ETag "<version>"', admin: true, response: adminChecklist });
  routes.get(CHECKLIST, read, async (c) => {
    const row = await findTeamChecklist(c.var.services.database.db, actorOf(c), checklistIdOf(c));
    if (!row) throw notFound('Checklist');
    return answer(c, row);
  });

  const save = contract({
    summary: 'Save the whole checklist as a new version (If-Match)',
    admin: true,
    ifMatch: true,
    body: adminChecklistInput,
    response: adminChecklist,
  });
  routes.put(CHECKLIST, save, async (c) => {
    const checklistId = checklistIdOf(c);
    const opened = ifMatchVersions(c.req.header('If-Match'), 'checklist');
    const input = await save.body(c);
    return answer(c, await updateChecklist(c.var.services.database.db, actorOf(c), checklistId, opened, input));
  });

  const remove = contract({
    summary: 'Delete the checklist: members stop seeing it; admins can undelete it (If-Match)',
    admin: true,
    ifMatch: true,
    response: adminChecklist,
  });
  routes.delete(CHECKLIST, remove, async (c) => {
    const checklistId = checklistIdOf(c);
    const opened = ifMatchVersions(c.req.header('If-Match'), 'checklist');
    return answer(c, await deleteChecklist(c.var.services.database.db, actorOf(c), checklistId, opened));
  });

  const undelete = contract({ summary: 'Undelete the checklist (If-Match)', admin: true, ifMatch: true, response: adminChecklist });
  routes.post(`${CHECKLIST}/restore`, undelete, async (c) => {
    const checklistId = checklistIdOf(c);
    const opened = ifMatchVersions(c.req.header('If-Match'), 'checklist');
    return answer(c, await undeleteChecklist(c.var.services.database.db, actorOf(c), checklistId, opened));
  });

  const archive = contract({ summary: 'Archive the checklist: members stop seeing it (If-Match)', admin: true, ifMatch: true, response: adminChecklist });
  routes.post(`${CHECKLIST}/archive`, archive, async (c) => {
    const checklistId = checklistIdOf(c);
    const opened = ifMatchVersions(c.req.header('If-Match'), 'checklist');
    return answer(c, await archiveChecklist(c.var.services.database.db, actorOf(c), checklistId, opened));
  });

  const unarchive = contract({ summary: 'Bring an archived checklist back (If-Match)', admin: true, ifMatch: true, response: adminChecklist });
  routes.post(`${CHECKLIST}/unarchive`, unarchive, async (c) => {
    const checklistId = checklistIdOf(c);
    const opened = ifMatchVersions(c.req.header('If-Match'), 'checklist');
    return answer(c, await unarchiveChecklist(c.var.services.database.db, actorOf(c), checklistId, opened));
  });

  return routes;
}
