import { Hono } from 'hono';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppEnv } from '../app-env';
import { accountQuery, type Account } from '../../src/api/contract/account';
import type { Team } from '../../src/api/contract/team';
import { accounts, teams } from '../db/schema';
import { notFound, parseOr400 } from '../errors';
import { requireAccountMember } from '../auth/middleware';

/** `GET /accounts?id=` and `GET /accounts/{accountId}/teams`. */
export function accountRoutes() {
  const routes = new Hono<AppEnv>();

  routes.get('/', async (c) => {
    const { id } = parseOr400(accountQuery, c.req.query(), 'query');
    if (id !== c.var.caller.accountId) throw notFound('Account');
    const [row] = await c.var.services.database.db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
    if (!row) throw notFound('Account');
    const account: Account = {
      _id: row.id,
      name: row.name,
      hasPhoneFlowAccess: row.hasPhoneFlowAccess,
      emailClassificationFeature: { on: row.emailClassificationOn, teams: row.emailClassificationTeams },
      supportEmail: row.supportEmail,
      numMostFreqAutoResponses: row.mostFrequentCount,
    };
    return c.json(account);
  });

  routes.get('/:accountId/teams', requireAccountMember, async (c) => {
    const { caller } = c.var;
    if (caller.teamIds.length === 0) return c.json([]);
    const rows = await c.var.services.database.db
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(and(eq(teams.accountId, caller.accountId), inArray(teams.id, caller.teamIds), isNull(teams.archivedAt)))
      .orderBy(asc(teams.name));
    return c.json(rows.map((row): Team => ({ _id: row.id, name: row.name })));
  });

  return routes;
}
