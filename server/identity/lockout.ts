/**
 * Lockout after repeated failed sign-ins: `maxFailedSignIns` failures for a username within
 * `failureWindowSeconds` refuse it for `lockoutSeconds`. Counters of existing users are in the
 * database (one statement per failure, so concurrent failures all count); usernames that do not
 * exist fail and lock the same way in memory, so lockout does not reveal who has an account.
 */
import { eq, sql } from 'drizzle-orm';
import { addSeconds, type PoolContext } from './context';
import { identityUsers } from './schema';
import type { PoolUser } from './users';

/** Most usernames that do not exist whose lockout is remembered (memory stays bounded). */
const MAX_UNKNOWN_LOCKOUTS = 10_000;

export function isLocked(context: PoolContext, user: PoolUser | undefined, username: string): boolean {
  const at = context.now().getTime();
  if (user) return user.lockedUntil !== null && user.lockedUntil.getTime() > at;
  const until = context.unknownLockouts.get(username);
  if (until === undefined) return false;
  if (until > at) return true;
  context.unknownLockouts.delete(username);
  return false;
}

function recordUnknownFailure(context: PoolContext, username: string, at: Date): void {
  const { unknownFailures, unknownLockouts, limits } = context;
  unknownFailures.take(username, at.getTime());
  if (unknownFailures.count(username, at.getTime()) < limits.maxFailedSignIns) return;
  unknownFailures.clear(username);
  if (unknownLockouts.size >= MAX_UNKNOWN_LOCKOUTS) unknownLockouts.clear();
  unknownLockouts.set(username, at.getTime() + limits.lockoutSeconds * 1000);
}

export async function recordFailure(context: PoolContext, user: PoolUser | undefined, username: string): Promise<void> {
  const { db, limits, logger } = context;
  const at = context.now();
  if (!user) {
    recordUnknownFailure(context, username, at);
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
  }
}

export async function clearFailures(context: PoolContext, user: PoolUser): Promise<void> {
  if (user.failedAttempts === 0 && user.firstFailedAt === null && user.lockedUntil === null) return;
  await context.db
    .update(identityUsers)
    .set({ failedAttempts: 0, firstFailedAt: null, lockedUntil: null })
    .where(eq(identityUsers.id, user.id));
}
