/**
 * What the user's teams learned from their choices, blended into Home's recommendations
 * (`src/domain/learned-ranking.ts`): the model is fetched once Home is up (react-query, the
 * server's ETag making an unchanged model a 304); its fetcher and the ranking's code come in one
 * dynamic import (`../common/learning-lazy.ts`), so the first screen carries neither. Until they are here
 * (or when nothing was learned, or the load failed) recommendations are the words' alone.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** What each block's score gains for `emailBody` from what was learned; undefined while there is nothing to add. */
export function useLearnedBoosts(
  client: ApiClient,
  scope: { accountId: string; teamIds: readonly string[] } | null,
  emailBody: string,
  itemId: string | null,
): ReadonlyMap<string, number> | undefined {
  const query = useQuery({
    queryKey: queryKeys.learning(scope?.accountId ?? '', scope?.teamIds ?? []),
    queryFn: async ({ signal }) => {
      const learning = await import('../common/learning-lazy');
      const model = await learning.fetchLearnedModel(client, scope?.accountId ?? '', signal);
      return { model, boosts: learning.learnedBoosts };
    },
    enabled: scope !== null && scope.teamIds.length > 0,
    // Asked again when another email opens (below), not on a timer; an unchanged model is a 304.
    staleTime: Infinity,
  });
  const loaded = query.data;
  const { refetch } = query;
  // Another email is open: what the team learned since (the last use, say) counts for it.
  const lastItem = useRef(itemId);
  useEffect(() => {
    if (lastItem.current === itemId) return;
    const first = lastItem.current === null;
    lastItem.current = itemId;
    // The first email to open is served by the first load.
    if (!first && scope && scope.teamIds.length > 0) void refetch();
  }, [itemId, scope, refetch]);
  return useMemo(
    () => (loaded && loaded.model.teams.length > 0 && emailBody.trim() ? loaded.boosts(loaded.model, emailBody) : undefined),
    [loaded, emailBody],
  );
}
