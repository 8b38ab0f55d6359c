/**
 * What the user's teams learned from their choices, blended into Home's recommendations
 * (`src/domain/learned-ranking.ts`): the model is fetched once Home is up (react-query, the
 * server's ETag making an unchanged model a 304); its fetcher and the ranking's code come in one
 * dynamic import (`../common/learning-lazy.ts`), so the first screen carries neither. Until they are here
 * (or when nothing was learned, or the load failed) recommendations are the words' alone.
 */
import { useMemo } from 'react';
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
  const loaded = useQuery({
    // Asked again for each email that opens (what the team learned since, the last use say, counts
    // for it); an unchanged model is a 304, and the previous one serves meanwhile.
    queryKey: [...queryKeys.learning(scope?.accountId ?? '', scope?.teamIds ?? []), itemId],
    queryFn: async ({ signal }) => {
      const learning = await import('../../tracking/learning-lazy');
      const model = await learning.fetchLearnedModel(client, scope?.accountId ?? '', signal);
      return { model, boosts: learning.learnedBoosts };
    },
    enabled: scope !== null && scope.teamIds.length > 0,
    staleTime: Infinity,
    placeholderData: (previous) => previous,
  }).data;
  return useMemo(
    () => (loaded && loaded.model.teams.length > 0 && emailBody.trim() ? loaded.boosts(loaded.model, emailBody) : undefined),
    [loaded, emailBody],
  );
}
