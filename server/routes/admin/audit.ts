/**
 * `GET /api/admin/accounts/{accountId}/teams/{teamId}/audit`: the team's audit log, newest first,
 * a page at a time (`limit`, and `before` set to the previous page's `next`). Team admins only.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { auditQuery } from '../../../src/api/contract/admin';
import { auditPageOf } from '../../admin/audit';
import { teamOf } from '../../admin/access';
import { parseOr400 } from '../../errors';

export function adminAuditRoutes() {
  return new Hono<AppEnv>().get('/accounts/:accountId/teams/:teamId/audit', async (c) => {
    const query = parseOr400(auditQuery, { before: c.req.query('before'), limit: c.req.query('limit') }, 'query');
    c.header('Cache-Control', 'private, no-store');
    return c.json(await auditPageOf(c.var.services.database.db, c.var.caller.accountId, teamOf(c), query));
  });
}
