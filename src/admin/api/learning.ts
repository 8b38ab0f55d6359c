/**
 * What a team has learned from its staff's choices, for the admin app's Teams page:
 * `GET /admin/accounts/{accountId}/teams/{teamId}/learning` (how many uses, since when) and
 * `DELETE` the same path (forget it all). For the account admin and the team's admins.
 */
import { z } from '../../api/contract/zod';
import type { ApiClient } from '../../api/client';
import { learningSummary, type LearningSummary } from '../../api/contract/learning-summary';

const learningPath = (accountId: string, teamId: string) => `admin/accounts/${encodeURIComponent(accountId)}/teams/${encodeURIComponent(teamId)}/learning`;

export const learningQueryKey = (accountId: string, teamId: string) => ['admin-learning', accountId, teamId] as const;

export function fetchLearningSummary(client: ApiClient, accountId: string, teamId: string, signal?: AbortSignal): Promise<LearningSummary> {
  return client.request('GET', learningPath(accountId, teamId), { schema: learningSummary, ...(signal ? { signal } : {}) });
}

export async function resetTeamLearning(client: ApiClient, accountId: string, teamId: string): Promise<void> {
  await client.request('DELETE', learningPath(accountId, teamId), { schema: z.unknown() });
}
