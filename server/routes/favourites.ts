/**
 * `ACCOUNT_ROUTES.favourites`: the blocks the caller starred, kept on the
 * server so they follow the user to every host.
 * - Only the caller's own favourites are read or changed, and only blocks the caller can see (of
 *   the caller's account and teams, archived teams aside, not deleted) are starred or listed; a
 *   block of another team or account answers the same 404 as one that never existed. A favourite
 *   whose block the user can no longer see (or that is outside its dates) stays stored, unlisted, and comes back with the block.
 * - At most `FAVOURITES_PER_USER` listed favourites per user; the add that would pass it is a 409.
 *   The caller's user row is locked while adding, so two adds on any instances cannot both take
 *   the last place.
 * - Adding a favourite twice, or removing one that is not there, is not an error: a client that
 *   retries after a lost answer ends where it meant to.
 */
import { ACCOUNT_ROUTES, routePattern } from '../../src/api/contract/paths';
import { Hono, type Context } from 'hono';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { AppEnv } from '../app-env';
import { FAVOURITES_PER_USER, favourite, favouriteInput, favouriteList, type Favourite } from '../../src/api/contract/favourite';
import { blocks, users } from '../db/schema';
import { favourites } from '../db/records-schema';
import { ApiProblem, notFound } from '../errors';
import { requireAccountMember } from '../auth/middleware';
import { contract } from './contract';
import { accountDay, nowOf, shownToStaff } from '../library/wording';

type Caller = AppEnv['Variables']['caller'];

/** Blocks the caller sees as a member: of the caller's account and teams, not deleted. */
const visibleTo = (caller: Caller) =>
  and(eq(blocks.accountId, caller.accountId), inArray(blocks.teamId, caller.teamIds.length ? caller.teamIds : ['']), isNull(blocks.deletedAt), isNull(blocks.archivedAt));

const toDto = (row: { blockId: string; teamId: string; addedAt: Date }): Favourite => ({ autoResponseId: row.blockId, team: row.teamId, addedAt: row.addedAt.toISOString() });

/** The block id of the path; one that cannot be an id names no favourite. */
function pathBlockId(c: Context<AppEnv>): string | null {
  const id = c.req.param('autoResponseId') ?? '';
  return /^[0-9a-f]{24}$/i.test(id) ? id.toLowerCase() : null;
}

export function favouriteRoutes() {
  const routes = new Hono<AppEnv>();
  const path = routePattern(ACCOUNT_ROUTES.favourites);
  routes.use(path, requireAccountMember);
  routes.use(`${path}/*`, requireAccountMember);

  const list = contract({ summary: "The caller's favourite blocks that the caller can still see, oldest first", response: favouriteList });
  routes.get(path, list, async (c) => {
    const { caller } = c.var;
    const { db } = c.var.services.database;
    const day = await accountDay(db, caller.accountId, nowOf(c));
    const rows = await db
      .select({ blockId: favourites.blockId, teamId: blocks.teamId, addedAt: favourites.addedAt })
      .from(favourites)
      .innerJoin(blocks, eq(blocks.id, favourites.blockId))
      .where(and(eq(favourites.userId, caller.id), visibleTo(caller), shownToStaff(blocks, day)))
      .orderBy(asc(favourites.addedAt), asc(favourites.blockId));
    return c.json(rows.map(toDto));
  });

  const add = contract({
    summary: `Star a block of one of the caller's teams (201; 200 when it already is a favourite; at most ${FAVOURITES_PER_USER})`,
    body: favouriteInput,
    response: favourite,
    status: 201,
    responses: {
      '200': { description: 'The block already was a favourite', schema: favourite },
      '409': { description: `The caller already has ${FAVOURITES_PER_USER} favourites` },
    },
  });
  routes.post(path, add, async (c) => {
    const { autoResponseId } = await add.body(c);
    const { caller } = c.var;
    const result = await c.var.services.database.db.transaction(async (tx) => {
      // One add at a time per user, so the cap holds across instances.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, caller.id)).for('update');
      const [block] = await tx
        .select({ id: blocks.id, teamId: blocks.teamId })
        .from(blocks)
        .where(and(eq(blocks.id, autoResponseId), visibleTo(caller)));
      if (!block) throw notFound('Block');
      const [existing] = await tx
        .select({ addedAt: favourites.addedAt })
        .from(favourites)
        .where(and(eq(favourites.userId, caller.id), eq(favourites.blockId, block.id)));
      if (existing) return { created: false, favourite: toDto({ blockId: block.id, teamId: block.teamId, addedAt: existing.addedAt }) };
      const [listed] = await tx
        .select({ n: count() })
        .from(favourites)
        .innerJoin(blocks, eq(blocks.id, favourites.blockId))
        .where(and(eq(favourites.userId, caller.id), visibleTo(caller)));
      if ((listed?.n ?? 0) >= FAVOURITES_PER_USER) {
        throw new ApiProblem(409, 'favourites_full', `You already have ${FAVOURITES_PER_USER} favourites, the most Cannery keeps. Remove one to add another.`);
      }
      const [row] = await tx
        .insert(favourites)
        .values({ userId: caller.id, blockId: block.id, accountId: caller.accountId, addedAt: new Date() })
        .returning({ addedAt: favourites.addedAt });
      return { created: true, favourite: toDto({ blockId: block.id, teamId: block.teamId, addedAt: row!.addedAt }) };
    });
    return c.json(result.favourite, result.created ? 201 : 200);
  });

  const remove = contract({ summary: 'Unstar a block (204, also when it was not a favourite)', status: 204 });
  routes.delete(routePattern(ACCOUNT_ROUTES.favourite), remove, async (c) => {
    const blockId = pathBlockId(c);
    if (blockId === null) throw notFound('Favourite');
    await c.var.services.database.db.delete(favourites).where(and(eq(favourites.userId, c.var.caller.id), eq(favourites.blockId, blockId)));
    return c.body(null, 204);
  });

  return routes;
}
