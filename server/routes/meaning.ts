import { Hono } from 'hono';
import { ACCOUNT_ROUTES, routePattern } from '../../src/api/contract/paths';
import type { AppEnv } from '../app-env';
import { blocksQuery } from '../../src/api/contract/block';
import { meaningHints } from '../../src/api/contract/meaning';
import { requireAccountMember, teamsInScope } from '../auth/middleware';
import { versionedJson } from '../http/etag';
import { teamListVersions } from '../db/list-versions';
import { meaningHintsFor } from '../words/hints';
import { accountSynonymsOf } from '../words/synonyms';
import { contract } from './contract';

/**
 * `GET ACCOUNT_ROUTES.meaning?teams=`: the hints recommendations use beyond shared words
 * (server/words/hints.ts) for the blocks of the caller's teams (or those named), with an ETag
 * made of the teams' block versions and the account's synonyms version.
 */
export function meaningRoutes() {
  const routes = new Hono<AppEnv>();
  routes.use(routePattern(ACCOUNT_ROUTES.meaning), requireAccountMember);

  const hints = contract({
    summary:
      "What recommendations use beyond shared words, for the blocks of the caller's teams (or those named): the account's synonyms, and related words from WordNet (email stem to block stems, with a weight below 1); ETag, 304 with If-None-Match",
    query: blocksQuery,
    response: meaningHints,
    responses: { '304': { description: 'Not modified' } },
  });
  routes.get(routePattern(ACCOUNT_ROUTES.meaning), hints, async (c) => {
    const query = hints.query(c);
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
