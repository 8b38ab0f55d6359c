/**
 * Learning from the team's choices, on the server: the associations a use with an email signature
 * adds (in the transaction of its usage record), what is served of them, a team's summary and its
 * reset. The rule of accumulation and decay is `src/domain/learned-evidence.ts`'s, written here in
 * SQL so that concurrent uses of one block, on any instance, each add their 1 (an upsert that
 * reads the row it updates; a test holds it equal to `addUse`).
 *
 * Retention: associations not raised within `retentionDays` are deleted at write time for the
 * team written to, and at read time for the teams read, and are never served. Both are plain
 * deletes by time, so several instances on one database may run them at once. Nothing is kept in
 * memory.
 */
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { DAY_MS, LEARNING_HALF_LIFE_DAYS, learnedTeamOf } from '../../src/domain/learned-evidence';
import type { LearnedTeam } from '../../src/domain/learned-ranking';
import { learnedAssociations, teamLearning } from './schema';

export const DEFAULT_RETENTION_DAYS = 365;

/** The oldest last use still kept at `now`. */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

/** Adds one use of `blockId` for an email of `signature` to the team's learning (pass the transaction of the usage record). */
export async function learnFromUse(
  tx: Db,
  use: { accountId: string; teamId: string; blockId: string; signature: readonly string[]; at: Date; retentionDays: number },
): Promise<void> {
  const terms = [...new Set(use.signature)];
  if (use.retentionDays <= 0 || terms.length === 0) return;
  const halfLifeSeconds = LEARNING_HALF_LIFE_DAYS * 24 * 60 * 60;
  const a = learnedAssociations;
  await tx
    .insert(a)
    .values(terms.map((term) => ({ teamId: use.teamId, accountId: use.accountId, term, blockId: use.blockId, weight: 1, updatedAt: use.at })))
    .onConflictDoUpdate({
      target: [a.teamId, a.term, a.blockId],
      set: {
        weight: sql`${a.weight} * power(0.5, greatest(0, extract(epoch from (excluded.updated_at - ${a.updatedAt}))::double precision) / ${halfLifeSeconds}::double precision) + 1`,
        updatedAt: sql`greatest(${a.updatedAt}, excluded.updated_at)`,
      },
    });
  const t = teamLearning;
  await tx
    .insert(t)
    .values({ teamId: use.teamId, accountId: use.accountId, uses: 1, since: use.at, lastUseAt: use.at })
    .onConflictDoUpdate({ target: t.teamId, set: { uses: sql`${t.uses} + 1`, lastUseAt: sql`greatest(${t.lastUseAt}, excluded.last_use_at)` } });
  await dropExpired(tx, [use.teamId], retentionCutoff(use.at, use.retentionDays));
}

/** Deletes what `teamIds` learned before `cutoff`; a team with nothing left loses its summary too. */
export async function dropExpired(db: Db, teamIds: readonly string[], cutoff: Date): Promise<void> {
  if (teamIds.length === 0) return;
  await db.delete(learnedAssociations).where(and(inArray(learnedAssociations.teamId, [...teamIds]), lt(learnedAssociations.updatedAt, cutoff)));
  await db.delete(teamLearning).where(and(inArray(teamLearning.teamId, [...teamIds]), lt(teamLearning.lastUseAt, cutoff)));
}

/** A version of what `teamIds` learned: it changes with every use and every reset (for the ETag). */
export async function learningVersion(db: Db, teamIds: readonly string[]): Promise<string> {
  if (teamIds.length === 0) return 'none';
  const rows = await db
    .select({ teamId: teamLearning.teamId, uses: teamLearning.uses, since: teamLearning.since, lastUseAt: teamLearning.lastUseAt })
    .from(teamLearning)
    .where(inArray(teamLearning.teamId, [...teamIds]));
  return rows
    .map((row) => `${row.teamId}:${row.uses}:${row.since.getTime()}:${row.lastUseAt.getTime()}`)
    .sort()
    .join(',');
}

/** What `teamIds` learned, as served at `now`: expired rows dropped first, weights decayed, capped per team. */
export async function loadLearnedTeams(db: Db, teamIds: readonly string[], now: Date, retentionDays: number): Promise<LearnedTeam[]> {
  if (teamIds.length === 0 || retentionDays <= 0) return [];
  const cutoff = retentionCutoff(now, retentionDays);
  await dropExpired(db, teamIds, cutoff);
  const a = learnedAssociations;
  const rows = await db
    .select({ teamId: a.teamId, term: a.term, block: a.blockId, weight: a.weight, at: a.updatedAt })
    .from(a)
    .where(and(inArray(a.teamId, [...teamIds]), gte(a.updatedAt, cutoff)));
  const byTeam = new Map<string, typeof rows>();
  for (const row of rows) byTeam.set(row.teamId, [...(byTeam.get(row.teamId) ?? []), row]);
  return [...teamIds]
    .sort()
    .filter((teamId) => byTeam.has(teamId))
    .map((teamId) => learnedTeamOf(teamId, byTeam.get(teamId) ?? [], now));
}

/** How much a team has learned (uses and since when), within the retention period. */
export async function learningSummaryOf(db: Db, teamId: string, now: Date, retentionDays: number): Promise<{ uses: number; since: Date | null }> {
  if (retentionDays <= 0) return { uses: 0, since: null };
  const [row] = await db
    .select({ uses: teamLearning.uses, since: teamLearning.since })
    .from(teamLearning)
    .where(and(eq(teamLearning.teamId, teamId), gte(teamLearning.lastUseAt, retentionCutoff(now, retentionDays))));
  return row ? { uses: row.uses, since: row.since } : { uses: 0, since: null };
}

/** Forgets everything a team has learned; true when there was something to forget. */
export async function resetLearning(tx: Db, teamId: string): Promise<boolean> {
  await tx.delete(learnedAssociations).where(eq(learnedAssociations.teamId, teamId));
  const removed = await tx.delete(teamLearning).where(eq(teamLearning.teamId, teamId)).returning({ teamId: teamLearning.teamId });
  return removed.length > 0;
}
