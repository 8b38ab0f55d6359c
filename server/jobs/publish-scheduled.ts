/**
 * Publishes scheduled changes to blocks when their time comes (server/library/drafts.ts), at
 * start and every CANNERY_PUBLISH_EVERY_SECONDS. Every instance runs it; each due change is claimed
 * under a row lock the others skip, so it is published once.
 */
import type { Db } from '../db/database';
import { publishDueChanges } from '../library/drafts';
import type { Logger } from '../logger';
import { repeatEvery, type RepeatingJob } from './repeat';

/** Runs a pass now and every `everySeconds` until `stop()`; a failed pass is logged and tried again at the next. */
export function startScheduledPublishing(db: Db, everySeconds: number, logger: Logger, now: () => Date = () => new Date()): RepeatingJob {
  return repeatEvery(
    everySeconds * 1000,
    async () => {
      const published = await publishDueChanges(db, now());
      if (published > 0) logger.info({ published }, 'published scheduled changes to blocks');
    },
    logger,
    'publishing scheduled changes failed; it is tried again at the next pass',
  );
}
