/**
 * The admin API (`/api/admin/...`) as the admin app calls it: the teams the user administers, and
 * what every team resource shares: where a team's resources are, the query keys, and the version
 * sent as `If-Match` with a save or a delete, so a change made meanwhile in another window is
 * refused (412) instead of overwritten. One file per resource beside it: `admin-blocks.ts`,
 * `admin-checklists.ts`, `admin-suggestions.ts`, `admin-activity.ts`, `admin-transfer.ts`,
 * `admin-usage.ts`.
 */
import { ApiError, type ApiClient } from '../../api/client';
import { adminTeamList, type AdminTeam, type SuggestionStatus } from '../../api/contract/admin';

export const adminQueryKeys = {
  teams: ['admin', 'teams'] as const,
  blocks: (teamId: string) => ['admin', 'blocks', teamId] as const,
  block: (teamId: string, blockId: string) => ['admin', 'block', teamId, blockId] as const,
  versions: (teamId: string, blockId: string) => ['admin', 'versions', teamId, blockId] as const,
  checklists: (teamId: string) => ['admin', 'checklists', teamId] as const,
  checklist: (teamId: string, checklistId: string) => ['admin', 'checklist', teamId, checklistId] as const,
  suggestions: (teamId: string, status: SuggestionStatus) => ['admin', 'suggestions', teamId, status] as const,
  drafts: (teamId: string) => ['admin', 'drafts', teamId] as const,
};

/** Where a team's resources are: `/api/admin/accounts/{accountId}/teams/{teamId}/...`. */
export interface TeamRef {
  accountId: string;
  teamId: string;
}

/** The path of a team under the API's base, without a leading slash. */
export const teamPath = ({ accountId, teamId }: TeamRef) => `admin/accounts/${encodeURIComponent(accountId)}/teams/${encodeURIComponent(teamId)}`;

/** The header that makes a change conditional on the version the admin opened. */
export const ifMatch = (version: number) => ({ 'If-Match': `"${version}"` });

export function fetchAdminTeams(client: ApiClient, signal?: AbortSignal): Promise<AdminTeam[]> {
  return client.request('GET', 'admin/teams', { schema: adminTeamList, ...(signal ? { signal } : {}) });
}

/** The block or checklist was changed by someone else since it was opened (412). */
export function isEditConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 412;
}
