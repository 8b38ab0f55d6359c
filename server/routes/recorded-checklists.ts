import { Hono } from 'hono';
import { ACCOUNT_ROUTES, routePattern } from '../../src/api/contract/paths';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppEnv } from '../app-env';
import { recordedChecklistCreate, recordedChecklistUpdate } from '../../src/api/contract/checklist';
import { created } from '../../src/api/contract/usage';
import { newId } from '../db/ids';
import { checklists, recordedChecklists } from '../db/schema';
import { notFound } from '../errors';
import { createOnce } from '../http/idempotency';
import { idempotencyKeyOf, requireAccountMember, requireTeamMember } from '../auth/middleware';
import { contract } from './contract';

/**
 * `POST` (→ 201 `{ _id }`) and `PUT` (→ 200 `{ _id }`) on
 * `ACCOUNT_ROUTES.recordedChecklists`: a user's run through a checklist.
 */
export function recordedChecklistRoutes() {
  const routes = new Hono<AppEnv>();
  const path = routePattern(ACCOUNT_ROUTES.recordedChecklists);
  routes.use(path, requireAccountMember, requireTeamMember);

  const start = contract({ summary: 'Start a checklist record (Idempotency-Key)', body: recordedChecklistCreate, response: created, status: 201 });
  routes.post(path, start, async (c) => {
    const key = idempotencyKeyOf(c.req.header('Idempotency-Key'));
    const body = await start.body(c);
    const { caller } = c.var;
    const teamId = c.req.param('teamId').toLowerCase();
    const { db } = c.var.services.database;
    const [checklist] = await db
      .select({ id: checklists.id })
      .from(checklists)
      .where(and(eq(checklists.id, body.phoneFlowId), eq(checklists.accountId, caller.accountId), eq(checklists.teamId, teamId), isNull(checklists.deletedAt), isNull(checklists.archivedAt)))
      .limit(1);
    // A checklist an admin deleted starts no new run.
    if (!checklist) throw notFound('Checklist');
    const record = await createOnce(
      () =>
        db
          .insert(recordedChecklists)
          .values({
            id: newId(),
            accountId: caller.accountId,
            teamId,
            userId: caller.id,
            phoneFlowId: body.phoneFlowId,
            name: body.name,
            tasks: body.tasks,
            blocks: body.blocks,
            blocksSent: body.blocksSent,
            userEmail: caller.email,
            cognitoSub: caller.cognitoSub,
            microsoftSub: caller.microsoftSub,
            startTime: new Date(body.startTime),
            endTime: body.endTime ? new Date(body.endTime) : null,
            categories: body.categories ?? [],
            idempotencyKey: key,
          })
          .onConflictDoNothing()
          .returning({ id: recordedChecklists.id }),
      () =>
        db
          .select({ id: recordedChecklists.id })
          .from(recordedChecklists)
          .where(and(eq(recordedChecklists.userId, caller.id), eq(recordedChecklists.idempotencyKey, key ?? ''))),
    );
    return c.json({ _id: record.id }, record.created ? 201 : 200);
  });

  const update = contract({ summary: 'Update a checklist record', body: recordedChecklistUpdate, response: created });
  routes.put(path, update, async (c) => {
    const body = await update.body(c);
    const { caller } = c.var;
    const updated = await c.var.services.database.db
      .update(recordedChecklists)
      .set({ tasks: body.tasks, blocksSent: body.blocksSent, endTime: body.endTime ? new Date(body.endTime) : null })
      .where(
        and(
          eq(recordedChecklists.id, body.recordedPhoneFlowId),
          eq(recordedChecklists.userId, caller.id),
          eq(recordedChecklists.teamId, c.req.param('teamId').toLowerCase()),
        ),
      )
      .returning({ id: recordedChecklists.id });
    if (updated.length === 0) throw notFound('Recorded checklist');
    return c.json({ _id: body.recordedPhoneFlowId });
  });

  return routes;
}
