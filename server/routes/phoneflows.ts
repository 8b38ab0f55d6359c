import { Hono } from 'hono';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppEnv } from '../app-env';
import { checklistsQuery, type Checklist } from '../../src/api/contract/checklist';
import { checklists } from '../db/schema';
import { parseOr400 } from '../errors';
import { requireAccountMember, teamsInScope } from '../auth/middleware';
import { jsonWithEtag } from '../etag';

type ChecklistRow = typeof checklists.$inferSelect;

export function toChecklistDto(row: ChecklistRow): Checklist {
  return {
    _id: row.id,
    name: row.name,
    team: row.teamId,
    tasks: row.tasks.map((task) => ({ name: task.name })),
    blocks: row.blockIds,
    categories: row.categories,
  };
}

/** `GET /accounts/{accountId}/phoneflows?teams=a,b` → the checklists of those teams. */
export function phoneflowRoutes() {
  return new Hono<AppEnv>().get('/:accountId/phoneflows', requireAccountMember, async (c) => {
    const query = parseOr400(checklistsQuery, { teams: c.req.queries('teams') ?? [] }, 'query');
    const { caller } = c.var;
    const teamIds = teamsInScope(caller, query.teams);
    if (teamIds.length === 0) return jsonWithEtag(c, []);
    const rows = await c.var.services.database.db
      .select()
      .from(checklists)
      .where(and(eq(checklists.accountId, caller.accountId), inArray(checklists.teamId, teamIds)))
      .orderBy(asc(checklists.name), asc(checklists.id));
    return jsonWithEtag(c, rows.map(toChecklistDto));
  });
}
