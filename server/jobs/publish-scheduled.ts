/**
 * Publishes scheduled changes to blocks when their time comes (server/library/drafts.ts), at
 * start and every CANNERY_PUBLISH_EVERY_SECONDS. Every instance runs it; each due change is claimed
 * under a row lock the others skip, so it is published once.
 */
import type { Db } from '../db/database';
import { publishDueChanges } from '../library/drafts';
import { failureOf, type Logger } from '../logger';

/** Runs a pass now and every `everySeconds` until `stop()`; a failed pass is logged and tried again at the next. */
export function startScheduledPublishing(db: Db, everySeconds: number, logger: Logger, now: () => Date = () => new Date()): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  const pass = () => {
    if (busy) return;
    busy = true;
    running = publishDueChanges(db, now()).then(
      (published) => {
        busy = false;
        if (published > 0) logger.info({ published }, 'published scheduled changes to blocks');
      },
      (error: unknown) => {
        busy = false;
        logger.error({ failure: failureOf(error) }, 'publishing scheduled changes failed; it is tried again at the next pass');
      },
    );
  };
  pass();
  const timer = setInterval(pass, everySeconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
