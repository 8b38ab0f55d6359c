/**
 * `GET ACCOUNT_ROUTES.teams` (rules §7): the account's teams, kept to the user's own (rules §6).
 * Refreshed whenever the account or the user's team ids change (the key names both); with no
 * account id the list is empty (rules §4). Failures are logged (rules §8).
 */
import { ACCOUNT_ROUTES, accountPath } from './contract/paths';
import { useQuery } from '@tanstack/react-query';
import { filterTeamsForUser } from '../domain/teams';
import type { ApiClient } from './client';
import { teamList, type Team } from './contract/team';
import type { User } from './contract/user';
import { queryKeys } from './query-keys';
import { warnLoadFailed } from './load-failure';

export async function fetchTeams(client: ApiClient, accountId: string, signal?: AbortSignal): Promise<Team[]> {
  return client.request('GET', accountPath(ACCOUNT_ROUTES.teams, { accountId }), { schema: teamList, ...(signal ? { signal } : {}) });
}

const NONE: Team[] = [];

/** The user's teams, in the server's order; empty while loading, without an account, or after a failure. */
export function useTeams(client: ApiClient, user: Pick<User, 'account' | 'teams' | 'adminTeams'> | null | undefined) {
  const teamIds = user ? [...user.adminTeams, ...user.teams] : [];
  const query = useQuery({
    queryKey: queryKeys.teams(user?.account ?? '', teamIds),
    queryFn: async ({ signal }) => {
      if (!user?.account) return NONE;
      try {
        return filterTeamsForUser(await fetchTeams(client, user.account, signal), user);
      } catch (error) {
        warnLoadFailed('Loading the teams', error, signal);
        throw error;
      }
    },
    enabled: Boolean(user?.account),
  });
  return { teams: query.data ?? NONE, loaded: query.isSuccess, failed: query.isError };
}
