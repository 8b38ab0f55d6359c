/**
 * One run through a checklist and its record (rules §4 "Checklist", §8 checklist record and update
 * failures): the record is created once when the run starts (mount, with the checklist and user
 * known), every task toggle and every block used updates it with the run's progress, and Complete
 * updates it with the end time before going to checklist-complete. When Complete finds no record
 * (the start could not be stored), it creates one first.
 *
 * Steps run one after another: an update waits for the create it refers to, and a click while an
 * earlier step is still being stored is recorded after it, with the progress at its own click.
 * Decisions where the spec is silent: a toggle or block used without a record (its start failed)
 * updates nothing, Complete creates it with the progress so far; a failure keeps the user on the
 * screen with the spec's message, and a later step that succeeds clears it.
 */
import { useCallback, useRef, useState } from 'react';
import type { Checklist } from '../../api/contract/checklist';
import type { User } from '../../api/contract/user';
import { navigate } from '../../state/location';
import { useChecklistRecorder, type ChecklistProgress, type ChecklistRun } from '../../tracking/checklist-records';
import { useRunOnce } from '../../ui/use-run-once';

export const CHECKLIST_RECORD_MESSAGES = {
  recordFailed: 'Error occurred trying to record checklist. Please try again or contact our team if the issue persists.',
  updateFailed: 'Error occurred trying to update checklist. Please try again or contact our team if the issue persists.',
} as const;

export interface ChecklistRunState {
  /** Whether each task is done, in the checklist's order. */
  done: readonly boolean[];
  toggleTask: (index: number) => void;
  /** Tells the run a block was inserted. */
  blockUsed: (blockId: string) => void;
  complete: () => void;
  completing: boolean;
  /** The spec's message for the last failed step, until a later step succeeds. */
  error: string | null;
}

interface Progress {
  done: boolean[];
  blocksSent: string[];
}

export function useChecklistRun(checklist: Checklist, user: User): ChecklistRunState {
  const recorder = useChecklistRecorder();
  const [progress, setProgress] = useState<Progress>(() => ({ done: checklist.tasks.map(() => false), blocksSent: [] }));
  // The progress as of the last click, for a click that comes before React re-rendered.
  const latest = useRef(progress);
  const run = useRef<ChecklistRun | null>(null);
  const steps = useRef<Promise<void>>(Promise.resolve());
  const [completing, setCompleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Runs `step` after every step before it; a step reports its own failure. */
  const inOrder = useCallback((step: () => Promise<void>) => {
    steps.current = steps.current.then(step).catch((failure: unknown) => console.warn('Cannery: a checklist step failed', failure));
  }, []);

  const start = useCallback(async (): Promise<boolean> => {
    try {
      run.current = await recorder.start(checklist, user, new Date());
      setError(null);
      return true;
    } catch (failure) {
      console.warn('Cannery: recording the checklist failed', failure);
      setError(CHECKLIST_RECORD_MESSAGES.recordFailed);
      return false;
    }
  }, [recorder, checklist, user]);

  const update = useCallback(
    async (at: Progress, endTime?: Date): Promise<boolean> => {
      if (!run.current) return false;
      const body: ChecklistProgress = {
        tasks: checklist.tasks.map((task, index) => ({ name: task.name, completed: at.done[index] ?? false })),
        blocksSent: at.blocksSent,
        ...(endTime ? { endTime } : {}),
      };
      try {
        await recorder.update(run.current, body);
        setError(null);
        return true;
      } catch (failure) {
        console.warn('Cannery: updating the checklist record failed', failure);
        setError(CHECKLIST_RECORD_MESSAGES.updateFailed);
        return false;
      }
    },
    [recorder, checklist],
  );

  useRunOnce(async () => {
    inOrder(async () => {
      await start();
    });
    await steps.current;
  });

  const change = useCallback(
    (next: Progress) => {
      latest.current = next;
      setProgress(next);
      inOrder(async () => {
        await update(next);
      });
    },
    [inOrder, update],
  );

  const toggleTask = useCallback(
    (index: number) => {
      const done = latest.current.done.map((value, at) => (at === index ? !value : value));
      change({ ...latest.current, done });
    },
    [change],
  );

  const blockUsed = useCallback(
    (blockId: string) => {
      const { blocksSent } = latest.current;
      change({ ...latest.current, blocksSent: blocksSent.includes(blockId) ? blocksSent : [...blocksSent, blockId] });
    },
    [change],
  );

  const complete = useCallback(() => {
    setCompleting(true);
    inOrder(async () => {
      const recorded = (run.current !== null || (await start())) && (await update(latest.current, new Date()));
      if (recorded) navigate('checklist-complete');
      else setCompleting(false);
    });
  }, [inOrder, start, update]);

  return { done: progress.done, toggleTask, blockUsed, complete, completing, error };
}
