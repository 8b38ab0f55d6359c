/** A team's waiting changes to its blocks in the admin API: list them, approve, reject or withdraw one. */
import type { ApiClient } from '../../api/client';
import { adminDraft, adminDraftList, type AdminDraft } from '../../api/contract/drafts';
import { teamPath, type TeamRef } from './admin';

const draftsPath = (team: TeamRef) => `${teamPath(team)}/drafts`;

export function fetchDrafts(client: ApiClient, team: TeamRef, signal?: AbortSignal): Promise<AdminDraft[]> {
  return client.request('GET', draftsPath(team), { schema: adminDraftList, ...(signal ? { signal } : {}) });
}

export function decideDraft(client: ApiClient, team: TeamRef, draftId: string, decision: 'approve' | 'reject' | 'withdraw'): Promise<AdminDraft> {
  return client.request('POST', `${draftsPath(team)}/${encodeURIComponent(draftId)}/${decision}`, { schema: adminDraft });
}
