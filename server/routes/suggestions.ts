import { Hono } from 'hono';
import { ACCOUNT_ROUTES, routePattern } from '../../src/api/contract/paths';
import type { AppEnv } from '../app-env';
import { created, suggestedAutoResponse } from '../../src/api/contract/usage';
import { newId } from '../db/ids';
import { suggestedAutoResponses } from '../db/records-schema';
import { requireAccountMember, requireTeamMember } from '../auth/middleware';
import { contract } from './contract';

/** `POST ACCOUNT_ROUTES.suggestions` → 201 `{ _id }`. */
export function suggestionRoutes() {
  const suggest = contract({ summary: 'Suggest a block', body: suggestedAutoResponse, response: created, status: 201 });
  return new Hono<AppEnv>().post(routePattern(ACCOUNT_ROUTES.suggestions), suggest, requireAccountMember, requireTeamMember, async (c) => {
    const body = await suggest.body(c);
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
