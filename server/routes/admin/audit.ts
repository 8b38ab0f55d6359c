/**
 * `GET /api/admin/accounts/{accountId}/teams/{teamId}/audit`: the team's audit log, newest first,
 * a page at a time (`limit`, and `before` set to the previous page's `next`). Team admins only.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { auditPage, auditQuery } from '../../../src/api/contract/admin';
import { auditPageOf } from '../../library/audit';
import { teamOf } from '../../library/access';
import { contract } from '../contract';

export function adminAuditRoutes() {
  const audit = contract({
    summary: "The team's audit log, newest first; pass next as before for the next page",
    admin: true,
    query: auditQuery,
    response: auditPage,
  });
  return new Hono<AppEnv>().get('/accounts/:accountId/teams/:teamId/audit', audit, async (c) => {
    const query = audit.query(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await auditPageOf(c.var.services.database.db, c.var.caller.accountId, teamOf(c), query));
  });
}
