/**
 * How long the account keeps its records, under `/api/admin/accounts/{accountId}/retention`
 * (server/privacy/retention.ts): `GET` the policy and the defaults, `PUT` the policy whole. Account
 * admins only; another account's path is 404. Days are checked by the contract: a whole number from
 * 1 to 3650, or null to keep forever.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { retentionPolicy, retentionSettings } from '../../../src/api/contract/retention';
import { requirePeopleAccess } from '../../people/access';
import { readRetention, saveRetention } from '../../privacy/retention';
import { contract } from '../contract';
import { ACCOUNT_ADMINS } from './people';

const RETENTION = '/accounts/:accountId/retention';

export function adminRetentionRoutes() {
  const routes = new Hono<AppEnv>();
  routes.use(RETENTION, requirePeopleAccess);

  const read = contract({ summary: "How long the account keeps usage records, sessions, classification answers, learned evidence and mail (days; null: forever), and the defaults", response: retentionSettings, responses: ACCOUNT_ADMINS });
  routes.get(RETENTION, read, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await readRetention(c.var.services.database.db, c.var.caller));
  });

  const save = contract({
    summary: "Save how long the account keeps each kind of record, whole (audited); the next hourly pass deletes what is older",
    body: retentionPolicy,
    response: retentionSettings,
    responses: ACCOUNT_ADMINS,
  });
  routes.put(RETENTION, save, async (c) => {
    const policy = await save.body(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await saveRetention(c.var.services.database.db, c.var.caller, policy, new Date()));
  });
  return routes;
}
