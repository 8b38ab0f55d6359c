/** The account's synonyms as the admin app edits them, `/admin/accounts/{accountId}/synonyms` (account admins). */
import type { ApiClient } from '../../api/client';
import { accountSynonyms, type AccountSynonyms } from '../../api/contract/meaning';

export const synonymsQueryKey = (accountId: string) => ['admin', 'synonyms', accountId] as const;

const path = (accountId: string) => `admin/accounts/${encodeURIComponent(accountId)}/synonyms`;

export function fetchSynonyms(client: ApiClient, accountId: string, signal?: AbortSignal): Promise<AccountSynonyms> {
  return client.request('GET', path(accountId), { schema: accountSynonyms, ...(signal ? { signal } : {}) });
}

export function saveSynonyms(client: ApiClient, accountId: string, synonyms: AccountSynonyms): Promise<AccountSynonyms> {
  return client.request('PUT', path(accountId), { body: synonyms, schema: accountSynonyms });
}
