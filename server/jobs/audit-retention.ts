/**
 * Keeps the audit log to its retention (CANNERY_AUDIT_RETENTION_DAYS): writes the retention where
 * the database's triggers read it, then deletes what is older, at start and every hour. Every
 * instance runs it; a second delete of the same events finds nothing, so they go once.
 */
import type { Db } from '../db/database';
import { applyAuditRetention, purgeExpiredAudit } from '../library/audit';
import type { Logger } from '../logger';
import { repeatEvery, type RepeatingJob } from './repeat';

const HOUR_MS = 60 * 60 * 1000;

/** One pass: the retention written, the expired events deleted; returns how many went. */
export async function keepAuditRetention(db: Db, days: number | null): Promise<number> {
  await applyAuditRetention(db, days);
  return purgeExpiredAudit(db);
}

/** Runs a pass now and every hour until `stop()`; a failed pass is logged and tried again at the next. */
export function startAuditRetention(db: Db, days: number | null, logger: Logger, everyMs = HOUR_MS): RepeatingJob {
  return repeatEvery(
    everyMs,
    async () => {
      const purged = await keepAuditRetention(db, days);
      if (purged > 0) logger.info({ purged }, 'deleted audit events older than the retention');
    },
    logger,
    'the audit log retention pass failed; it runs again within the hour',
  );
}
