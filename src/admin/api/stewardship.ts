/** Keeping a team's library right in the admin API: owners, due reviews, the weekly mail switch, Clean up, archive. */
import type { ApiClient } from '../../api/client';
import { z } from '../../api/contract/zod';
import { adminBlock, adminChecklist, type AdminBlock, type AdminChecklist } from '../../api/contract/admin';
import { cleanupList, recordOwner, reviewList, reviewMailState, type CleanupList, type RecordOwner, type ReviewList } from '../../api/contract/stewardship';
import { ifMatch, teamPath, type TeamRef } from './admin';

export const stewardshipQueryKeys = {
  owners: (teamId: string) => ['admin', 'owners', teamId] as const,
  reviews: (teamId: string, mine: boolean) => ['admin', 'reviews', teamId, mine] as const,
  cleanup: (teamId: string, unusedDays: number) => ['admin', 'cleanup', teamId, unusedDays] as const,
};

export type RecordKind = 'block' | 'checklist';
const recordPath = (team: TeamRef, kind: RecordKind, id: string) => `${teamPath(team)}/${kind === 'block' ? 'blocks' : 'checklists'}/${encodeURIComponent(id)}`;
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** The people of the team who may own its blocks and checklists. */
export function fetchTeamOwners(client: ApiClient, team: TeamRef, signal?: AbortSignal): Promise<RecordOwner[]> {
  return client.request('GET', `${teamPath(team)}/owners`, { schema: z.array(recordOwner), ...withSignal(signal) });
}

/** The team's due reviews (only the caller's with `mine`), and whether the caller gets the weekly mail. */
export function fetchReviews(client: ApiClient, team: TeamRef, mine: boolean, signal?: AbortSignal): Promise<ReviewList> {
  return client.request('GET', `${teamPath(team)}/reviews`, { schema: reviewList, query: mine ? { mine: 'true' } : {}, ...withSignal(signal) });
}

/** "Still right": confirms the record at the version the admin saw. */
export function confirmReview(client: ApiClient, team: TeamRef, kind: RecordKind, id: string, version: number): Promise<AdminBlock | AdminChecklist> {
  const path = `${recordPath(team, kind, id)}/review`;
  return kind === 'block'
    ? client.request('POST', path, { headers: ifMatch(version), schema: adminBlock })
    : client.request('POST', path, { headers: ifMatch(version), schema: adminChecklist });
}

/** Turns the caller's own weekly review mail on or off. */
export async function setReviewMail(client: ApiClient, team: TeamRef, reviewMail: boolean): Promise<boolean> {
  const state = await client.request('PUT', `${teamPath(team)}/reviews/mail`, { body: { reviewMail }, schema: reviewMailState });
  return state.reviewMail;
}

/** The Clean up lists: blocks not used in `unusedDays` days, ended and archived blocks. */
export function fetchCleanup(client: ApiClient, team: TeamRef, unusedDays: number, signal?: AbortSignal): Promise<CleanupList> {
  return client.request('GET', `${teamPath(team)}/cleanup`, { schema: cleanupList, query: { unusedDays: String(unusedDays) }, ...withSignal(signal) });
}

/** Archives a block or checklist, or brings it back (`archived` false). */
export function setArchived(client: ApiClient, team: TeamRef, kind: RecordKind, id: string, version: number, archived: boolean): Promise<AdminBlock | AdminChecklist> {
  const path = `${recordPath(team, kind, id)}/${archived ? 'archive' : 'unarchive'}`;
  return kind === 'block'
    ? client.request('POST', path, { headers: ifMatch(version), schema: adminBlock })
    : client.request('POST', path, { headers: ifMatch(version), schema: adminChecklist });
}
