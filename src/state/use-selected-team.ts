/**
 * The team whose blocks and checklists are shown (rules §4 "Team selection", §5 "Saved team
 * choice"): the stored choice (`currentSelectedTeam`) while it is still among the user's teams,
 * otherwise a default; a change is saved locally and shows in every screen at once.
 *
 * In a mailbox the account admin mapped to one of the user's teams (a shared mailbox, a delegated
 * account, an alias), that team is shown instead, and a change made there is kept for that mailbox
 * during this visit without touching the saved choice, which returns in the user's own inbox.
 */
import { useCallback } from 'react';
import { useAtom } from 'jotai';
import type { Team } from '../api/contract/team';
import { resolveSelectedTeam, toSavedTeamChoice } from '../domain/teams';
import { useStoredValue } from './use-stored-value';
import { mailboxTeamPicksAtom } from './open-mailbox';

export const SELECTED_TEAM_KEY = 'currentSelectedTeam';

const asIs = (raw: unknown) => raw;

/** The open item's mailbox and the team it is mapped to among the user's teams (null: none). */
export interface MailboxTeam {
  address: string;
  teamId: string | null;
}

export function useSelectedTeam(
  teams: readonly Team[],
  accountId: string | undefined,
  mailbox: MailboxTeam | null = null,
): { team: Team | null; select: (team: Team) => void; byMailbox: boolean } {
  const stored = useStoredValue<unknown>(SELECTED_TEAM_KEY, asIs, null);
  const [picks, setPicks] = useAtom(mailboxTeamPicksAtom);
  const own = resolveSelectedTeam(stored.value, teams);
  const mapped = mailbox?.teamId ? mailbox : null;
  const byMailbox = mapped ? (teams.find((team) => team._id === (picks.get(mapped.address) ?? mapped.teamId)) ?? teams.find((team) => team._id === mapped.teamId) ?? null) : null;
  const { set } = stored;
  const address = mapped?.address ?? null;
  const select = useCallback(
    (next: Team) => {
      if (address) setPicks((current) => new Map(current).set(address, next._id));
      else if (accountId) set(toSavedTeamChoice(next, accountId));
    },
    [set, setPicks, accountId, address],
  );
  return { team: byMailbox ?? own, select, byMailbox: byMailbox !== null };
}
