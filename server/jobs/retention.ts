/**
 * Keeps each account to its own retention (server/privacy/retention.ts): at start and every hour,
 * usage records, sessions, classification answers, learned evidence and mail sent to the account's
 * people that are older than the account's days are deleted; what an account keeps forever is never
 * touched. Each account is swept once an hour across instances: its pass runs in one transaction
 * that first claims the hour with a conditional update of `account_retention.swept_at` (the
 * pattern of review-mail.ts), so a second instance finds the hour claimed, or waits on the row and
 * then finds it claimed, and deletes nothing. A pass that deleted anything leaves one audit event.
 */
import { and, asc, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { accounts, users } from '../db/schema';
import { accountRetention, classificationOutcomes, sentAutoResponses, sessions } from '../db/records-schema';
import { learnedAssociations, teamLearning } from '../learning/schema';
import { mailQueue } from '../mail/schema';
import { recordAudit } from '../library/audit';
import type { Logger } from '../logger';
import { policyOf } from '../privacy/retention';
import { RETENTION_KINDS, type RetentionKind, type RetentionPolicy } from '../../src/api/contract/retention';
import { repeatEvery, type RepeatingJob } from './repeat';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface RetentionPass {
  /** The accounts this pass swept (claimed the hour of). */
  accounts: number;
  /** Rows deleted, by kind, over every account swept. */
  deleted: Record<RetentionKind, number>;
}

const none = (): Record<RetentionKind, number> => ({ usageRecords: 0, sessions: 0, classificationOutcomes: 0, learnedEvidence: 0, mail: 0 });

/** Deletes the account's rows of `kind` older than `cutoff` in `tx`; returns how many went. */
async function deleteExpired(tx: Db, accountId: string, kind: RetentionKind, cutoff: Date): Promise<number> {
  const count = (rows: unknown[]) => rows.length;
  switch (kind) {
    case 'usageRecords':
      return count(await tx.delete(sentAutoResponses).where(and(eq(sentAutoResponses.accountId, accountId), lt(sentAutoResponses.timeSent, cutoff))).returning({ id: sentAutoResponses.id }));
    case 'sessions':
      return count(await tx.delete(sessions).where(and(eq(sessions.accountId, accountId), lt(sessions.endTime, cutoff))).returning({ id: sessions.id }));
    case 'classificationOutcomes':
      return count(
        await tx.delete(classificationOutcomes).where(and(eq(classificationOutcomes.accountId, accountId), lt(classificationOutcomes.createdAt, cutoff))).returning({ id: classificationOutcomes.id }),
      );
    case 'learnedEvidence': {
      const gone = await tx
        .delete(learnedAssociations)
        .where(and(eq(learnedAssociations.accountId, accountId), lt(learnedAssociations.updatedAt, cutoff)))
        .returning({ term: learnedAssociations.term });
      // A team whose last use is past the retention has nothing left to summarise (server/learning/learning.ts).
      await tx.delete(teamLearning).where(and(eq(teamLearning.accountId, accountId), lt(teamLearning.lastUseAt, cutoff)));
      return gone.length;
    }
    case 'mail':
      // Mail waiting to be sent is the worker's; what was sent or given up on goes by the account of its recipient.
      return count(
        await tx
          .delete(mailQueue)
          .where(
            and(
              ne(mailQueue.status, 'pending'),
              lt(mailQueue.createdAt, cutoff),
              sql`lower(${mailQueue.toAddress}) in (select lower(${users.email}) from ${users} where ${users.accountId} = ${accountId})`,
            ),
          )
          .returning({ id: mailQueue.id }),
      );
  }
}

/** Claims the account's hour and sweeps it, in one transaction; null when another instance has the hour. */
async function sweepAccount(db: Db, accountId: string, now: Date, hourStart: Date): Promise<Record<RetentionKind, number> | null> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(accountRetention)
      .set({ sweptAt: now })
      .where(and(eq(accountRetention.accountId, accountId), or(isNull(accountRetention.sweptAt), lt(accountRetention.sweptAt, hourStart))))
      .returning();
    if (!claimed) return null;
    const policy: RetentionPolicy = policyOf(claimed);
    const deleted = none();
    for (const kind of RETENTION_KINDS) {
      const days = policy[kind];
      if (days !== null) deleted[kind] = await deleteExpired(tx, accountId, kind, new Date(now.getTime() - days * DAY_MS));
    }
    const rows = Object.fromEntries(RETENTION_KINDS.filter((kind) => deleted[kind] > 0).map((kind) => [kind, deleted[kind]]));
    if (Object.keys(rows).length > 0) {
      await recordAudit(tx, {
        accountId,
        teamId: null,
        actor: { via: 'schedule', userId: null, address: null },
        action: 'account.retention_applied',
        entityKind: 'account',
        entityId: accountId,
        changes: { deleted: rows },
        at: now,
      });
    }
    return deleted;
  });
}

/** One pass at `now` over every account whose hour is not yet claimed. */
export async function applyRetention(db: Db, now: Date): Promise<RetentionPass> {
  // An account that never chose gets its row, with the defaults, before anything reads it.
  await db.execute(sql`insert into ${accountRetention} (${sql.identifier('account_id')}) select ${accounts.id} from ${accounts} on conflict do nothing`);
  const hourStart = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const due = await db
    .select({ accountId: accountRetention.accountId })
    .from(accountRetention)
    .where(or(isNull(accountRetention.sweptAt), lt(accountRetention.sweptAt, hourStart)))
    .orderBy(asc(accountRetention.accountId));
  const pass: RetentionPass = { accounts: 0, deleted: none() };
  for (const { accountId } of due) {
    const deleted = await sweepAccount(db, accountId, now, hourStart);
    if (!deleted) continue;
    pass.accounts += 1;
    for (const kind of RETENTION_KINDS) pass.deleted[kind] += deleted[kind];
  }
  return pass;
}

/** Runs a pass now and every hour until `stop()`; a failed pass is logged and tried again at the next. */
export function startRetention(db: Db, logger: Logger, everyMs = HOUR_MS): RepeatingJob {
  return repeatEvery(
    everyMs,
    async () => {
      const pass = await applyRetention(db, new Date());
      if (Object.values(pass.deleted).some((count) => count > 0)) logger.info({ deleted: pass.deleted }, 'deleted records older than the accounts’ retention');
    },
    logger,
    'the records retention pass failed; it runs again within the hour',
  );
}
