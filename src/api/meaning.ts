/**
 * A member's recommendation hints, `GET ACCOUNT_ROUTES.meaning`: the account's synonyms and
 * WordNet's related words for the blocks of the member's teams (src/domain/meaning-hints.ts).
 */
import { ACCOUNT_ROUTES, accountPath } from './contract/paths';
import type { ApiClient } from './client';
import { meaningHints, type MeaningHints } from './contract/meaning';

export function fetchMeaningHints(client: ApiClient, accountId: string, teamIds: readonly string[], signal?: AbortSignal): Promise<MeaningHints> {
  return client.request('GET', accountPath(ACCOUNT_ROUTES.meaning, { accountId }), { query: { teams: [...teamIds] }, schema: meaningHints, ...(signal ? { signal } : {}) });
}
