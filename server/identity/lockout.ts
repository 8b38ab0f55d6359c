/**
 * Lockout after repeated failed sign-ins: `maxFailedSignIns` failures for a username within
 * `failureWindowSeconds` refuse it for `lockoutSeconds`. Every count is in the database, one
 * statement per failure, so concurrent failures on any number of instances all count: those of
 * existing users in `identity_users`, those of usernames that do not exist in
 * `identity_unknown_failures` (keyed by an HMAC of the name, never the name), counted and locked
 * the same way, so lockout does not reveal who has an account.
 */
import { eq, sql } from 'drizzle-orm';
import { addSeconds, type PoolContext } from './context';
import { sharedKey } from './caps';
import { identityUnknownFailures, identityUsers } from './schema';
import { normalizeUsername, type PoolUser } from './users';

/** The key of an unknown username's counters: an HMAC of the lower-cased name. */
const unknownKey = (context: PoolContext, username: string) => sharedKey(context, 'unknown usernames', normalizeUsername(username));

export async function isLocked(context: PoolContext, user: PoolUser | undefined, username: string): Promise<boolean> {
  const at = context.now().getTime();
  if (user) return user.lockedUntil !== null && user.lockedUntil.getTime() > at;
  const [row] = await context.db
    .select({ lockedUntil: identityUnknownFailures.lockedUntil })
    .from(identityUnknownFailures)
    .where(eq(identityUnknownFailures.key, await unknownKey(context, username)));
  return Boolean(row?.lockedUntil && row.lockedUntil.getTime() > at);
}

async function recordUnknownFailure(context: PoolContext, username: string, at: Date): Promise<void> {
  const { db, limits } = context;
  const t = identityUnknownFailures;
  const key = await unknownKey(context, username);
  const windowStart = new Date(at.getTime() - limits.failureWindowSeconds * 1000);
  const windowEnd = addSeconds(at, limits.failureWindowSeconds);
  const fresh = sql`${t.firstFailedAt} is null or ${t.firstFailedAt} <= ${windowStart}`;
  const [counted] = await db
    .insert(t)
    .values({ key, failedAttempts: 1, firstFailedAt: at, expiresAt: windowEnd })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failedAttempts: sql`case when ${fresh} then 1 else ${t.failedAttempts} + 1 end`,
        firstFailedAt: sql`case when ${fresh} then ${at} else ${t.firstFailedAt} end`,
        expiresAt: sql`greatest(${t.expiresAt}, ${windowEnd})`,
      },
    })
    .returning({ failedAttempts: t.failedAttempts });
  if (counted && counted.failedAttempts >= limits.maxFailedSignIns) {
    const lockedUntil = addSeconds(at, limits.lockoutSeconds);
    await db
      .update(t)
      .set({ failedAttempts: 0, firstFailedAt: null, lockedUntil, expiresAt: sql`greatest(${t.expiresAt}, ${lockedUntil})` })
      .where(eq(t.key, key));
    context.lockedOut();
  }
}

export async function recordFailure(context: PoolContext, user: PoolUser | undefined, username: string): Promise<void> {
  const { db, limits, logger } = context;
  const at = context.now();
  if (!user) {
    await recordUnknownFailure(context, username, at);
    return;
  }
  const windowStart = new Date(at.getTime() - limits.failureWindowSeconds * 1000);
  const fresh = sql`${identityUsers.firstFailedAt} is null or ${identityUsers.firstFailedAt} <= ${windowStart}`;
  const [counted] = await db
    .update(identityUsers)
    .set({
      failedAttempts: sql`case when ${fresh} then 1 else ${identityUsers.failedAttempts} + 1 end`,
      firstFailedAt: sql`case when ${fresh} then ${at} else ${identityUsers.firstFailedAt} end`,
    })
    .where(eq(identityUsers.id, user.id))
    .returning({ failedAttempts: identityUsers.failedAttempts });
  if (counted && counted.failedAttempts >= limits.maxFailedSignIns) {
    await db
      .update(identityUsers)
      .set({ failedAttempts: 0, firstFailedAt: null, lockedUntil: addSeconds(at, limits.lockoutSeconds) })
      .where(eq(identityUsers.id, user.id));
    logger.warn({ sub: user.id }, 'pool user locked after repeated failed sign-ins');
    context.lockedOut();
  }
}

export async function clearFailures(context: PoolContext, user: PoolUser): Promise<void> {
  if (user.failedAttempts === 0 && user.firstFailedAt === null && user.lockedUntil === null) return;
  await context.db
    .update(identityUsers)
    .set({ failedAttempts: 0, firstFailedAt: null, lockedUntil: null })
    .where(eq(identityUsers.id, user.id));
}
