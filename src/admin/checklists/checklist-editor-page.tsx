import { useMemo, useRef, useState } from 'react';
import {
  Body1,
  Button,
  Caption1,
  Checkbox,
  Combobox,
  Field,
  Input,
  Option,
  Spinner,
  Subtitle2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownRegular, ArrowUpRegular, DeleteRegular } from '@fluentui/react-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, type TeamRef } from '../api/admin';
import { createAdminChecklist, deleteAdminChecklist, fetchAdminChecklist, saveAdminChecklist } from '../api/checklists';
import type { AdminBlock, AdminChecklist, AdminChecklistInput } from '../../api/contract/admin';
import { useAuthServices } from '../../auth/auth-services';
import { navigate } from '../../state/location';
import { AdminLayout, NARROW } from '../common/admin-layout';
import { useAdminTeams } from '../common/admin-teams';
import { SaveNoticeBar } from '../common/save-notice';
import { useVersionedEditor } from '../common/use-versioned-editor';
import { StewardshipFields } from '../stewardship/stewardship-fields';
import { CategoriesField } from '../common/categories-field';
import { ShowDatesFields } from '../common/show-dates';
import { useSetFlash } from '../common/flash';
import { checklistInputOf, emptyChecklistForm, formOfChecklist, moved, newTask, type ChecklistFormErrors } from './checklist-form';
import { useTeamBlocks, useTeamChecklists } from '../common/team-library';
import { LoadFailed } from '../common/list-parts';

const useStyles = makeStyles({
  columns: { display: 'grid', gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', gap: tokens.spacingHorizontalXXL, alignItems: 'start', [NARROW]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  row: { display: 'grid', gridTemplateColumns: '1fr auto auto auto', gap: tokens.spacingHorizontalXS, alignItems: 'end' },
  linked: {
    display: 'grid',
    gridTemplateColumns: '1fr auto auto auto',
    gap: tokens.spacingHorizontalXS,
    alignItems: 'center',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  section: { display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: tokens.spacingVerticalS },
  start: { alignSelf: 'flex-start' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  preview: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalL,
    overflowWrap: 'anywhere',
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** A new checklist (`checklistId` null), or an existing one, of the team. */
export function AdminChecklistEditorPage(props: { checklistId: string | null }) {
  return (
    <AdminLayout title={props.checklistId === null ? 'New checklist' : 'Edit checklist'}>
      <EditorOfTeam checklistId={props.checklistId} />
    </AdminLayout>
  );
}

function EditorOfTeam(props: { checklistId: string | null }) {
  const { ref } = useAdminTeams();
  const { api } = useAuthServices();
  const checklist = useQuery({
    queryKey: adminQueryKeys.checklist(ref?.teamId ?? '', props.checklistId ?? ''),
    enabled: ref !== null && props.checklistId !== null,
    queryFn: ({ signal }) => fetchAdminChecklist(api, ref as TeamRef, props.checklistId ?? '', signal),
    staleTime: 0,
  });
  if (!ref) return null;
  if (props.checklistId === null) return <ChecklistEditor team={ref} checklist={null} />;
  if (checklist.isPending) return <Spinner label="Loading the checklist..." />;
  if (checklist.isError || checklist.data.deleted)
    return <LoadFailed what="This checklist" advice="It may belong to another team, or have been deleted (restore it from the list first)." />;
  return <ChecklistEditor team={ref} checklist={checklist.data} onReload={() => void checklist.refetch()} />;
}

const NO_ERRORS: ChecklistFormErrors = { fields: {}, tasks: {} };

/** The checklist form: name, tasks in order, recommended blocks in order, categories; and a preview as members see it. */
function ChecklistEditor(props: { team: TeamRef; checklist: AdminChecklist | null; onReload?: () => void }) {
  const styles = useStyles();
  const { api } = useAuthServices();
  const queryClient = useQueryClient();
  const setFlash = useSetFlash();
  const editor = useVersionedEditor({
    record: props.checklist,
    noun: 'checklist',
    formOf: formOfChecklist,
    initial: emptyChecklistForm,
    check: checklistInputOf,
    noErrors: NO_ERRORS,
    create: (input: AdminChecklistInput) => createAdminChecklist(api, props.team, input),
    save: (id, version, input) => saveAdminChecklist(api, props.team, id, version, input),
    delete: (id, version) => deleteAdminChecklist(api, props.team, id, version),
    async afterSave(saved, created) {
      queryClient.setQueryData(adminQueryKeys.checklist(props.team.teamId, saved._id), saved);
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.checklists(props.team.teamId) });
      if (created) navigate(`checklists/${saved._id}`, { replace: true });
    },
    // Empty task rows were left out of what was saved: the form shows what was.
    tidyAfterSave: (current) => ({ ...current, tasks: current.tasks.filter((task) => task.name.trim() !== '') }),
    async afterDelete(form) {
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.checklists(props.team.teamId) });
      setFlash(`"${form.name.trim() || props.checklist?.name || ''}" was deleted. Members no longer see it; turn on Show deleted to restore it.`);
      navigate('checklists');
    },
    savedText: 'Saved. Your team sees this checklist the next time their checklists load.',
  });
  const { values, set, errors, notice, setNotice, pending, save, remove } = editor;
  const focusTask = useRef<number | null>(null);
  const blocks = useTeamBlocks(props.team);
  const checklists = useTeamChecklists(props.team);
  const teamCategories = (checklists.data ?? []).flatMap((checklist) => checklist.categories);
  const blockById = useMemo(() => new Map((blocks.data ?? []).map((block) => [block._id, block])), [blocks.data]);

  function addTask(after = values.tasks.length - 1) {
    const task = newTask();
    focusTask.current = task.key;
    set('tasks', [...values.tasks.slice(0, after + 1), task, ...values.tasks.slice(after + 1)]);
  }

  const offered = (blocks.data ?? []).filter((block) => !block.deleted && !values.blocks.includes(block._id));
  const tasksToShow = values.tasks.filter((task) => task.name.trim() !== '');
  return (
    <div className={styles.columns}>
      <form
        className={styles.form}
        aria-label="Checklist"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Field label="Name" required validationMessage={errors.fields.name}>
          <Input value={values.name} onChange={(_event, data) => set('name', data.value)} />
        </Field>

        <section className={styles.section} aria-labelledby="tasks-heading">
          <Subtitle2 as="h2" id="tasks-heading">
            Tasks
          </Subtitle2>
          <Caption1>In the order members work through them. Enter in a task adds the next one.</Caption1>
          <ol className={styles.list}>
            {values.tasks.map((task, index) => (
              <li key={task.key} className={styles.row}>
                <Field label={`Task ${index + 1}`} validationMessage={errors.tasks[task.key]}>
                  <Input
                    value={task.name}
                    ref={(element) => {
                      if (element && focusTask.current === task.key) {
                        focusTask.current = null;
                        element.focus();
                      }
                    }}
                    onChange={(_event, data) => set('tasks', values.tasks.map((item) => (item.key === task.key ? { ...item, name: data.value } : item)))}
                    onKeyDown={(event) => {
                      if (event.key !== 'Enter') return;
                      event.preventDefault();
                      addTask(index);
                    }}
                  />
                </Field>
                <MoveButtons
                  label={`task ${index + 1}`}
                  index={index}
                  length={values.tasks.length}
                  onMove={(to) => set('tasks', moved(values.tasks, index, to))}
                  onRemove={() => set('tasks', values.tasks.filter((item) => item.key !== task.key))}
                />
              </li>
            ))}
          </ol>
          {errors.fields.tasks && <Field validationMessage={errors.fields.tasks} validationState="error" />}
          <Button size="small" className={styles.start} onClick={() => addTask()}>
            Add task
          </Button>
        </section>

        <section className={styles.section} aria-labelledby="blocks-heading">
          <Subtitle2 as="h2" id="blocks-heading">
            Recommended blocks
          </Subtitle2>
          <Caption1>Shown to members under the tasks, in this order.</Caption1>
          {values.blocks.length > 0 && (
            <ol className={styles.list} aria-label="Recommended blocks">
              {values.blocks.map((blockId, index) => (
                <li key={blockId} className={styles.linked}>
                  <Body1>{blockLabel(blockById.get(blockId), blocks.isPending)}</Body1>
                  <MoveButtons
                    label={blockById.get(blockId)?.name ?? `block ${index + 1}`}
                    index={index}
                    length={values.blocks.length}
                    onMove={(to) => set('blocks', moved(values.blocks, index, to))}
                    onRemove={() => set('blocks', values.blocks.filter((id) => id !== blockId))}
                  />
                </li>
              ))}
            </ol>
          )}
          <BlockPicker blocks={offered} loading={blocks.isPending} failed={blocks.isError} error={errors.fields.blocks} onPick={(id) => set('blocks', [...values.blocks, id])} />
        </section>

        <CategoriesField
          value={values.categories}
          onChange={(text) => set('categories', text)}
          existing={teamCategories}
          hint="Members find checklists under their categories. Separate categories with commas."
          validationMessage={errors.fields.categories}
        />
        <ShowDatesFields noun="checklist" showFrom={values.showFrom} showUntil={values.showUntil} onChange={(field, value) => set(field, value)} errors={errors.fields} />

        <StewardshipFields
          team={props.team}
          values={values}
          current={props.checklist?.owner ?? null}
          onChange={(next) => {
            set('owner', next.owner);
            set('reviewEveryDays', next.reviewEveryDays);
          }}
        />
        <SaveNoticeBar notice={notice} onDismiss={() => setNotice(null)} onReload={props.onReload} />
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" disabled={pending}>
            {pending ? 'Saving...' : 'Save'}
          </Button>
          <Button onClick={() => navigate('checklists')}>Back to checklists</Button>
          {props.checklist && (
            <Button disabled={pending} icon={<DeleteRegular />} onClick={() => void remove()}>
              Delete
            </Button>
          )}
        </div>
      </form>

      <section aria-labelledby="checklist-preview-heading">
        <Subtitle2 as="h2" id="checklist-preview-heading">
          Preview, as members see it
        </Subtitle2>
        <div className={styles.preview} data-testid="checklist-preview">
          <Subtitle2 as="p">{values.name.trim() || 'Untitled checklist'}</Subtitle2>
          <Body1>Please complete checklist before sending email.</Body1>
          {tasksToShow.length === 0 ? (
            <Caption1 className={styles.muted}>No tasks yet.</Caption1>
          ) : (
            tasksToShow.map((task) => <Checkbox key={task.key} label={task.name.trim()} disabled />)
          )}
          <Body1>Recommended Blocks for this checklist:</Body1>
          {values.blocks.length === 0 ? (
            <Caption1 className={styles.muted}>None</Caption1>
          ) : (
            <ul>
              {values.blocks
                .map((id) => blockById.get(id))
                .filter((block): block is AdminBlock => block !== undefined && !block.deleted)
                .map((block) => (
                  <li key={block._id}>{block.name}</li>
                ))}
            </ul>
          )}
        </div>
      </section>
    </div>
  );
}

function blockLabel(block: AdminBlock | undefined, loading: boolean): string {
  if (!block) return loading ? 'Loading...' : 'A block that no longer exists';
  return block.deleted ? `${block.name} (deleted: members do not see it)` : block.name;
}

/** Move up, move down and remove, for one item of an ordered list. */
function MoveButtons(props: { label: string; index: number; length: number; onMove: (to: number) => void; onRemove: () => void }) {
  return (
    <>
      <Button appearance="subtle" icon={<ArrowUpRegular />} aria-label={`Move ${props.label} up`} disabled={props.index === 0} onClick={() => props.onMove(props.index - 1)} />
      <Button
        appearance="subtle"
        icon={<ArrowDownRegular />}
        aria-label={`Move ${props.label} down`}
        disabled={props.index === props.length - 1}
        onClick={() => props.onMove(props.index + 1)}
      />
      <Button appearance="subtle" icon={<DeleteRegular />} aria-label={`Remove ${props.label}`} onClick={props.onRemove} />
    </>
  );
}

/** A search box over the team's blocks not yet recommended; picking one adds it to the end. The list's error (`error`) is its. */
function BlockPicker(props: { blocks: AdminBlock[]; loading: boolean; failed: boolean; error?: string | undefined; onPick: (blockId: string) => void }) {
  const [query, setQuery] = useState('');
  // Open with what is typed or pasted, not only with keys.
  const [open, setOpen] = useState(false);
  const needle = query.trim().toLocaleLowerCase();
  const matches = props.blocks.filter((block) => !needle || block.name.toLocaleLowerCase().includes(needle)).slice(0, 50);
  return (
    <Field
      label="Add a block"
      hint={props.failed ? undefined : 'Type to search the team’s blocks.'}
      validationMessage={props.failed ? 'The team’s blocks could not be loaded. Reload the page to add blocks.' : props.error}
    >
      <Combobox
        freeform
        disabled={props.loading || props.failed}
        placeholder={props.loading ? 'Loading blocks...' : 'Search blocks'}
        value={query}
        selectedOptions={[]}
        open={open}
        onOpenChange={(_event, data) => setOpen(data.open)}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onOptionSelect={(_event, data) => {
          if (!data.optionValue) return;
          props.onPick(data.optionValue);
          setQuery('');
        }}
      >
        {matches.map((block) => (
          <Option key={block._id} value={block._id} text={block.name}>
            {block.name}
          </Option>
        ))}
        {matches.length === 0 && (
          <Option key="none" value="" text="" disabled>
            {props.blocks.length === 0 ? 'Every block of the team is already recommended' : 'No blocks match'}
          </Option>
        )}
      </Combobox>
    </Field>
  );
}
