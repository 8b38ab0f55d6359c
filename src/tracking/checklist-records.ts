/**
 * The recorded checklist of one checklist run (rules §3 "Recorded checklist", §4 "Checklist", §7),
 * written through the durable outbox: the create once, then every update in order, each naming
 * the record the create made (`refs`), so a run survives a flaky network, a reload or a closed pane.
 */
import { useCallback, useMemo } from 'react';
import type { Checklist, RecordedChecklistCreate } from '../api/contract/checklist';
import { fitText } from '../api/contract/text';
import type { User } from '../api/contract/user';
import { createRecordedChecklistRequest, updateRecordedChecklistRequest } from '../api/recorded-checklists';
import { newOutboxId } from './outbox-entry';
import { useTracking } from './usage-tracking';

export interface ChecklistProgress {
  tasks: Array<{ name: string; completed: boolean }>;
  /** Ids of the blocks used during the run, in order, each once. */
  blocksSent: string[];
  /** Set by Complete. */
  endTime?: Date;
}

export interface ChecklistRun {
  /** The outbox id of the create: names the record until the server has given it an id. */
  runId: string;
  accountId: string;
  teamId: string;
}

export interface ChecklistRecorder {
  /** Records the start of a run, every task open (rules §4). Rejects when it cannot be stored. */
  start: (checklist: Checklist, user: User, startedAt: Date) => Promise<ChecklistRun>;
  /** Records the run's progress (a task toggled, a block used, Complete). Rejects when it cannot be stored. */
  update: (run: ChecklistRun, progress: ChecklistProgress) => Promise<void>;
}

/** Longest checklist and task name the API takes (src/api/contract/checklist.ts). */
const NAME_MAX = 500;

/**
 * A task's name as recorded: copied from the stored checklist and made to keep the API's text
 * rule, so a run is never refused for a name its admin wrote (an empty name reads "Task").
 */
export const taskName = (name: string) => fitText(name, 'line', NAME_MAX).trim() || 'Task';

export function recordedChecklistBody(checklist: Checklist, user: User, startedAt: Date): RecordedChecklistCreate {
  return {
    phoneFlowId: checklist._id,
    name: fitText(checklist.name, 'line', NAME_MAX).trim() || checklist._id,
    tasks: checklist.tasks.map((task) => ({ name: taskName(task.name), completed: false })),
    blocks: checklist.blocks,
    blocksSent: [],
    userEmail: user.email,
    cognitoSub: user.cognitoAuth?.sub ?? null,
    microsoftSub: user.microsoftAuth?.sub ?? null,
    startTime: startedAt.toISOString(),
    endTime: null,
    ...(checklist.categories?.length ? { categories: checklist.categories.map((category) => fitText(category, 'line', 200)).slice(0, 50) } : {}),
  };
}

export function useChecklistRecorder(): ChecklistRecorder {
  const tracking = useTracking();
  const start = useCallback(
    async (checklist: Checklist, user: User, startedAt: Date): Promise<ChecklistRun> => {
      const runId = newOutboxId();
      const request = createRecordedChecklistRequest(user.account, checklist.team, recordedChecklistBody(checklist, user, startedAt));
      await tracking.outbox.enqueue(user._id, request, { id: runId, group: runId, keepResult: '_id' });
      tracking.notify();
      return { runId, accountId: user.account, teamId: checklist.team };
    },
    [tracking],
  );
  const update = useCallback(
    async (run: ChecklistRun, progress: ChecklistProgress): Promise<void> => {
      const owner = tracking.owner();
      if (!owner) throw new Error('No user is signed in to record the checklist for.');
      const request = updateRecordedChecklistRequest(run.accountId, run.teamId, {
        // Filled in at send time with the id the server gave the record.
        recordedPhoneFlowId: '000000000000000000000000',
        tasks: progress.tasks.map((task) => ({ name: taskName(task.name), completed: task.completed })),
        blocksSent: progress.blocksSent,
        endTime: progress.endTime ? progress.endTime.toISOString() : null,
      });
      await tracking.outbox.enqueue(owner, request, { group: run.runId, refs: { recordedPhoneFlowId: run.runId } });
      tracking.notify();
    },
    [tracking],
  );
  return useMemo(() => ({ start, update }), [start, update]);
}
