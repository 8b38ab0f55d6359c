/**
 * What every list screen starts from: the signed-in user, their teams (the selector's), their
 * account, the selected team, and the account and team ids the lists are asked for. The ids are
 * kept stable while the user's team set is the same, so queries keyed on them do not restart.
 */
import { useMemo } from 'react';
import type { Account } from '../api/contract/account';
import type { Team } from '../api/contract/team';
import type { User } from '../api/contract/user';
import { useAccount } from '../api/account';
import { blocksScopeOf } from '../api/blocks';
import { useTeams } from '../api/teams';
import { useAuthServices } from '../auth/auth-services';
import { userTeamIds } from '../domain/teams';
import { useCurrentUser } from './current-user';
import { useSelectedTeam } from '../state/use-selected-team';
import { useAtomValue } from 'jotai';
import { useMailboxTeams } from '../api/mailboxes';
import { mailboxTeamOf } from '../domain/mailbox-team';
import { openMailboxAtom } from '../state/open-mailbox';

export interface UserScope {
  user: User | undefined;
  account: Account | null;
  teams: readonly Team[];
  selectedTeam: Team | null;
  selectTeam: (team: Team) => void;
  /** The open item's mailbox, when it is not the user's own and the account admin mapped it to `selectedTeam`. */
  teamMailbox: string | null;
  /** The account and the user's team ids, once the user is known. */
  scope: { userId: string; accountId: string; teamIds: readonly string[] } | null;
}

export function useUserScope(): UserScope {
  const { api } = useAuthServices();
  const user = useCurrentUser();
  const { teams } = useTeams(api, user);
  const account = useAccount(api, user?.account);
  const scope = useListScope(user);
  const openMailbox = useAtomValue(openMailboxAtom);
  const mailboxTeams = useMailboxTeams(api, scope, openMailbox !== null);
  const mailbox = openMailbox ? { address: openMailbox.address, teamId: mailboxTeamOf(openMailbox.address, mailboxTeams, teams) } : null;
  const { team: selectedTeam, select: selectTeam, byMailbox } = useSelectedTeam(teams, user?.account, mailbox);
  return { user, account, teams, selectedTeam, selectTeam, teamMailbox: byMailbox ? (openMailbox?.address ?? null) : null, scope };
}

/** The account and team ids of `user`'s lists, the same object while they are the same. */
export function useListScope(user: User | undefined): UserScope['scope'] {
  const teamKey = user ? userTeamIds(user).join(',') : '';
  const userId = user?._id;
  const accountId = user?.account;
  // Keyed on the ids, not the user object: a reloaded user with the same teams keeps the scope.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => (user ? blocksScopeOf(user) : null), [userId, accountId, teamKey]);
}
