import { Hono, type MiddlewareHandler } from 'hono';
import { ACCOUNT_ROUTES, routePattern } from '../../src/api/contract/paths';
import { and, eq } from 'drizzle-orm';
import type { AppEnv } from '../app-env';
import { sessionCreate, sessionCreated, sessionUpdate } from '../../src/api/contract/session';
import { newId } from '../db/ids';
import { sessions } from '../db/records-schema';
import { notFound } from '../errors';
import { createOnce } from '../http/idempotency';
import { assertCallerTeams, idempotencyKeyOf, requireAccountMember } from '../auth/middleware';
import { contract } from './contract';

/** The sub in the path must be the caller's own (spec: cognitoSub if present, else microsoftSub). */
const requireOwnSub: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { caller } = c.var;
  const userSub = c.req.param('userSub');
  if (!userSub || (userSub !== caller.cognitoSub && userSub !== caller.microsoftSub)) throw notFound('User');
  await next();
};

/** The caller's own Cognito or Microsoft subject. */
const USER_SUB = { userSub: { type: 'string' } };

/** `POST` (→ 201 `{ sessionId }`) and `PUT` on `ACCOUNT_ROUTES.sessions`. */
export function sessionRoutes() {
  const routes = new Hono<AppEnv>();
  const path = routePattern(ACCOUNT_ROUTES.sessions);
  routes.use(path, requireAccountMember, requireOwnSub);

  const start = contract({ summary: 'Start a usage session (Idempotency-Key)', params: USER_SUB, body: sessionCreate, response: sessionCreated, status: 201 });
  routes.post(path, start, async (c) => {
    const key = idempotencyKeyOf(c.req.header('Idempotency-Key'));
    const body = await start.body(c);
    const { caller } = c.var;
    assertCallerTeams(caller, body.teams);
    const { db } = c.var.services.database;
    const record = await createOnce(
      () =>
        db
          .insert(sessions)
          .values({
            id: newId(),
            accountId: caller.accountId,
            userId: caller.id,
            userSub: c.req.param('userSub'),
            startTime: new Date(body.startTime),
            endTime: new Date(body.endTime),
            context: body.context,
            teams: body.teams,
            userEmail: caller.email,
            updateInterval: body.updateInterval,
            cognitoSub: caller.cognitoSub,
            microsoftSub: caller.microsoftSub,
            mailbox: body.mailbox ?? null,
            idempotencyKey: key,
          })
          .onConflictDoNothing()
          .returning({ id: sessions.id }),
      () => db.select({ id: sessions.id }).from(sessions).where(and(eq(sessions.userId, caller.id), eq(sessions.idempotencyKey, key ?? ''))),
    );
    return c.json({ sessionId: record.id }, record.created ? 201 : 200);
  });

  const extend = contract({ summary: 'Extend a usage session', params: USER_SUB, body: sessionUpdate, response: sessionCreated });
  routes.put(path, extend, async (c) => {
    const body = await extend.body(c);
    const updated = await c.var.services.database.db
      .update(sessions)
      .set({ endTime: new Date(body.endTime) })
      .where(and(eq(sessions.id, body.sessionId), eq(sessions.userId, c.var.caller.id)))
      .returning({ id: sessions.id });
    if (updated.length === 0) throw notFound('Session');
    return c.json({ sessionId: body.sessionId });
  });

  return routes;
}
