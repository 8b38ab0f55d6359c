/**
 * Who may use the admin API for a team: the admins of that team (users whose `adminTeams` holds
 * it). A team of another account, or one that does not exist, is 404, as in the rest of the API,
 * so the answer never says that another account's team exists; a member of the account who does
 * not administer the team gets 403 `forbidden`.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { AppEnv } from '../app-env';
import type { Db } from '../db/database';
import { teams } from '../db/schema';
import { ApiProblem, notFound } from '../errors';

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** The account and team of the path, lower-cased, checked to be the caller's account and one of its teams (404 otherwise). */
export async function teamOfCallerAccount(c: Context<AppEnv>): Promise<string> {
  const { caller } = c.var;
  const accountId = c.req.param('accountId') ?? '';
  const teamId = (c.req.param('teamId') ?? '').toLowerCase();
  if (accountId.toLowerCase() !== caller.accountId) throw notFound('Account');
  if (!OBJECT_ID.test(teamId)) throw notFound('Team');
  const [team] = await c.var.services.database.db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.accountId, caller.accountId)))
    .limit(1);
  if (!team) throw notFound('Team');
  return teamId;
}

/** The account and team of an admin route, checked: `c.var.caller` is an admin of the team. */
export const requireTeamAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { caller } = c.var;
  const teamId = await teamOfCallerAccount(c);
  if (!caller.adminTeams.some((id) => id.toLowerCase() === teamId)) {
    throw new ApiProblem(403, 'forbidden', 'Only admins of this team can manage its blocks, suggestions and usage.');
  }
  await next();
};

/**
 * What a team's editors may do besides its admins: read the team's blocks and their versions, save
 * them (as changes waiting for approval when the team requires review, server/library/drafts.ts),
 * and list or withdraw the team's waiting changes. `record` is the path after `.../teams/{teamId}/`.
 */
const EDITOR_ROUTES: ReadonlyArray<[method: string, record: RegExp]> = [
  ['GET', /^blocks(\/[0-9a-f]{24}(\/versions)?)?$/i],
  ['POST', /^blocks$/],
  ['PUT', /^blocks\/[0-9a-f]{24}$/i],
  ['GET', /^drafts$/],
  ['POST', /^drafts\/[0-9a-f]{24}\/withdraw$/i],
];

/** Whether the caller administers `teamId` (lower-cased). */
export const administers = (caller: { adminTeams: string[] }, teamId: string): boolean => caller.adminTeams.some((id) => id.toLowerCase() === teamId);

/** Like `requireTeamAdmin`, and lets the team's editors through to `EDITOR_ROUTES`. */
export const requireTeamLibrary: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { caller } = c.var;
  const record = c.req.param('record') ?? '';
  const editorRoute = EDITOR_ROUTES.some(([method, pattern]) => method === c.req.method && pattern.test(record));
  if (editorRoute && !administers(caller, teamOf(c)) && caller.editorTeams.some((id) => id.toLowerCase() === teamOf(c))) {
    await teamOfCallerAccount(c);
    await next();
    return;
  }
  await requireTeamAdmin(c, next);
};

/** The team of an admin route, lower-cased (after `requireTeamAdmin`). */
export const teamOf = (c: { req: { param: (name: string) => string | undefined } }): string => (c.req.param('teamId') ?? '').toLowerCase();

/** The name of the account's team; 404 for a team of another account. */
export async function teamNameOf(db: Db, accountId: string, teamId: string): Promise<string> {
  const [team] = await db
    .select({ name: teams.name })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.accountId, accountId)))
    .limit(1);
  if (!team) throw notFound('Team');
  return team.name;
}
