/** A team's blocks in the admin API: list, read, create, save, delete, restore, duplicate, and their saved versions. */
import { z } from '../../api/contract/zod';
import type { ApiClient } from '../../api/client';
import { adminBlock, adminBlockList, blockVersionList, type AdminBlock, type AdminBlockInput, type BlockVersion } from '../../api/contract/admin';
import { adminDraft, type AdminDraft } from '../../api/contract/drafts';
import { ifMatch, teamPath, type TeamRef } from './admin';

/** A save's answer: the block as saved, or the change waiting (for approval, or for its time). */
const savedOrWaiting = z.union([adminBlock, adminDraft]);
export type SavedOrWaiting = AdminBlock | AdminDraft;
export const isWaiting = (result: SavedOrWaiting): result is AdminDraft => 'state' in result;

const blocksPath = (team: TeamRef) => `${teamPath(team)}/blocks`;
const blockPath = (team: TeamRef, blockId: string) => `${blocksPath(team)}/${encodeURIComponent(blockId)}`;

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

export function createAdminBlock(client: ApiClient, team: TeamRef, input: AdminBlockInput): Promise<SavedOrWaiting> {
  return client.request('POST', blocksPath(team), { body: input, schema: savedOrWaiting });
}

/** Saves the block now, or, with `publishAt` (ISO 8601), schedules the change for then. */
export function saveAdminBlock(client: ApiClient, team: TeamRef, blockId: string, version: number, input: AdminBlockInput, publishAt?: string): Promise<SavedOrWaiting> {
  return client.request('PUT', blockPath(team, blockId), { body: publishAt ? { ...input, publishAt } : input, schema: savedOrWaiting, headers: ifMatch(version) });
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

/** Every saved version of a block, newest first. */
export function fetchBlockVersions(client: ApiClient, team: TeamRef, blockId: string, signal?: AbortSignal): Promise<BlockVersion[]> {
  return client.request('GET', `${blockPath(team, blockId)}/versions`, { schema: blockVersionList, ...(signal ? { signal } : {}) });
}

/** Makes an earlier version's content the block's newest version (`current` is the version open now). */
export function restoreBlockVersion(client: ApiClient, team: TeamRef, blockId: string, version: number, current: number): Promise<AdminBlock> {
  return client.request('POST', `${blockPath(team, blockId)}/versions/${version}/restore`, { headers: ifMatch(current), schema: adminBlock });
}
