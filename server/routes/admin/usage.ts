/**
 * The team's usage, under `/api/admin/accounts/{accountId}/teams/{teamId}`: `GET .../usage` (a
 * report of counts for a period of UTC days, by day or week) and `GET .../usage.csv` (every use of
 * the period, one row each, streamed; at most 100,000 rows, `X-Usage-Truncated: true` when cut).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { usageCsvQuery, usageQuery, usageReport } from '../../../src/api/contract/admin';
import { fileSlug, usageCsvOf, usagePeriod, usageReportOf } from '../../library/usage';
import { teamNameOf, teamOf } from '../../library/access';
import { csvDownloadHeaders } from '../../library/csv';
import { contract } from '../contract';

const TEAM = '/accounts/:accountId/teams/:teamId';

export function adminUsageRoutes() {
  const routes = new Hono<AppEnv>();

  const usage = contract({
    summary:
      "How the team used its blocks from from to to (UTC days, both included; the last 30 days by default; at most 366): uses per block per day or week, per block, user, place in Cannery (uiSource) and host; checklist runs started and completed; usage sessions",
    admin: true,
    query: usageQuery,
    response: usageReport,
  });
  routes.get(`${TEAM}/usage`, usage, async (c) => {
    const query = usage.query(c);
    const period = usagePeriod(query);
    const { db } = c.var.services.database;
    const scope = { accountId: c.var.caller.accountId, teamId: teamOf(c) };
    const report = await usageReportOf(db, { ...scope, teamName: await teamNameOf(db, scope.accountId, scope.teamId) }, period, query.interval);
    c.header('Cache-Control', 'private, no-store');
    return c.json(report);
  });

  const csv = contract({
    summary: 'Every use of the period as CSV (time, blockId, blockName, userEmail, uiSource, host), oldest first; at most 100,000 rows, X-Usage-Truncated: true when cut',
    admin: true,
    query: usageCsvQuery,
    responses: {
      '200': {
        description: 'A CSV file (RFC 4180, UTF-8 with a byte order mark); cells a spreadsheet would run as formulas start with an apostrophe',
        headers: {
          'Content-Disposition': { schema: { type: 'string', example: 'attachment; filename="elections-usage-2026-11-01-2026-11-30.csv"' } },
          'X-Usage-Truncated': { schema: { type: 'string', enum: ['true'] }, description: 'Sent when the period had more than 100,000 uses' },
        },
        content: { 'text/csv': 'text' },
      },
    },
  });
  routes.get(`${TEAM}/usage.csv`, csv, async (c) => {
    const query = csv.query(c);
    const period = usagePeriod(query);
    const { db } = c.var.services.database;
    const scope = { accountId: c.var.caller.accountId, teamId: teamOf(c) };
    const name = await teamNameOf(db, scope.accountId, scope.teamId);
    const { stream, truncated } = await usageCsvOf(db, scope, period);
    const headers = csvDownloadHeaders(`${fileSlug(name)}-usage-${period.from}-${period.to}.csv`, { header: 'X-Usage-Truncated', cut: truncated });
    return c.body(stream, 200, headers);
  });

  return routes;
}
