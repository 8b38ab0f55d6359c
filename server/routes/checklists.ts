import { Hono } from 'hono';
import { ACCOUNT_ROUTES, routePattern } from '../../src/api/contract/paths';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppEnv } from '../app-env';
import { z } from 'zod';
import { checklist, checklistsQuery, type Checklist } from '../../src/api/contract/checklist';
import { checklists } from '../db/schema';
import { requireAccountMember, teamsInScope } from '../auth/middleware';
import { versionedJson } from '../http/etag';
import { teamListVersions } from '../db/list-versions';
import { contract } from './contract';
import { accountDay, nowOf, shownToStaff } from '../library/wording';

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

/** `GET ACCOUNT_ROUTES.checklists?teams=a,b` → the checklists of those teams. */
export function checklistRoutes() {
  const list = contract({ summary: 'Checklists of the given teams (ETag, 304)', query: checklistsQuery, response: z.array(checklist) });
  return new Hono<AppEnv>().get(routePattern(ACCOUNT_ROUTES.checklists), list, requireAccountMember, async (c) => {
    const query = list.query(c);
    const { caller } = c.var;
    const teamIds = teamsInScope(caller, query.teams);
    const { db } = c.var.services.database;
    // A checklist an admin deleted or archived, or one outside its dates, is gone for members.
    const day = await accountDay(db, caller.accountId, nowOf(c));
    const inScope = and(
      eq(checklists.accountId, caller.accountId),
      inArray(checklists.teamId, teamIds.length ? teamIds : ['']),
      isNull(checklists.deletedAt),
      shownToStaff(checklists, day),
    );
    return versionedJson(
      c,
      `checklists|${caller.accountId}|${[...teamIds].sort().join(',')}|${day}`,
      () => teamListVersions(db, 'checklists', teamIds),
      async () => (await db.select().from(checklists).where(inScope).orderBy(asc(checklists.name), asc(checklists.id))).map(toChecklistDto),
    );
  });
}
