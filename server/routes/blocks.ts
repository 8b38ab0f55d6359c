import { Hono } from 'hono';
import { ACCOUNT_ROUTES, routePattern } from '../../src/api/contract/paths';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppEnv } from '../app-env';
import { blockList, blocksQuery, mostFrequentQuery, type Block } from '../../src/api/contract/block';
import type { SupportedContext } from '../../src/api/contract/common';
import { blocks } from '../db/schema';
import { sentAutoResponses } from '../db/records-schema';
import { requireAccountMember, teamsInScope } from '../auth/middleware';
import { versionedJson } from '../http/etag';
import { teamListVersions } from '../db/list-versions';
import { contract } from './contract';
import { accountDay, nowOf, shownToStaff } from '../library/wording';

type BlockRow = typeof blocks.$inferSelect;

export function toBlockDto(row: BlockRow): Block {
  return {
    _id: row.id,
    name: row.name,
    body: row.body,
    categories: row.categories,
    account: row.accountId,
    team: row.teamId,
    supportedContexts: row.supportedContexts as SupportedContext[],
    ...(row.cc?.length ? { cc: row.cc } : {}),
    ...(row.subjectLine ? { subjectLine: row.subjectLine } : {}),
    ...(row.attachments?.length ? { attachments: row.attachments } : {}),
    ...(row.examples.length ? { examples: row.examples } : {}),
    ...(row.shortcut ? { shortcut: row.shortcut } : {}),
    ...(row.variants?.length
      ? {
          variants: row.variants.map((variant) => ({
            language: variant.language,
            name: variant.name,
            body: variant.body,
            ...(variant.subjectLine ? { subjectLine: variant.subjectLine } : {}),
            ...(variant.attachments?.length ? { attachments: variant.attachments } : {}),
            ...(variant.examples?.length ? { examples: variant.examples } : {}),
          })),
        }
      : {}),
  };
}

/**
 * `GET` `ACCOUNT_ROUTES.blocks` and `ACCOUNT_ROUTES.mostUsedBlocks`. Neither lists a block an
 * admin deleted or archived, nor one outside its dates (server/library/wording.ts).
 */
export function blockRoutes() {
  const routes = new Hono<AppEnv>();
  routes.use(routePattern(ACCOUNT_ROUTES.blocks), requireAccountMember);
  routes.use(routePattern(ACCOUNT_ROUTES.mostUsedBlocks), requireAccountMember);

  const list = contract({ summary: 'Blocks of the given teams (ETag, 304)', query: blocksQuery, response: blockList });
  routes.get(routePattern(ACCOUNT_ROUTES.blocks), list, async (c) => {
    const query = list.query(c);
    const teamIds = teamsInScope(c.var.caller, query.teams);
    const { db } = c.var.services.database;
    // Deleted blocks (admin API) are gone for members; a delete moves the team's list version.
    // What the dates show changes with the day, so the day is part of the list's ETag.
    const day = await accountDay(db, c.var.caller.accountId, nowOf(c));
    const inScope = and(
      eq(blocks.accountId, c.var.caller.accountId),
      inArray(blocks.teamId, teamIds.length ? teamIds : ['']),
      isNull(blocks.deletedAt),
      shownToStaff(blocks, day),
    );
    return versionedJson(
      c,
      `blocks|${c.var.caller.accountId}|${[...teamIds].sort().join(',')}|${day}`,
      () => teamListVersions(db, 'blocks', teamIds),
      async () => (await db.select().from(blocks).where(inScope).orderBy(asc(blocks.name), asc(blocks.id))).map(toBlockDto),
    );
  });

  const mostUsed = contract({ summary: 'Most used blocks', query: mostFrequentQuery, response: blockList });
  routes.get(routePattern(ACCOUNT_ROUTES.mostUsedBlocks), mostUsed, async (c) => {
    const query = mostUsed.query(c);
    const teamIds = teamsInScope(c.var.caller, query.teams);
    if (teamIds.length === 0) return c.json([]);
    const { db } = c.var.services.database;
    const day = await accountDay(db, c.var.caller.accountId, nowOf(c));
    const uses = sql<number>`count(${sentAutoResponses.id})::int`;
    const rows = await db
      .select({ block: blocks, uses })
      .from(blocks)
      .innerJoin(
        sentAutoResponses,
        and(eq(sentAutoResponses.autoResponseId, blocks.id), eq(sentAutoResponses.accountId, blocks.accountId)),
      )
      .where(and(eq(blocks.accountId, c.var.caller.accountId), inArray(blocks.teamId, teamIds), isNull(blocks.deletedAt), shownToStaff(blocks, day)))
      .groupBy(blocks.id)
      .orderBy(desc(uses), asc(blocks.name))
      .limit(query.num);
    return c.json(rows.map((row) => toBlockDto(row.block)));
  });

  return routes;
}
