/**
 * What a team has learned from its choices, for its admins and the account admin:
 * - `GET /api/admin/accounts/{accountId}/teams/{teamId}/learning`: how many uses taught it, since when;
 * - `DELETE` the same path: forget it all (204), with a `team.learning_reset` audit event in the
 *   same transaction. Another account's team, or none, is 404; anyone else of the account, 403.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { learningSummary, type LearningSummary } from '../../../src/api/contract/learning-summary';
import { actorOfCaller, recordAudit } from '../../library/audit';
import { ApiProblem } from '../../errors';
import { teamOfCallerAccount } from '../../library/access';
import { DEFAULT_RETENTION_DAYS, learningSummaryOf, resetLearning } from '../../learning/learning';
import { contract } from '../contract';

/** The team of the path, checked: the caller's account's, and the caller an account admin or its admin. */
async function teamOfPath(c: Context<AppEnv>): Promise<string> {
  const { caller } = c.var;
  const teamId = await teamOfCallerAccount(c);
  if (!caller.accountAdmin && !caller.adminTeams.some((id) => id.toLowerCase() === teamId)) {
    throw new ApiProblem(403, 'forbidden', 'Only account admins and admins of this team can see or reset what it has learned.');
  }
  return teamId;
}

const LEARNING_ADMINS = { '403': { description: 'Neither an account admin nor an admin of this team' } };

export function adminLearningRoutes() {
  const path = '/accounts/:accountId/teams/:teamId/learning';
  const summarise = contract({ summary: 'How much the team has learned: uses with an email signature, since when', response: learningSummary, responses: LEARNING_ADMINS });
  const forget = contract({ summary: 'Forget everything the team has learned (audit event team.learning_reset)', status: 204, responses: LEARNING_ADMINS });
  return new Hono<AppEnv>()
    .get(path, summarise, async (c) => {
      const teamId = await teamOfPath(c);
      const retentionDays = c.var.services.learningRetentionDays ?? DEFAULT_RETENTION_DAYS;
      const summary = await learningSummaryOf(c.var.services.database.db, teamId, new Date(), retentionDays);
      return c.json({ enabled: retentionDays > 0, uses: summary.uses, since: summary.since?.toISOString() ?? null, retentionDays } satisfies LearningSummary);
    })
    .delete(path, forget, async (c) => {
      const teamId = await teamOfPath(c);
      const { caller } = c.var;
      await c.var.services.database.db.transaction(async (tx) => {
        const forgotten = await resetLearning(tx, teamId);
        if (forgotten) {
          await recordAudit(tx, { accountId: caller.accountId, teamId, actor: actorOfCaller(caller), action: 'team.learning_reset', entityKind: 'team', entityId: teamId, changes: {}, at: new Date() });
        }
      });
      return c.body(null, 204);
    });
}
