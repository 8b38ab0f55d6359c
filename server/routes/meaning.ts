import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { blocksQuery } from '../../src/api/contract/block';
import { parseOr400 } from '../errors';
import { requireAccountMember, teamsInScope } from '../auth/middleware';
import { versionedJson } from '../etag';
import { teamListVersions } from '../db/list-versions';
import { meaningHintsFor } from '../meaning/hints';
import { accountSynonymsOf } from '../meaning/synonyms';

/**
 * `GET /accounts/{accountId}/meaning?teams=`: the hints recommendations use beyond shared words
 * (server/meaning/hints.ts) for the blocks of the caller's teams (or those named), with an ETag
 * made of the teams' block versions and the account's synonyms version.
 */
export function meaningRoutes() {
  const routes = new Hono<AppEnv>();
  routes.use('/:accountId/meaning', requireAccountMember);

  routes.get('/:accountId/meaning', async (c) => {
    const query = parseOr400(blocksQuery, { teams: c.req.queries('teams') ?? [] }, 'query');
    const teamIds = teamsInScope(c.var.caller, query.teams);
    const { accountId } = c.var.caller;
    const { db } = c.var.services.database;
    return versionedJson(
      c,
      `meaning|${accountId}|${[...teamIds].sort().join(',')}`,
      async () => `${await teamListVersions(db, 'blocks', teamIds)}|${(await accountSynonymsOf(db, accountId)).version}`,
      () => meaningHintsFor(db, accountId, teamIds),
    );
  });

  return routes;
}
