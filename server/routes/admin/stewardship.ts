/**
 * Keeping a team's library right, under `/api/admin/accounts/{accountId}/teams/{teamId}`: the
 * people who may own its records (`/owners`), the due reviews (`/reviews`), "Still right" on a
 * block or checklist (`/blocks/{id}/review`, `/checklists/{id}/review`, If-Match, no new version),
 * the caller's own weekly mail switch (`/reviews/mail`), and the Clean up lists (`/cleanup`). Every
 * read is of the caller's account and the path's team only; a record elsewhere is 404.
 */
import { Hono } from 'hono';
import { and, asc, eq, isNull, max, sql } from 'drizzle-orm';
import { z } from '../../../src/api/contract/zod';
import type { AppEnv } from '../../app-env';
import { adminBlock, adminChecklist } from '../../../src/api/contract/admin';
import { cleanupList, cleanupQuery, recordOwner, reviewList, reviewMailInput, reviewMailState, reviewsQuery, type CleanupBlock } from '../../../src/api/contract/stewardship';
import { blocks } from '../../db/schema';
import { sentAutoResponses } from '../../db/records-schema';
import { ifMatchVersions } from '../../library/preconditions';
import { confirmReview, dueReviews, ownersOf, reviewMailOf, setReviewMail, teamPeople } from '../../library/stewardship';
import { ofActorTeam } from '../../library/team-scope';
import { contract } from '../contract';
import { adminBlockOf } from './blocks';
import { accountDay } from '../../library/wording';
import { toAdminChecklist } from './checklists';
import { actorOf, answerVersioned, pathIdOf } from './route-helpers';

const TEAM = '/accounts/:accountId/teams/:teamId';
const DAY_MS = 86_400_000;

export function adminStewardshipRoutes() {
  const routes = new Hono<AppEnv>();

  const owners = contract({ summary: 'The people who may own the team’s blocks and checklists: its members and admins', admin: true, response: z.array(recordOwner) });
  routes.get(`${TEAM}/owners`, owners, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await teamPeople(c.var.services.database.db, actorOf(c)));
  });

  const list = contract({ summary: 'The team’s blocks and checklists whose review is due, longest overdue first; only the caller’s with mine=true', admin: true, query: reviewsQuery, response: reviewList });
  routes.get(`${TEAM}/reviews`, list, async (c) => {
    const { db } = c.var.services.database;
    const actor = actorOf(c);
    const query = list.query(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ reviews: await dueReviews(db, actor, new Date(), query.mine ? actor.userId : undefined), reviewMail: await reviewMailOf(db, actor.accountId, actor.userId) });
  });

  const mail = contract({ summary: 'Turn the caller’s own weekly mail of due reviews on or off', admin: true, body: reviewMailInput, response: reviewMailState });
  routes.put(`${TEAM}/reviews/mail`, mail, async (c) => {
    const { reviewMail } = await mail.body(c);
    return c.json({ reviewMail: await setReviewMail(c.var.services.database.db, actorOf(c), reviewMail) });
  });

  const reviewBlock = contract({ summary: 'Still right: confirm the block as it is; its next review is a whole interval away (If-Match)', admin: true, ifMatch: true, response: adminBlock });
  routes.post(`${TEAM}/blocks/:blockId/review`, reviewBlock, async (c) => {
    const { db } = c.var.services.database;
    const id = pathIdOf(c, 'blockId', 'Block');
    const row = await confirmReview(db, actorOf(c), 'block', id, ifMatchVersions(c.req.header('If-Match')));
    return answerVersioned(c, row, await adminBlockOf(c, row), 'blocks');
  });

  const reviewChecklist = contract({ summary: 'Still right: confirm the checklist as it is (If-Match)', admin: true, ifMatch: true, response: adminChecklist });
  routes.post(`${TEAM}/checklists/:checklistId/review`, reviewChecklist, async (c) => {
    const { db } = c.var.services.database;
    const id = pathIdOf(c, 'checklistId', 'Checklist');
    const row = await confirmReview(db, actorOf(c), 'checklist', id, ifMatchVersions(c.req.header('If-Match'), 'checklist'));
    return answerVersioned(c, row, toAdminChecklist(row, await accountDay(db, row.accountId, new Date()), await ownersOf(db, row.accountId, [row.ownerUserId])), 'checklists');
  });

  const cleanup = contract({
    summary: 'Clean up: live blocks not used in unusedDays days, blocks whose show-until date is past (in the account’s time zone), and archived blocks',
    admin: true,
    query: cleanupQuery,
    response: cleanupList,
  });
  routes.get(`${TEAM}/cleanup`, cleanup, async (c) => {
    const { db } = c.var.services.database;
    const actor = actorOf(c);
    const { unusedDays } = cleanup.query(c);
    const now = new Date();
    const today = await accountDay(db, actor.accountId, now);
    const lastUse = db
      .select({ blockId: sentAutoResponses.autoResponseId, lastUsedAt: max(sentAutoResponses.timeSent).as('last_used_at') })
      .from(sentAutoResponses)
      .where(and(eq(sentAutoResponses.accountId, actor.accountId), eq(sentAutoResponses.teamId, actor.teamId)))
      .groupBy(sentAutoResponses.autoResponseId)
      .as('last_use');
    const rows = await db
      .select({ id: blocks.id, name: blocks.name, version: blocks.version, showUntil: blocks.showUntil, archivedAt: blocks.archivedAt, lastUsedAt: lastUse.lastUsedAt })
      .from(blocks)
      .leftJoin(lastUse, eq(lastUse.blockId, blocks.id))
      .where(and(ofActorTeam(blocks, actor), isNull(blocks.deletedAt)))
      .orderBy(asc(sql`lower(${blocks.name})`), asc(blocks.id));
    const since = now.getTime() - unusedDays * DAY_MS;
    const shown = (row: (typeof rows)[number]): CleanupBlock => ({
      id: row.id,
      name: row.name,
      version: row.version,
      lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt).toISOString() : null,
      showUntil: row.showUntil,
      archivedAt: row.archivedAt?.toISOString() ?? null,
    });
    const live = rows.filter((row) => !row.archivedAt);
    c.header('Cache-Control', 'private, no-store');
    return c.json({
      today,
      unused: live.filter((row) => !row.lastUsedAt || new Date(row.lastUsedAt).getTime() < since).map(shown),
      ended: live.filter((row) => row.showUntil !== null && row.showUntil < today).map(shown),
      archived: rows.filter((row) => row.archivedAt).map(shown),
    });
  });

  return routes;
}
