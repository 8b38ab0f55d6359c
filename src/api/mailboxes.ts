/**
 * `GET ACCOUNT_ROUTES.mailboxes`: the mailboxes the account admin mapped to the member's teams
 * (src/api/contract/mailbox.ts). Asked only once an item of another mailbox is open, so a user
 * who never opens one never asks; a failure is logged and the map is empty, so the user's own
 * team stays.
 */
import { useQuery } from '@tanstack/react-query';
import { ACCOUNT_ROUTES, accountPath } from './contract/paths';
import type { ApiClient } from './client';
import { memberMailboxTeamList, type MemberMailboxTeam } from './contract/mailbox';
import { queryKeys } from './query-keys';
import { warnLoadFailed } from './load-failure';

export function fetchMailboxTeams(client: ApiClient, accountId: string, signal?: AbortSignal): Promise<MemberMailboxTeam[]> {
  return client.request('GET', accountPath(ACCOUNT_ROUTES.mailboxes, { accountId }), { schema: memberMailboxTeamList, ...(signal ? { signal } : {}) });
}

const NONE: readonly MemberMailboxTeam[] = Object.freeze([]);

/** The member's part of the map; empty until asked (`enabled`), while loading and after a failure. */
export function useMailboxTeams(client: ApiClient, scope: { accountId: string; teamIds: readonly string[] } | null, enabled: boolean): readonly MemberMailboxTeam[] {
  const query = useQuery({
    queryKey: queryKeys.mailboxes(scope?.accountId ?? '', scope?.teamIds ?? []),
    queryFn: async ({ signal }) => {
      try {
        return await fetchMailboxTeams(client, scope?.accountId ?? '', signal);
      } catch (error) {
        warnLoadFailed('Loading the mailboxes that pick a team', error, signal);
        throw error;
      }
    },
    enabled: enabled && scope !== null,
    staleTime: 5 * 60_000,
  });
  return query.data ?? NONE;
}
