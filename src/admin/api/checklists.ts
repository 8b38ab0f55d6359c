/** A team's checklists in the admin API: list, read, create, save, delete, restore. */
import type { ApiClient } from '../../api/client';
import { adminChecklist, adminChecklistList, type AdminChecklist, type AdminChecklistInput } from '../../api/contract/admin';
import { ifMatch, teamPath, type TeamRef } from './admin';

const checklistsPath = (team: TeamRef) => `${teamPath(team)}/checklists`;
const checklistPath = (team: TeamRef, checklistId: string) => `${checklistsPath(team)}/${encodeURIComponent(checklistId)}`;

/** The team's checklists, deleted ones included (the page shows them on request). */
export function fetchAdminChecklists(client: ApiClient, team: TeamRef, signal?: AbortSignal): Promise<AdminChecklist[]> {
  return client.request('GET', checklistsPath(team), { schema: adminChecklistList, query: { includeDeleted: 'true' }, ...(signal ? { signal } : {}) });
}

export function fetchAdminChecklist(client: ApiClient, team: TeamRef, checklistId: string, signal?: AbortSignal): Promise<AdminChecklist> {
  return client.request('GET', checklistPath(team, checklistId), { schema: adminChecklist, ...(signal ? { signal } : {}) });
}

export function createAdminChecklist(client: ApiClient, team: TeamRef, input: AdminChecklistInput): Promise<AdminChecklist> {
  return client.request('POST', checklistsPath(team), { body: input, schema: adminChecklist });
}

export function saveAdminChecklist(client: ApiClient, team: TeamRef, checklistId: string, version: number, input: AdminChecklistInput): Promise<AdminChecklist> {
  return client.request('PUT', checklistPath(team, checklistId), { body: input, schema: adminChecklist, headers: ifMatch(version) });
}

export function deleteAdminChecklist(client: ApiClient, team: TeamRef, checklistId: string, version: number): Promise<AdminChecklist> {
  return client.request('DELETE', checklistPath(team, checklistId), { headers: ifMatch(version), schema: adminChecklist });
}

export function restoreAdminChecklist(client: ApiClient, team: TeamRef, checklistId: string, version: number): Promise<AdminChecklist> {
  return client.request('POST', `${checklistPath(team, checklistId)}/restore`, { headers: ifMatch(version), schema: adminChecklist });
}
