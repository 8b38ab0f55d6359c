/**
 * The team's suggestions inbox: blocks members suggested (`POST ACCOUNT_ROUTES.suggestions`) wait
 * as open until a team admin approves one, which creates the block through the same write path as
 * `POST .../blocks` (version 1 with its author, `block.created`) and records `suggestion.approved`,
 * or rejects it with an optional note (`suggestion.rejected`). Each decision runs in one
 * transaction that locks the suggestion first, so two admins deciding at once get one decision
 * and one 409, never two blocks.
 */
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminSuggestion, AdminSuggestionPage, SuggestionStatus } from '../../src/api/contract/admin';
import type { SupportedContext } from '../../src/api/contract/common';
import type { Db } from '../db/database';
import { users } from '../db/schema';
import { suggestedAutoResponses } from '../db/records-schema';
import { ApiProblem, notFound } from '../errors';
import { libraryEntryOf, recordAudit } from './audit';
import type { BlockRow } from './block-versions';
import { createBlockIn, type AdminActor, type BlockInput } from './block-writes';
import { ofActorTeam } from './team-scope';

type SuggestionRow = typeof suggestedAutoResponses.$inferSelect;

const deciders = alias(users, 'deciders');

/** 9999-12-31T23:59:59.999Z. */
const LAST_MILLISECOND = 253_402_300_799_999;

function toAdminSuggestion(row: SuggestionRow, deciderEmail: string | null): AdminSuggestion {
  return {
    _id: row.id,
    name: row.name,
    body: row.body,
    supportedContexts: row.supportedContexts as SupportedContext[],
    suggestedBy: { _id: row.userId, email: row.userEmail },
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy: row.decidedBy ? { _id: row.decidedBy, email: deciderEmail } : null,
    note: row.note ?? null,
    blockId: row.blockId ?? null,
    language: row.language,
  };
}

/**
 * One page of the team's suggestions with `status`, newest first. The cursor is
 * `<milliseconds>.<suggestion id>` of the last one of the previous page.
 */
export async function suggestionPageOf(
  db: Db,
  accountId: string,
  teamId: string,
  options: { status: SuggestionStatus; before?: string | undefined; limit: number },
): Promise<AdminSuggestionPage> {
  const s = suggestedAutoResponses;
  // The database keeps microseconds; pages are cut at the millisecond the cursor holds.
  const createdMs = sql`date_trunc('milliseconds', ${s.createdAt})`;
  const conditions = [eq(s.accountId, accountId), eq(s.teamId, teamId), eq(s.status, options.status)];
  if (options.before) {
    const [millis, id] = options.before.split('.') as [string, string];
    // Past the year 9999 is the same as the end of time (and keeps the text the database reads plain).
    const at = sql`${new Date(Math.min(Number(millis), LAST_MILLISECOND)).toISOString()}::timestamptz`;
    conditions.push(or(sql`${createdMs} < ${at}`, and(sql`${createdMs} = ${at}`, lt(s.id, id)))!);
  }
  const rows = await db
    .select({ suggestion: s, deciderEmail: deciders.email })
    .from(s)
    .leftJoin(deciders, eq(deciders.id, s.decidedBy))
    .where(and(...conditions))
    .orderBy(desc(createdMs), desc(s.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1)?.suggestion;
  return {
    suggestions: page.map(({ suggestion, deciderEmail }) => toAdminSuggestion(suggestion, deciderEmail)),
    next: rows.length > options.limit && last ? `${last.createdAt.getTime()}.${last.id}` : null,
  };
}

/** The open suggestion `suggestionId` of the actor's team, locked; 404 when not the team's, 409 when decided. */
async function lockedOpenSuggestion(db: Db, actor: AdminActor, suggestionId: string): Promise<SuggestionRow> {
  const s = suggestedAutoResponses;
  const [row] = await db
    .select()
    .from(s)
    .where(ofActorTeam(s, actor, suggestionId))
    .limit(1)
    .for('update');
  if (!row) throw notFound('Suggestion');
  if (row.status !== 'open') {
    throw new ApiProblem(409, 'suggestion_decided', `This suggestion was already ${row.status}.`);
  }
  return row;
}

async function deciderEmail(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email ?? null;
}

/** Creates the block `input` (the suggestion as the admin edited it) and marks the suggestion approved. */
export function approveSuggestion(
  db: Db,
  actor: AdminActor,
  suggestionId: string,
  input: BlockInput,
): Promise<{ suggestion: AdminSuggestion; block: BlockRow }> {
  return db.transaction(async (tx) => {
    await lockedOpenSuggestion(tx, actor, suggestionId);
    const block = await createBlockIn(tx, actor, input, { fromSuggestion: suggestionId });
    const at = block.createdAt;
    const [decided] = await tx
      .update(suggestedAutoResponses)
      .set({ status: 'approved', decidedAt: at, decidedBy: actor.userId, blockId: block.id, note: null })
      .where(eq(suggestedAutoResponses.id, suggestionId))
      .returning();
    await recordAudit(tx, {
      ...libraryEntryOf(actor),
      action: 'suggestion.approved',
      entityKind: 'suggestion',
      entityId: suggestionId,
      // The name it was suggested under, so the activity can say which one.
      changes: { block: block.id, name: decided!.name },
      at,
    });
    return { suggestion: toAdminSuggestion(decided!, await deciderEmail(tx, actor.userId)), block };
  });
}

/** Marks the suggestion rejected, keeping the admin's note (none when empty). */
export function rejectSuggestion(db: Db, actor: AdminActor, suggestionId: string, note: string | null | undefined): Promise<AdminSuggestion> {
  return db.transaction(async (tx) => {
    await lockedOpenSuggestion(tx, actor, suggestionId);
    const at = new Date();
    const kept = note ? note : null;
    const [decided] = await tx
      .update(suggestedAutoResponses)
      .set({ status: 'rejected', decidedAt: at, decidedBy: actor.userId, note: kept, blockId: null })
      .where(eq(suggestedAutoResponses.id, suggestionId))
      .returning();
    await recordAudit(tx, {
      ...libraryEntryOf(actor),
      action: 'suggestion.rejected',
      entityKind: 'suggestion',
      entityId: suggestionId,
      changes: { withNote: kept !== null, name: decided!.name },
      at,
    });
    return toAdminSuggestion(decided!, await deciderEmail(tx, actor.userId));
  });
}
