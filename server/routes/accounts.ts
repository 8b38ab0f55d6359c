import { Hono } from 'hono';
import { ACCOUNT_ROUTES, routePattern } from '../../src/api/contract/paths';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppEnv } from '../app-env';
import { account as accountSchema, accountQuery, type Account } from '../../src/api/contract/account';
import { teamList, type Team } from '../../src/api/contract/team';
import { accounts, teams } from '../db/schema';
import { notFound } from '../errors';
import { requireAccountMember } from '../auth/middleware';
import { contract } from './contract';
import { accountLanguages } from '../../src/domain/languages';

/** `GET /accounts?id=` and `GET /accounts/{accountId}/teams`. */
export function accountRoutes() {
  const routes = new Hono<AppEnv>();

  const callerAccount = contract({ summary: 'The caller account', query: accountQuery, response: accountSchema });
  routes.get('/', callerAccount, async (c) => {
    const { id } = callerAccount.query(c);
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
      languages: accountLanguages(row.languages),
    };
    return c.json(account);
  });

  const callerTeams = contract({ summary: "The caller's teams", response: teamList });
  routes.get(routePattern(ACCOUNT_ROUTES.teams), callerTeams, requireAccountMember, async (c) => {
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
