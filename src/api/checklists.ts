/** `GET ACCOUNT_ROUTES.checklists?teams=a,b` (rules §7): the checklists of the user's teams. */
import { ACCOUNT_ROUTES, accountPath } from './contract/paths';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from './client';
import { checklist, type Checklist } from './contract/checklist';
import { queryKeys } from './query-keys';

const checklistList = checklist.array();

export async function fetchChecklists(client: ApiClient, accountId: string, teamIds: readonly string[], signal?: AbortSignal): Promise<Checklist[]> {
  // The spec sends this list comma-separated, unlike the blocks' repeated parameter.
  return client.request('GET', accountPath(ACCOUNT_ROUTES.checklists, { accountId }), {
    query: { teams: teamIds.join(',') },
    schema: checklistList,
    ...(signal ? { signal } : {}),
  });
}

/** Checklists change rarely: opening one right after the list does not fetch the list again. */
export const CHECKLISTS_FRESH_MS = 60_000;

export function useChecklists(client: ApiClient, scope: { accountId: string; teamIds: readonly string[] } | null) {
  return useQuery({
    queryKey: queryKeys.checklists(scope?.accountId ?? '', scope?.teamIds ?? []),
    queryFn: ({ signal }) => fetchChecklists(client, scope?.accountId ?? '', scope?.teamIds ?? [], signal),
    enabled: scope !== null && scope.teamIds.length > 0,
    staleTime: CHECKLISTS_FRESH_MS,
  });
}
