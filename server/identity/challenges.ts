/**
 * Sign-in challenges in progress: the SRP exchange between InitiateAuth and its proof, the
 * new-password step of a first sign-in, the authenticator steps (code, choice, setup) and the
 * remembered-device exchange. The client holds a random handle (`SECRET_BLOCK` or `Session`); the
 * database keeps its hash. A challenge is closed by its right answer and lives `sessionSeconds`;
 * a code challenge survives a few wrong codes (`countWrongAnswer`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { addSeconds, type PoolContext } from './context';
import { identityAuthSessions, type ChallengeKind } from './schema';

export type { ChallengeKind } from './schema';
export type ChallengeValues = Omit<typeof identityAuthSessions.$inferInsert, 'id' | 'poolId' | 'createdAt' | 'expiresAt'>;
export type Challenge = typeof identityAuthSessions.$inferSelect;

const hashHandle = (handle: string) => createHash('sha256').update(handle, 'utf8').digest('hex');

/** Opens a challenge; returns the handle the client answers with. */
export async function openChallenge(context: PoolContext, values: ChallengeValues): Promise<string> {
  const { db, poolId, limits } = context;
  const at = context.now();
  const handle = randomBytes(64).toString('base64');
  // Expired challenges are never read again; dropping them here keeps the table small.
  await db.delete(identityAuthSessions).where(lt(identityAuthSessions.expiresAt, at));
  await db.insert(identityAuthSessions).values({
    ...values,
    id: hashHandle(handle),
    poolId,
    createdAt: at,
    expiresAt: addSeconds(at, limits.sessionSeconds),
  });
  return handle;
}

const isLive = (context: PoolContext, handle: string, kind: ChallengeKind) =>
  and(
    eq(identityAuthSessions.id, hashHandle(handle)),
    eq(identityAuthSessions.poolId, context.poolId),
    eq(identityAuthSessions.kind, kind),
    isNull(identityAuthSessions.usedAt),
    gt(identityAuthSessions.expiresAt, context.now()),
  );

/** The challenge, while it is open; undefined when it is unknown, answered or expired. */
export async function openChallengeOf(context: PoolContext, handle: string, kind: ChallengeKind): Promise<Challenge | undefined> {
  const [row] = await context.db.select().from(identityAuthSessions).where(isLive(context, handle, kind)).limit(1);
  return row;
}

/** Closes an open challenge and returns it; undefined when it is unknown, answered or expired. */
export async function closeChallenge(context: PoolContext, handle: string, kind: ChallengeKind): Promise<Challenge | undefined> {
  const [row] = await context.db.update(identityAuthSessions).set({ usedAt: context.now() }).where(isLive(context, handle, kind)).returning();
  return row;
}

/**
 * Counts a wrong answer on an open challenge; the answer that reaches `limits.codeAttempts`
 * closes it. Returns whether it is still open.
 */
export async function countWrongAnswer(context: PoolContext, handle: string, kind: ChallengeKind): Promise<boolean> {
  const { limits } = context;
  const [row] = await context.db
    .update(identityAuthSessions)
    .set({
      attempts: sql`${identityAuthSessions.attempts} + 1`,
      usedAt: sql`case when ${identityAuthSessions.attempts} + 1 >= ${limits.codeAttempts} then ${context.now()}::timestamptz else null end`,
    })
    .where(isLive(context, handle, kind))
    .returning({ usedAt: identityAuthSessions.usedAt });
  return row !== undefined && row.usedAt === null;
}
