/**
 * A member's recommendation hints, `GET /accounts/{accountId}/meaning`: the account's synonyms and
 * WordNet's related words for the blocks of the member's teams (src/domain/meaning-hints.ts).
 */
import type { ApiClient } from './client';
import { meaningHints, type MeaningHints } from './contract/meaning';

export function fetchMeaningHints(client: ApiClient, accountId: string, teamIds: readonly string[], signal?: AbortSignal): Promise<MeaningHints> {
  return client.request('GET', `accounts/${encodeURIComponent(accountId)}/meaning`, { query: { teams: [...teamIds] }, schema: meaningHints, ...(signal ? { signal } : {}) });
}
