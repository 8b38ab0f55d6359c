/**
 * The admin API (`/api/admin/...`) as the admin app calls it: the teams the user administers, and
 * one team's blocks and checklists (list, read, create, save, delete, restore), its suggestions and
 * its activity. Saving and deleting send the version the admin opened as `If-Match`, so a change
 * made meanwhile in another window is refused (412) instead of overwritten.
 */
import { z } from './contract/zod';
import { ApiError, type ApiClient } from './client';
import {
  adminBlock,
  adminBlockList,
  adminChecklist,
  adminChecklistList,
  adminSuggestion,
  adminSuggestionApproved,
  adminSuggestionPage,
  adminTeamList,
  auditPage,
  blockVersionList,
  type AdminBlock,
  type AdminBlockInput,
  type AdminChecklist,
  type AdminChecklistInput,
  type AdminSuggestion,
  type AdminSuggestionApproved,
  type AdminSuggestionPage,
  type AdminTeam,
  type AuditPage,
  type BlockVersion,
} from './contract/admin';

export const adminQueryKeys = {
  teams: ['admin', 'teams'] as const,
  blocks: (teamId: string) => ['admin', 'blocks', teamId] as const,
  block: (teamId: string, blockId: string) => ['admin', 'block', teamId, blockId] as const,
  versions: (teamId: string, blockId: string) => ['admin', 'versions', teamId, blockId] as const,
  audit: (teamId: string) => ['admin', 'audit', teamId] as const,
  checklists: (teamId: string) => ['admin', 'checklists', teamId] as const,
  checklist: (teamId: string, checklistId: string) => ['admin', 'checklist', teamId, checklistId] as const,
  suggestions: (teamId: string, status: SuggestionStatus) => ['admin', 'suggestions', teamId, status] as const,
};

export type SuggestionStatus = AdminSuggestion['status'];

const teamPath = ({ accountId, teamId }: TeamRef) => `admin/accounts/${encodeURIComponent(accountId)}/teams/${encodeURIComponent(teamId)}`;

/** Where a team's blocks are: `/api/admin/accounts/{accountId}/teams/{teamId}/blocks`. */
export interface TeamRef {
  accountId: string;
  teamId: string;
}

const blocksPath = (team: TeamRef) => `${teamPath(team)}/blocks`;
const blockPath = (team: TeamRef, blockId: string) => `${blocksPath(team)}/${encodeURIComponent(blockId)}`;
const ifMatch = (version: number) => ({ 'If-Match': `"${version}"` });

export function fetchAdminTeams(client: ApiClient, signal?: AbortSignal): Promise<AdminTeam[]> {
  return client.request('GET', 'admin/teams', { schema: adminTeamList, ...(signal ? { signal } : {}) });
}

export function fetchAdminBlocks(client: ApiClient, team: TeamRef, options: { includeDeleted?: boolean; signal?: AbortSignal } = {}): Promise<AdminBlock[]> {
  return client.request('GET', blocksPath(team), {
    schema: adminBlockList,
    query: { includeDeleted: options.includeDeleted ? 'true' : undefined },
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

export function fetchAdminBlock(client: ApiClient, team: TeamRef, blockId: string, signal?: AbortSignal): Promise<AdminBlock> {
  return client.request('GET', blockPath(team, blockId), { schema: adminBlock, ...(signal ? { signal } : {}) });
}

export function createAdminBlock(client: ApiClient, team: TeamRef, input: AdminBlockInput): Promise<AdminBlock> {
  return client.request('POST', blocksPath(team), { body: input, schema: adminBlock });
}

export function saveAdminBlock(client: ApiClient, team: TeamRef, blockId: string, version: number, input: AdminBlockInput): Promise<AdminBlock> {
  return client.request('PUT', blockPath(team, blockId), { body: input, schema: adminBlock, headers: ifMatch(version) });
}

export async function deleteAdminBlock(client: ApiClient, team: TeamRef, blockId: string, version: number): Promise<void> {
  await client.request('DELETE', blockPath(team, blockId), { headers: ifMatch(version), schema: z.unknown() });
}

export function restoreAdminBlock(client: ApiClient, team: TeamRef, blockId: string, version: number): Promise<AdminBlock> {
  return client.request('POST', `${blockPath(team, blockId)}/restore`, { headers: ifMatch(version), schema: adminBlock });
}

/** A copy of the block ("Copy of <name>"), as a new block. */
export function duplicateAdminBlock(client: ApiClient, team: TeamRef, blockId: string): Promise<AdminBlock> {
  return client.request('POST', `${blockPath(team, blockId)}/duplicate`, { schema: adminBlock });
}

/** One page of the team's activity, newest first; `before` is the `next` of the page before. */
export function fetchAuditPage(client: ApiClient, team: TeamRef, before: string | null, signal?: AbortSignal): Promise<AuditPage> {
  return client.request('GET', `${teamPath(team)}/audit`, { schema: auditPage, query: { before: before ?? undefined }, ...(signal ? { signal } : {}) });
}

/** One page of the team's suggestions with `status`, newest first; `before` is the `next` of the page before. */
export function fetchSuggestions(client: ApiClient, team: TeamRef, status: SuggestionStatus, before: string | null, signal?: AbortSignal): Promise<AdminSuggestionPage> {
  return client.request('GET', `${teamPath(team)}/suggestions`, { schema: adminSuggestionPage, query: { status, before: before ?? undefined }, ...(signal ? { signal } : {}) });
}

/** Approves a suggestion: the block the admin made of it is created, and the suggestion marked approved. */
export function approveSuggestion(client: ApiClient, team: TeamRef, suggestionId: string, block: AdminBlockInput): Promise<AdminSuggestionApproved> {
  return client.request('POST', `${teamPath(team)}/suggestions/${encodeURIComponent(suggestionId)}/approve`, { body: block, schema: adminSuggestionApproved });
}

/** Rejects a suggestion, with the admin's note for the record. */
export function rejectSuggestion(client: ApiClient, team: TeamRef, suggestionId: string, note: string): Promise<AdminSuggestion> {
  return client.request('POST', `${teamPath(team)}/suggestions/${encodeURIComponent(suggestionId)}/reject`, { body: { note: note.trim() || null }, schema: adminSuggestion });
}

/** A suggestion decided meanwhile by another admin (409). */
export function isAlreadyDecided(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/** Every saved version of a block, newest first. */
export function fetchBlockVersions(client: ApiClient, team: TeamRef, blockId: string, signal?: AbortSignal): Promise<BlockVersion[]> {
  return client.request('GET', `${blockPath(team, blockId)}/versions`, { schema: blockVersionList, ...(signal ? { signal } : {}) });
}

/** Makes an earlier version's content the block's newest version (`current` is the version open now). */
export function restoreBlockVersion(client: ApiClient, team: TeamRef, blockId: string, version: number, current: number): Promise<AdminBlock> {
  return client.request('POST', `${blockPath(team, blockId)}/versions/${version}/restore`, { headers: ifMatch(current), schema: adminBlock });
}

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

/** The block or checklist was changed by someone else since it was opened (412). */
export function isEditConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 412;
}
