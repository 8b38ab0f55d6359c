/**
 * One checklist (rules §2 "Checklist", §4 "Checklist", §8): its tasks to tick, its recommended
 * blocks and a search for more, and Complete, which asks first when no task is ticked
 * (complete-confirm-dialog.tsx). The run is recorded as it goes (use-checklist-run.ts).
 * Like checklist home it is for an email being written: on an email being read it shows the same
 * instruction instead (use-read-view-gate.ts), and nothing is recorded.
 */
import { Suspense, lazy, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Body1, Button, Checkbox, MessageBar, MessageBarBody, Spinner, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeft20Regular } from '@fluentui/react-icons';
import type { Block } from '../../api/contract/block';
import type { Checklist } from '../../api/contract/checklist';
import type { User } from '../../api/contract/user';
import { READ_VIEW_MESSAGES, useReadViewGate } from './use-read-view-gate';
import { Page } from '../../ui/page';
import { useInsertBlock, type InsertStatus } from '../../insert/use-insert-block';
import { VisuallyHidden } from '../../ui/visually-hidden';
import { useStoredValue } from '../../state/use-stored-value';
import { VariablePromptDialog } from '../../insert/variable-prompt-dialog';
import { PreviewValuesContext } from '../../ui/variable-preview';
import { useMe, variableValues } from '../../insert/variable-values';
import { BlockSearch, RecommendedBlocks } from './checklist-blocks';
import { useChecklistData } from './use-checklist-data';
import { useChecklistRun } from './use-checklist-run';

const CompleteConfirmDialog = lazy(() => import('./complete-confirm-dialog'));

export const CHECKLIST_MESSAGES = {
  notFound: 'Error occurred trying to access checklist. It may have been removed from our system. Please refresh the add-in or contact our team if the issue persists.',
  loadFailed: 'Error occurred loading this view. Please try again or contact our team if the issue persists.',
} as const;

/** Host-storage key of the checklist last opened (rules §3 stored browser values). */
export const CHECKLIST_ID_KEY = 'checklistId';

const asString = (raw: unknown) => (typeof raw === 'string' ? raw : null);

const useStyles = makeStyles({
  tasks: { display: 'flex', flexDirection: 'column', border: 'none', margin: 0, padding: 0 },
  legend: { fontWeight: tokens.fontWeightSemibold, padding: 0, marginBottom: tokens.spacingVerticalXS },
  complete: { alignSelf: 'flex-start', marginTop: tokens.spacingVerticalM },
});

export function ChecklistScreen(props: { checklistId: string }) {
  const gate = useReadViewGate();
  const data = useChecklistData(props.checklistId);
  const stored = useStoredValue<string | null>(CHECKLIST_ID_KEY, asString, null);
  const store = stored.set;
  useEffect(() => store(props.checklistId), [store, props.checklistId]);

  const title = data.status === 'loaded' ? data.checklist.name : 'Checklist';
  return (
    <Page title={title} actions={<BackToChecklists />}>
      {gate === 'checking' || (gate === 'open' && data.status === 'loading') ? (
        <Spinner size="small" label="Loading checklist..." />
      ) : gate !== 'open' ? (
        <Notice intent="info" text={READ_VIEW_MESSAGES[gate]} />
      ) : data.status === 'failed' ? (
        <Notice intent="error" text={CHECKLIST_MESSAGES.loadFailed} />
      ) : data.status === 'not-found' ? (
        <Notice intent="error" text={CHECKLIST_MESSAGES.notFound} />
      ) : data.status === 'loaded' ? (
        // A new run for another checklist: the route changed under the same screen.
        <ChecklistRunView key={data.checklist._id} checklist={data.checklist} user={data.user} recommended={data.recommended} hostBlocks={data.hostBlocks} blocksLoading={data.blocksLoading} />
      ) : null}
    </Page>
  );
}

function BackToChecklists() {
  return (
    <Tooltip content="Back to checklists" relationship="label">
      <Button as="a" href="#/checklist-home" appearance="subtle" icon={<ArrowLeft20Regular />} />
    </Tooltip>
  );
}

function Notice(props: { intent: 'info' | 'error'; text: string }) {
  return (
    <MessageBar intent={props.intent}>
      <MessageBarBody>{props.text}</MessageBarBody>
    </MessageBar>
  );
}

interface RunViewProps {
  checklist: Checklist;
  user: User;
  recommended: readonly Block[];
  hostBlocks: readonly Block[];
  blocksLoading: boolean;
}

/** Mounted once the checklist and the user are known: its mount starts the run's record. */
function ChecklistRunView(props: RunViewProps) {
  const styles = useStyles();
  const legendId = useId();
  const run = useChecklistRun(props.checklist, props.user);
  const { status, insert, prompt } = useInsertBlock();
  const me = useMe();
  // The checklist does not watch the email: previews show the sender's variables as chips.
  const previewValues = useMemo(() => variableValues(null, me), [me]);
  const use = (block: Block) =>
    void insert(block, 'phone_flow').then((inserted) => {
      if (inserted) run.blockUsed(block._id);
    });
  const busyId = status.kind === 'inserting' ? status.blockId : null;
  // With a task left unticked, Complete asks first (complete-confirm-dialog.tsx).
  const [confirming, setConfirming] = useState(false);
  const completeButton = useRef<HTMLButtonElement>(null);
  const unticked = props.checklist.tasks.filter((_task, index) => !run.done[index]).map((task) => task.name);
  const onComplete = () => (unticked.length === 0 ? run.complete() : setConfirming(true));
  const confirmed = () => {
    setConfirming(false);
    run.complete();
  };
  const cancelled = () => {
    setConfirming(false);
    completeButton.current?.focus();
  };
  return (
    <PreviewValuesContext.Provider value={previewValues}>
      <Body1>Please complete checklist before sending email.</Body1>
      {run.error && <Notice intent="error" text={run.error} />}
      <fieldset className={styles.tasks} aria-labelledby={legendId}>
        <legend id={legendId} className={styles.legend}>
          Tasks
        </legend>
        {props.checklist.tasks.map((task, index) => (
          <Checkbox key={index} label={task.name} checked={run.done[index] ?? false} onChange={() => run.toggleTask(index)} />
        ))}
      </fieldset>
      <InsertStatusLine status={status} />
      <VariablePromptDialog request={prompt} />
      <RecommendedBlocks blocks={props.recommended} loading={props.blocksLoading} onUse={use} busyId={busyId} />
      <BlockSearch blocks={props.hostBlocks} onUse={use} busyId={busyId} />
      <Button ref={completeButton} appearance="primary" className={styles.complete} disabled={run.completing} onClick={onComplete}>
        {run.completing ? 'Loading' : 'Complete'}
      </Button>
      {confirming && (
        <Suspense fallback={null}>
          <CompleteConfirmDialog unticked={unticked} total={props.checklist.tasks.length} onConfirm={confirmed} onCancel={cancelled} />
        </Suspense>
      )}
    </PreviewValuesContext.Provider>
  );
}

/** As on Home: what the host could not insert, or why nothing was inserted. */
function InsertStatusLine(props: { status: InsertStatus }) {
  const { status } = props;
  return (
    <div role="status" aria-live="polite">
      {status.kind === 'failed' && <Notice intent="error" text={status.message} />}
      {status.kind === 'done' && status.notice && <Notice intent="info" text={status.notice} />}
      {status.kind === 'done' && !status.notice && <VisuallyHidden>{status.announced}</VisuallyHidden>}
    </div>
  );
}
