/**
 * What checklist home shows (rules §2 "Checklist home", §4 "Team selection", §7 checklists): the
 * checklists of all the user's teams in one request, the selected team's for the list. The team
 * choice is the one Home uses (`currentSelectedTeam`), so switching on one screen switches both.
 * Until the teams have loaded (or when they fail to), the list shows the checklists of every team
 * of the user, as Home does with blocks.
 */
import { useUserScope } from '../../user/use-user-scope';
import { useMemo } from 'react';
import type { Account } from '../../api/contract/account';
import type { Checklist } from '../../api/contract/checklist';
import type { Team } from '../../api/contract/team';
import { useChecklists } from '../../api/checklists';
import { useAuthServices } from '../../auth/auth-services';

export interface ChecklistHomeData {
  account: Account | null;
  teams: readonly Team[];
  selectedTeam: Team | null;
  selectTeam: (team: Team) => void;
  /** The checklists of every team of the user: what search looks through. */
  all: readonly Checklist[];
  /** The checklists of the selected team (of every team until one is selected). */
  shown: readonly Checklist[];
  /** `loading` until the user and their checklists are known; a user without teams has none. */
  status: 'loading' | 'loaded' | 'failed';
}

const NONE: Checklist[] = [];

export function useChecklistHomeData(): ChecklistHomeData {
  const { api } = useAuthServices();
  const { user, account, teams, selectedTeam, selectTeam, scope } = useUserScope();
  const query = useChecklists(api, scope);
  const all = query.data ?? NONE;
  const shown = useMemo(() => (selectedTeam ? all.filter((checklist) => checklist.team === selectedTeam._id) : all), [all, selectedTeam]);
  const noTeams = user !== undefined && scope?.teamIds.length === 0;
  const status = query.isError ? 'failed' : query.isSuccess || noTeams ? 'loaded' : 'loading';
  return { account, teams, selectedTeam, selectTeam, all, shown, status };
}
