/**
 * `GET ACCOUNT_ROUTES.mostUsedBlocks?teams=&num=` (rules §7): the blocks of
 * the user's teams ranked by use, most used first, for Home's Frequently Used group. `num` is the
 * deployment's numMostFreqAutoResponses (published in `/api/config`).
 */
import { ACCOUNT_ROUTES, accountPath } from './contract/paths';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from './client';
import { blockList, type Block } from './contract/block';
import { queryKeys } from './query-keys';

export async function fetchMostFrequent(
  client: ApiClient,
  accountId: string,
  teamIds: readonly string[],
  num: number,
  signal?: AbortSignal,
): Promise<Block[]> {
  return client.request('GET', accountPath(ACCOUNT_ROUTES.mostUsedBlocks, { accountId }), {
    query: { teams: [...teamIds], num },
    schema: blockList,
    ...(signal ? { signal } : {}),
  });
}

export function useMostFrequent(client: ApiClient, scope: { accountId: string; teamIds: readonly string[] } | null, num: number) {
  return useQuery({
    queryKey: queryKeys.mostFrequent(scope?.accountId ?? '', scope?.teamIds ?? [], num),
    queryFn: ({ signal }) => fetchMostFrequent(client, scope?.accountId ?? '', scope?.teamIds ?? [], num, signal),
    enabled: scope !== null && scope.teamIds.length > 0,
  });
}
