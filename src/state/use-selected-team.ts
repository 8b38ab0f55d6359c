/**
 * The team whose blocks and checklists are shown (rules §4 "Team selection", §5 "Saved team
 * choice"): the stored choice (`currentSelectedTeam`) while it is still among the user's teams,
 * otherwise a default; a change is saved locally and shows in every screen at once.
 */
import { useCallback } from 'react';
import type { Team } from '../api/contract/team';
import { resolveSelectedTeam, toSavedTeamChoice } from '../domain/teams';
import { useStoredValue } from './use-stored-value';

export const SELECTED_TEAM_KEY = 'currentSelectedTeam';

const asIs = (raw: unknown) => raw;

export function useSelectedTeam(teams: readonly Team[], accountId: string | undefined): { team: Team | null; select: (team: Team) => void } {
  const stored = useStoredValue<unknown>(SELECTED_TEAM_KEY, asIs, null);
  const team = resolveSelectedTeam(stored.value, teams);
  const { set } = stored;
  const select = useCallback(
    (next: Team) => {
      if (accountId) set(toSavedTeamChoice(next, accountId));
    },
    [set, accountId],
  );
  return { team, select };
}
