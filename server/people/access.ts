/**
 * Who may manage people, teams and the account's settings (`/api/admin/accounts/{accountId}/...`):
 * - the **account admin** manages everything of their account;
 * - a **team admin** sees the people of the teams they administer, invites people into those
 *   teams, changes memberships of those teams only, and resends the invitations of people there;
 * - anyone else of the account gets 403; another account's path is 404, as in the rest of the API.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Caller } from '../app-env';
import { ApiProblem, notFound } from '../errors';

/** 404 for another account's path; 403 for a caller who administers nothing. */
export const requirePeopleAccess: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { caller } = c.var;
  if ((c.req.param('accountId') ?? '').toLowerCase() !== caller.accountId) throw notFound('Account');
  if (!caller.accountAdmin && caller.adminTeams.length === 0) {
    throw new ApiProblem(403, 'forbidden', 'Only account admins and team admins can manage people.');
  }
  await next();
};

/** Refuses (403) a caller who is not the account admin. */
export function assertAccountAdmin(caller: Caller, what: string): void {
  if (!caller.accountAdmin) throw new ApiProblem(403, 'forbidden', `Only account admins can ${what}.`);
}

/** The teams whose memberships the caller may change: every team for the account admin (null), else those they administer. */
export function manageableTeams(caller: Caller): Set<string> | null {
  return caller.accountAdmin ? null : new Set(caller.adminTeams.map((id) => id.toLowerCase()));
}

/** Whether a member with these teams is within the caller's reach. */
export function canSee(caller: Caller, member: { teams: string[]; adminTeams: string[]; editorTeams?: string[] }): boolean {
  const teams = manageableTeams(caller);
  return teams === null || [...member.teams, ...member.adminTeams, ...(member.editorTeams ?? [])].some((id) => teams.has(id.toLowerCase()));
}

/**
 * Refuses (403) a change of memberships that touches a team the caller does not administer:
 * `before` and `after` may differ only in the caller's own teams.
 */
export function assertMembershipChange(caller: Caller, before: string[], after: string[]): void {
  const teams = manageableTeams(caller);
  if (teams === null) return;
  const changed = [...after.filter((id) => !before.includes(id)), ...before.filter((id) => !after.includes(id))];
  if (changed.some((id) => !teams.has(id))) {
    throw new ApiProblem(403, 'forbidden', 'Team admins can change memberships of the teams they administer only.');
  }
}
