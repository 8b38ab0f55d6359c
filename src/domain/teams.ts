/**
 * Team membership and the saved team choice (rules §3 "User", "Saved team choice"; rules §4 "Team
 * selection"; rules §6 "The teams list keeps only teams whose id is among the user's team ids").
 */
import type { Block, SavedTeamChoice, Team, User } from './types';
import { isValidObjectId } from './object-id';

/** The user's team ids: `adminTeams` then `teams`, each id once, in that order. */
export function userTeamIds(user: Pick<User, 'teams' | 'adminTeams'>): string[] {
  return [...new Set([...(user.adminTeams ?? []), ...(user.teams ?? [])])];
}

/** The teams of `teams` whose id is among the user's team ids, in the order of `teams`, each once. */
export function filterTeamsForUser<T extends Team>(teams: readonly T[], user: Pick<User, 'teams' | 'adminTeams'>): T[] {
  const ids = new Set(userTeamIds(user));
  const seen = new Set<string>();
  return teams.filter((team) => {
    if (!ids.has(team._id) || seen.has(team._id)) return false;
    seen.add(team._id);
    return true;
  });
}

/**
 * True when a value read from local storage is an acceptable saved team choice: both ids valid
 * object ids, the name a string, and the team among `currentTeams` (rules §5 "Saved team choice").
 */
export function isValidTeamChoice(value: unknown, currentTeams: readonly Team[]): value is SavedTeamChoice {
  if (typeof value !== 'object' || value === null) return false;
  const choice = value as Partial<Record<keyof SavedTeamChoice, unknown>>;
  return (
    isValidObjectId(choice._id) &&
    isValidObjectId(choice.accountId) &&
    typeof choice.name === 'string' &&
    currentTeams.some((team) => team._id === choice._id)
  );
}

/**
 * The team to show: the saved choice while it is still valid, else the default, which is the
 * first of `currentTeams` (the spec only says "a default team is chosen"); null without teams.
 */
export function resolveSelectedTeam<T extends Team>(saved: unknown, currentTeams: readonly T[]): T | null {
  if (isValidTeamChoice(saved, currentTeams)) return currentTeams.find((team) => team._id === saved._id) ?? null;
  return currentTeams[0] ?? null;
}

/** What to save locally when the user picks `team` (rules §3 "Saved team choice"). */
export function toSavedTeamChoice(team: Team, accountId: string): SavedTeamChoice {
  return { _id: team._id, accountId, name: team.name };
}

/** The blocks of one team, in their original order. */
export function filterBlocksByTeam<B extends Block>(blocks: readonly B[], teamId: string): B[] {
  return blocks.filter((block) => block.team === teamId);
}

/** The team selector shows only with more than one team (rules §9). */
export function showsTeamSelector(teams: readonly Team[]): boolean {
  return teams.length > 1;
}
