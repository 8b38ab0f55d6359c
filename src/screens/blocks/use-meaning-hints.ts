/**
 * The hints Home's recommendations use beyond shared words (src/domain/meaning-hints.ts), loaded
 * after the first paint: the code that applies them is a separate chunk, loaded with the hints. Until they arrive (or when they
 * cannot be loaded: recommendations then match shared words only, and the failure is logged),
 * this is null.
 */
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import type { BlocksScope } from '../../api/blocks';
import { fetchMeaningHints } from '../../api/meaning';
import { queryKeys } from '../../api/query-keys';
import type { RecommendationHints } from '../../domain/recommend-blocks';

export function useMeaningHints(api: ApiClient, scope: BlocksScope | null): RecommendationHints | null {
  const hints = useQuery({
    queryKey: queryKeys.meaning(scope?.accountId ?? '', scope?.teamIds ?? []),
    queryFn: async ({ signal }) => {
      const [hints, { meaningHints }] = await Promise.all([fetchMeaningHints(api, scope?.accountId ?? '', scope?.teamIds ?? [], signal), import('../../domain/meaning-hints')]);
      return meaningHints(hints);
    },
    enabled: scope !== null,
    retry: 1,
  });
  if (hints.error && !hints.isFetching) console.warn('Loading the recommendation hints failed; recommendations match shared words only', hints.error);
  return hints.data ?? null;
}
