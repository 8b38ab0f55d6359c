/**
 * An account's retention (`GET/PUT /api/admin/accounts/{accountId}/retention`, account admins):
 * read as stored, or the defaults for an account that never chose; saved whole with one audit
 * event naming the kinds that changed and their days before and after. A save clears the pass's
 * lease, so the next hourly pass applies the new policy on whichever instance runs it first.
 */
import { eq } from 'drizzle-orm';
import type { Caller } from '../app-env';
import type { Db } from '../db/database';
import { accountRetention } from '../db/records-schema';
import { actorOfCaller, recordAudit, type AuditValue } from '../library/audit';
import { assertAccountAdmin } from '../people/access';
import { RETENTION_DEFAULTS, RETENTION_KINDS, type RetentionKind, type RetentionPolicy, type RetentionSettings } from '../../src/api/contract/retention';

type RetentionRow = typeof accountRetention.$inferSelect;

/** The column of each kind. */
export const RETENTION_COLUMNS = {
  usageRecords: 'usageDays',
  sessions: 'sessionDays',
  classificationOutcomes: 'classificationDays',
  learnedEvidence: 'learningDays',
  mail: 'mailDays',
} as const satisfies Record<RetentionKind, keyof RetentionRow>;

export function policyOf(row: Pick<RetentionRow, (typeof RETENTION_COLUMNS)[RetentionKind]> | undefined): RetentionPolicy {
  return Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, row ? row[RETENTION_COLUMNS[kind]] : RETENTION_DEFAULTS[kind]])) as RetentionPolicy;
}

const settingsOf = (row: RetentionRow | undefined): RetentionSettings => ({
  policy: policyOf(row),
  defaults: { ...RETENTION_DEFAULTS },
  updatedAt: row?.updatedAt?.toISOString() ?? null,
});

async function rowOf(db: Db, accountId: string): Promise<RetentionRow | undefined> {
  const [row] = await db.select().from(accountRetention).where(eq(accountRetention.accountId, accountId)).limit(1);
  return row;
}

export async function readRetention(db: Db, caller: Caller): Promise<RetentionSettings> {
  assertAccountAdmin(caller, 'read how long the account keeps its records');
  return settingsOf(await rowOf(db, caller.accountId));
}

export async function saveRetention(db: Db, caller: Caller, policy: RetentionPolicy, now: Date): Promise<RetentionSettings> {
  assertAccountAdmin(caller, 'change how long the account keeps its records');
  const saved = await db.transaction(async (tx) => {
    // The row's lock orders two admins saving at once: each audits against what the other saved.
    const [current] = await tx.select().from(accountRetention).where(eq(accountRetention.accountId, caller.accountId)).for('update');
    const before = policyOf(current);
    const values = Object.fromEntries(RETENTION_KINDS.map((kind) => [RETENTION_COLUMNS[kind], policy[kind]]));
    const [row] = await tx
      .insert(accountRetention)
      .values({ accountId: caller.accountId, ...values, updatedAt: now, sweptAt: null })
      .onConflictDoUpdate({ target: accountRetention.accountId, set: { ...values, updatedAt: now, sweptAt: null } })
      .returning();
    const fields = RETENTION_KINDS.filter((kind) => before[kind] !== policy[kind]);
    if (fields.length > 0) {
      const pick = (from: RetentionPolicy) => Object.fromEntries(fields.map((kind) => [kind, from[kind]])) as Record<string, AuditValue>;
      await recordAudit(tx, {
        accountId: caller.accountId,
        teamId: null,
        actor: actorOfCaller(caller),
        action: 'account.retention_changed',
        entityKind: 'account',
        entityId: caller.accountId,
        changes: { fields, before: pick(before), after: pick(policy) },
        at: now,
      });
    }
    return row!;
  });
  return settingsOf(saved);
}
