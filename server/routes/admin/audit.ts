/**
 * The audit log, newest first, a page at a time (`limit`, and `before` set to the previous page's
 * `next`), filtered by action, kind of record, record, actor, team, way in and period; and the
 * same events as a CSV file. `GET /api/admin/accounts/{accountId}/teams/{teamId}/audit` is the
 * team's log, for its admins; `GET /api/admin/accounts/{accountId}/audit` the whole account's, for
 * account admins. There is no route that changes or deletes an event.
 */
import { Hono, type Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../../app-env';
import { accounts } from '../../db/schema';
import { auditFilters, auditPage, auditQuery, AUDIT_LIMITS } from '../../../src/api/contract/audit';
import { auditCsvOf, auditPageOf, type AuditScope } from '../../library/audit';
import { teamNameOf, teamOf } from '../../library/access';
import { csvDownloadHeaders } from '../../library/csv';
import { fileSlug } from '../../library/usage';
import { assertAccountAdmin } from '../../people/access';
import { notFound } from '../../errors';
import { contract } from '../contract';

const TEAM = '/accounts/:accountId/teams/:teamId/audit';
const ACCOUNT = '/accounts/:accountId/audit';

const csvAnswer = {
  '200': {
    description: 'A CSV file (RFC 4180, UTF-8 with a byte order mark), oldest first; cells a spreadsheet would run as formulas start with an apostrophe',
    headers: {
      'Content-Disposition': { schema: { type: 'string', example: 'attachment; filename="alder-county-audit.csv"' } },
      'X-Audit-Truncated': { schema: { type: 'string', enum: ['true'] }, description: `Sent when more than ${AUDIT_LIMITS.csvRows.toLocaleString('en-US')} events passed the filters` },
    },
    content: { 'text/csv': 'text' },
  },
} as const;

async function csvOf(c: Context<AppEnv>, scope: AuditScope, filters: ReturnType<typeof auditFilters.parse>, name: string) {
  const { stream, truncated } = await auditCsvOf(c.var.services.database.db, scope, filters);
  const headers = csvDownloadHeaders(`${fileSlug(name)}-audit.csv`, { header: 'X-Audit-Truncated', cut: truncated });
  return c.body(stream, 200, headers);
}

const accountScope = (c: Context<AppEnv>): AuditScope => {
  if ((c.req.param('accountId') ?? '').toLowerCase() !== c.var.caller.accountId) throw notFound('Account');
  assertAccountAdmin(c.var.caller, 'read the account’s audit log');
  return { accountId: c.var.caller.accountId };
};

export function adminAuditRoutes() {
  const routes = new Hono<AppEnv>();
  const teamLog = contract({ summary: "The team's audit log, newest first; pass next as before for the next page", admin: true, query: auditQuery, response: auditPage });
  routes.get(TEAM, teamLog, async (c) => {
    const query = teamLog.query(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await auditPageOf(c.var.services.database.db, { accountId: c.var.caller.accountId, teamId: teamOf(c) }, query));
  });
  const teamCsv = contract({ summary: "The team's audit log as CSV, the events that pass the filters", admin: true, query: auditFilters, responses: csvAnswer });
  routes.get(`${TEAM}.csv`, teamCsv, async (c) => {
    const scope = { accountId: c.var.caller.accountId, teamId: teamOf(c) };
    return csvOf(c, scope, teamCsv.query(c), await teamNameOf(c.var.services.database.db, scope.accountId, scope.teamId));
  });

  const accountLog = contract({ summary: "The account's audit log (every team's and the account's own events), newest first; account admins", admin: true, query: auditQuery, response: auditPage });
  routes.get(ACCOUNT, accountLog, async (c) => {
    const query = accountLog.query(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await auditPageOf(c.var.services.database.db, accountScope(c), query));
  });
  const accountCsv = contract({ summary: "The account's audit log as CSV, the events that pass the filters; account admins", admin: true, query: auditFilters, responses: csvAnswer });
  routes.get(`${ACCOUNT}.csv`, accountCsv, async (c) => {
    const scope = accountScope(c);
    const [account] = await c.var.services.database.db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, scope.accountId)).limit(1);
    return csvOf(c, scope, accountCsv.query(c), account?.name ?? 'account');
  });
  return routes;
}
