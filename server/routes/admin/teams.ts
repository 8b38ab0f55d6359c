/**
 * `GET /api/admin/teams`: the teams the caller administers or edits, with their account and the
 * caller's role, for the admin app's team picker. A user who does neither gets an empty list (the
 * app then says so).
 */
import { Hono } from 'hono';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppEnv } from '../../app-env';
import { adminTeamList, type AdminTeam } from '../../../src/api/contract/admin';
import { accounts, teams } from '../../db/schema';
import { contract } from '../contract';

export function adminTeamRoutes() {
  const adminTeams = contract({ summary: 'The teams the caller administers or edits, with their account and role (empty for anyone else)', response: adminTeamList });
  return new Hono<AppEnv>().get('/teams', adminTeams, async (c) => {
    const { caller } = c.var;
    const administered = new Set(caller.adminTeams.map((id) => id.toLowerCase()));
    const ids = [...new Set([...administered, ...caller.editorTeams.map((id) => id.toLowerCase())])];
    if (ids.length === 0) return c.json([] satisfies AdminTeam[]);
    const rows = await c.var.services.database.db
      .select({ id: teams.id, name: teams.name, requireReview: teams.requireReview, accountId: accounts.id, accountName: accounts.name })
      .from(teams)
      .innerJoin(accounts, eq(accounts.id, teams.accountId))
      .where(and(eq(teams.accountId, caller.accountId), inArray(teams.id, ids)))
      .orderBy(asc(teams.name), asc(teams.id));
    return c.json(
      rows.map((row): AdminTeam => ({
        _id: row.id,
        name: row.name,
        account: { _id: row.accountId, name: row.accountName },
        role: administered.has(row.id) ? 'admin' : 'editor',
        requireReview: row.requireReview,
      })),
    );
  });
}
