/**
 * The team's usage, under `/api/admin/accounts/{accountId}/teams/{teamId}`: `GET .../usage` (a
 * report of counts for a period of UTC days, by day or week) and `GET .../usage.csv` (every use of
 * the period, one row each, streamed; at most 100,000 rows, `X-Usage-Truncated: true` when cut).
 */
import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { AppEnv } from '../../app-env';
import { usageCsvQuery, usageQuery } from '../../../src/api/contract/admin';
import { teamOf } from '../../admin/access';
import { fileSlug, usageCsvOf, usagePeriod, usageReportOf } from '../../admin/usage';
import type { Db } from '../../db/database';
import { teams } from '../../db/schema';
import { notFound, parseOr400 } from '../../errors';

const TEAM = '/accounts/:accountId/teams/:teamId';

async function teamNameOf(db: Db, accountId: string, teamId: string): Promise<string> {
  const [team] = await db
    .select({ name: teams.name })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.accountId, accountId)))
    .limit(1);
  if (!team) throw notFound('Team');
  return team.name;
}

export function adminUsageRoutes() {
  const routes = new Hono<AppEnv>();

  routes.get(`${TEAM}/usage`, async (c) => {
    const query = parseOr400(usageQuery, { from: c.req.query('from'), to: c.req.query('to'), interval: c.req.query('interval') }, 'query');
    const period = usagePeriod(query);
    const { db } = c.var.services.database;
    const scope = { accountId: c.var.caller.accountId, teamId: teamOf(c) };
    const report = await usageReportOf(db, { ...scope, teamName: await teamNameOf(db, scope.accountId, scope.teamId) }, period, query.interval);
    c.header('Cache-Control', 'private, no-store');
    return c.json(report);
  });

  routes.get(`${TEAM}/usage.csv`, async (c) => {
    const query = parseOr400(usageCsvQuery, { from: c.req.query('from'), to: c.req.query('to') }, 'query');
    const period = usagePeriod(query);
    const { db } = c.var.services.database;
    const scope = { accountId: c.var.caller.accountId, teamId: teamOf(c) };
    const name = await teamNameOf(db, scope.accountId, scope.teamId);
    const { stream, truncated } = await usageCsvOf(db, scope, period);
    const headers: Record<string, string> = {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileSlug(name)}-usage-${period.from}-${period.to}.csv"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    };
    if (truncated) headers['X-Usage-Truncated'] = 'true';
    return c.body(stream, 200, headers);
  });

  return routes;
}
