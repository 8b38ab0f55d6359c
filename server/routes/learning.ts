/**
 * `GET ACCOUNT_ROUTES.learning`: what the caller's teams learned from their choices
 * (server/learning), for the client's ranking. Only the teams the caller is a member or admin of:
 * another team's or account's learning is never served. With an ETag: the version is the teams'
 * use counts and last uses, and the hour, since weights are decayed to the hour when served.
 */
import { ACCOUNT_ROUTES, routePattern } from '../../src/api/contract/paths';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { LEARNING_HALF_LIFE_DAYS } from '../../src/domain/learned-evidence';
import { learnedModel } from '../../src/api/contract/learning';
import { requireAccountMember } from '../auth/middleware';
import { versionedJson } from '../http/etag';
import { DEFAULT_RETENTION_DAYS, learningVersion, loadLearnedTeams } from '../learning/learning';
import { contract } from './contract';

const HOUR_MS = 60 * 60 * 1000;

export function learningRoutes() {
  const model = contract({
    summary:
      "What the caller's teams learned from the blocks their staff chose: per team, hashed email terms and the blocks chosen with them, weights decayed to the hour (ETag, 304)",
    response: learnedModel,
    responses: { '304': { description: 'Not modified' } },
  });
  return new Hono<AppEnv>().get(routePattern(ACCOUNT_ROUTES.learning), model, requireAccountMember, async (c) => {
    const { caller } = c.var;
    const { db } = c.var.services.database;
    const retentionDays = c.var.services.learningRetentionDays ?? DEFAULT_RETENTION_DAYS;
    const teamIds = [...new Set(caller.teamIds.map((id) => id.toLowerCase()))].sort();
    // Served as of the start of the hour, so the body (and its ETag) stays the same within it.
    const asOf = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS);
    const scope = `learning|${caller.accountId}|${teamIds.join(',')}|${asOf.getTime()}|${retentionDays}`;
    return versionedJson(
      c,
      scope,
      () => learningVersion(db, teamIds),
      async () => ({
        enabled: retentionDays > 0,
        halfLifeDays: LEARNING_HALF_LIFE_DAYS,
        teams: await loadLearnedTeams(db, teamIds, asOf, retentionDays),
      }),
    );
  });
}
