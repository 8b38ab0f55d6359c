import { Hono } from 'hono';
import { ACCOUNT_ROUTES, routePattern } from '../../src/api/contract/paths';
import { insertionFailure } from '../../src/api/contract/insertion-failure';
import type { AppEnv } from '../app-env';
import { requireAccountMember } from '../auth/middleware';
import { noTelemetry } from '../observability/telemetry';
import { contract } from './contract';

/**
 * `POST ACCOUNT_ROUTES.insertionFailures` → 204: counts a block a member's client could not insert,
 * by host, editor kind and error code (docs/monitoring.md). Nothing is stored; the caller's rate
 * limit bounds how much one client can count.
 */
export function insertionFailureRoutes() {
  const report = contract({ summary: 'Count a block a client could not insert (host, editor kind, error code)', body: insertionFailure, status: 204 });
  return new Hono<AppEnv>().post(routePattern(ACCOUNT_ROUTES.insertionFailures), report, requireAccountMember, async (c) => {
    const body = await report.body(c);
    (c.var.services.telemetry ?? noTelemetry).insertionFailed(body);
    return c.body(null, 204);
  });
}
