/**
 * Runs a job's pass now and every `everyMs` until `stop()`, one pass at a time (a pass still running
 * when the next is due is not started twice). A failed pass is logged with `failed` and tried again
 * at the next; `stop()` waits for the pass in progress.
 */
import { failureOf, type Logger } from '../logger';

export interface RepeatingJob {
  stop(): Promise<void>;
}

export function repeatEvery(everyMs: number, pass: () => Promise<void>, logger: Logger, failed: string): RepeatingJob {
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  const run = () => {
    if (busy) return;
    busy = true;
    running = pass()
      .catch((error: unknown) => logger.error({ failure: failureOf(error) }, failed))
      .finally(() => {
        busy = false;
      });
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
