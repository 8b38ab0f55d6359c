/**
 * Rotating the pool's keys (docs/self-host.md, "Rotating the pool's keys"):
 *
 * - The signing key: the active key is retired and a new one made active. Retired keys stay in
 *   the JWKS, so tokens they signed stay valid until they expire. Running servers keep signing
 *   with the key they loaded until they restart; the other keys are re-read when a token names
 *   one they do not know.
 * - The data key (CANNERY_POOL_DATA_KEY): every authenticator secret sealed under the previous key
 *   is opened and sealed again under the new one, in one transaction.
 */
import { and, eq, isNull, or, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/database';
import { createKey } from './keys';
import { identityDataKeys, identitySigningKeys, identityUsers } from './schema';
import { open, seal } from './secret-box';

/** Retires the pool's active signing key and makes a new one; answers both kids (`retired` is null on a pool without a key). */
export async function rotateSigningKey(db: Db, poolId: string, now: Date): Promise<{ retired: string | null; active: string }> {
  const [retired] = await db
    .update(identitySigningKeys)
    .set({ retiredAt: now })
    .where(and(eq(identitySigningKeys.poolId, poolId), isNull(identitySigningKeys.retiredAt)))
    .returning({ kid: identitySigningKeys.kid });
  await createKey(db, poolId, now);
  const [active] = await db
    .select({ kid: identitySigningKeys.kid })
    .from(identitySigningKeys)
    .where(and(eq(identitySigningKeys.poolId, poolId), isNull(identitySigningKeys.retiredAt)))
    .limit(1);
  if (!active) throw new Error(`The new signing key of pool ${poolId} could not be created`);
  return { retired: retired?.kid ?? null, active: active.kid };
}

/** The development data key the pool kept in the database (before CANNERY_POOL_DATA_KEY was set), if any. */
export async function storedDataKeyOf(db: Db, poolId: string): Promise<Buffer | undefined> {
  const [row] = await db.select({ key: identityDataKeys.key }).from(identityDataKeys).where(eq(identityDataKeys.poolId, poolId)).limit(1);
  return row ? Buffer.from(row.key, 'base64') : undefined;
}

export interface ResealReport {
  /** Secrets sealed again under the new key. */
  resealed: number;
  /** Secrets that already opened with the new key (a second run changes nothing). */
  unchanged: number;
  /** Usernames whose secret opens with neither key: nothing of theirs was changed (reset-mfa clears it). */
  unreadable: string[];
}

function reopen(previous: Buffer, next: Buffer, userId: string, sealed: string | null): { value: string | null; state: 'resealed' | 'unchanged' | 'unreadable' } {
  if (sealed === null) return { value: null, state: 'unchanged' };
  try {
    open(next, userId, sealed);
    return { value: sealed, state: 'unchanged' };
  } catch {
    // Not under the new key yet: the previous one must open it.
  }
  try {
    return { value: seal(next, userId, open(previous, userId, sealed)), state: 'resealed' };
  } catch {
    return { value: sealed, state: 'unreadable' };
  }
}

/** Seals every authenticator secret of the pool under `next`, opening it with `previous`, in one transaction. */
export async function resealSecrets(db: Db, poolId: string, previous: Buffer, next: Buffer, now: Date): Promise<ResealReport> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: identityUsers.id, username: identityUsers.username, verified: identityUsers.totpSecret, pending: identityUsers.totpPendingSecret })
      .from(identityUsers)
      .where(and(eq(identityUsers.poolId, poolId), or(isNotNull(identityUsers.totpSecret), isNotNull(identityUsers.totpPendingSecret))))
      .for('update');
    const report: ResealReport = { resealed: 0, unchanged: 0, unreadable: [] };
    for (const row of rows) {
      const verified = reopen(previous, next, row.id, row.verified);
      const pending = reopen(previous, next, row.id, row.pending);
      const states = [verified.state, pending.state];
      if (states.includes('unreadable')) {
        report.unreadable.push(row.username);
        continue;
      }
      if (!states.includes('resealed')) {
        report.unchanged += 1;
        continue;
      }
      await tx.update(identityUsers).set({ totpSecret: verified.value, totpPendingSecret: pending.value, updatedAt: now }).where(eq(identityUsers.id, row.id));
      report.resealed += 1;
    }
    return report;
  });
}
