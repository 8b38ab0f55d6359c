/**
 * `GET /accounts?id={accountId}` (rules §7): the user's account, for phone-flow access and the
 * classification switch. A failure is logged and the account is null (rules §8), which hides both.
 */
import { ACCOUNTS_MOUNT } from './contract/paths';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from './client';
import { account, type Account } from './contract/account';
import { queryKeys } from './query-keys';
import { warnLoadFailed } from './load-failure';

export async function fetchAccount(client: ApiClient, accountId: string, signal?: AbortSignal): Promise<Account> {
  return client.request('GET', ACCOUNTS_MOUNT, { query: { id: accountId }, schema: account, ...(signal ? { signal } : {}) });
}

/** The account, or null while loading, without an account id, or after a failure. */
export function useAccount(client: ApiClient, accountId: string | null | undefined): Account | null {
  const query = useQuery({
    queryKey: queryKeys.account(accountId ?? ''),
    queryFn: async ({ signal }) => {
      try {
        return await fetchAccount(client, accountId ?? '', signal);
      } catch (error) {
        warnLoadFailed('Loading the account', error, signal);
        throw error;
      }
    },
    enabled: Boolean(accountId),
    staleTime: 5 * 60_000,
  });
  return query.data ?? null;
}
