/**
 * Which team a mailbox picks (the account admin's map, `src/api/contract/mailbox.ts`). The map
 * a member reads holds only their own teams, and the team must also be among the teams the user
 * sees now: a mailbox mapped to a team the user is not in leaves the user's own choice.
 */
import type { Team } from './types';

/** The id of the team `address` is mapped to, when that team is among `teams`; null otherwise. */
export function mailboxTeamOf(address: string | null | undefined, entries: ReadonlyArray<{ address: string; team: string }>, teams: readonly Team[]): string | null {
  if (!address) return null;
  const wanted = address.trim().toLowerCase();
  const entry = entries.find((candidate) => candidate.address === wanted);
  if (!entry) return null;
  return teams.some((team) => team._id === entry.team) ? entry.team : null;
}
