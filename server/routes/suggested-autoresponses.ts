import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { suggestedAutoResponse } from '../../src/api/contract/usage';
import { newId } from '../db/ids';
import { suggestedAutoResponses } from '../db/schema';
import { readJson } from '../errors';
import { requireAccountMember, requireTeamMember } from '../auth/middleware';

/** `POST /accounts/{accountId}/teams/{teamId}/suggestedautoresponses` → 201 `{ _id }`. */
export function suggestedAutoresponseRoutes() {
  return new Hono<AppEnv>().post('/:accountId/teams/:teamId/suggestedautoresponses', requireAccountMember, requireTeamMember, async (c) => {
    const body = await readJson(c, suggestedAutoResponse);
    const { caller } = c.var;
    const id = newId();
    await c.var.services.database.db.insert(suggestedAutoResponses).values({
      id,
      accountId: caller.accountId,
      teamId: c.req.param('teamId').toLowerCase(),
      userId: caller.id,
      userEmail: caller.email,
      name: body.name,
      body: body.body,
      supportedContexts: body.supportedContexts,
      cognitoSub: caller.cognitoSub,
      microsoftSub: caller.microsoftSub,
    });
    return c.json({ _id: id }, 201);
  });
}
