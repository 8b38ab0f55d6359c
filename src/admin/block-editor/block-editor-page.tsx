import {
  Button,
  Field,
  Input,
  Label,
  Link,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Spinner,
  Subtitle2,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, type TeamRef } from '../api/admin';
import { createAdminBlock, deleteAdminBlock, duplicateAdminBlock, fetchAdminBlock, isWaiting, saveAdminBlock, type SavedOrWaiting } from '../api/blocks';
import type { AdminDraft } from '../../api/contract/drafts';
import { ShowDatesFields, WindowBadge } from '../common/show-dates';
import { useState } from 'react';
import type { AdminBlock, AdminBlockInput } from '../../api/contract/admin';
import { useAuthServices } from '../../auth/auth-services';
import { BlockPreview } from '../../ui/block-preview';
import { sanitizeBlockHtml } from '../../sanitize/sanitize-html';
import { navigate } from '../../state/location';
import { AdminLayout, NARROW } from '../common/admin-layout';
import { useAdminTeams } from '../common/admin-teams';
import { SaveNoticeBar } from '../common/save-notice';
import { CategoriesField } from '../common/categories-field';
import { useTakeFlash } from '../common/flash';
import { BodyEditor } from './body-editor';
import { HistoryPanel } from './history-panel';
import { PlacesField } from './places-field';
import { useVersionedEditor, type WaitingChange } from '../common/use-versioned-editor';
import { EMPTY_BLOCK_FORM, blockInputOf, formOfBlock, shortcutErrorOf, type BlockFormErrors, type BlockFormValues } from './block-form';
import { VariantPanels } from './variant-panels';
import { useOtherLanguages } from '../common/account-languages';
import { SHORTCUT_RULE } from '../../domain/block-shortcut';
import { StewardshipFields } from '../stewardship/stewardship-fields';
import { useTeamBlocks } from '../common/team-library';
import { LoadFailed } from '../common/list-parts';

const NO_ERRORS: BlockFormErrors = {};

/** The block form's element id: the Save button, below the other languages, submits it. */
const FORM_ID = 'block-form';

const useStyles = makeStyles({
  columns: { display: 'grid', gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', gap: tokens.spacingHorizontalXXL, alignItems: 'start', [NARROW]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  attachments: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalS },
  attachment: { alignSelf: 'stretch', display: 'grid', gridTemplateColumns: '1fr 2fr auto', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  // Wrapped onto a second line in a narrow window rather than pushed past its edge.
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  preview: {
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalL,
    overflowWrap: 'anywhere',
  },
  previewSubject: { color: tokens.colorNeutralForeground2 },
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  notices: { gridColumn: '1 / -1', display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalS },
  wide: { gridColumn: '1 / -1', minWidth: 0 },
  footer: { gridColumn: '1 / -1', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  when: { display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: tokens.spacingHorizontalL },
});

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** What the admin is told when a save waits instead of reaching staff. */
function waitingText(draft: AdminDraft): string {
  if (draft.state === 'scheduled' && draft.publishAt) {
    return `Scheduled. Your team sees this change from ${timeFormat.format(new Date(draft.publishAt))}; until then they see the block as it was.`;
  }
  return 'Sent for approval. Your team sees this change once an admin of the team approves it.';
}

const waitingOr = <R,>(result: SavedOrWaiting, saved: (block: AdminBlock) => R): R | WaitingChange => (isWaiting(result) ? { waiting: waitingText(result) } : saved(result));

/** The change waiting on this block, for whoever opens it. */
function PendingNotice(props: { block: AdminBlock }) {
  const { pending } = props.block;
  if (!pending) return null;
  const who = pending.author.email ?? 'someone no longer in the account';
  return (
    <MessageBar intent="info">
      <MessageBarBody>
        {pending.state === 'scheduled' && pending.publishAt
          ? `A change by ${who} is scheduled for ${timeFormat.format(new Date(pending.publishAt))}; staff see the block below until then.`
          : `A change by ${who} is waiting for a team admin's approval; staff see the block below until then.`}{' '}
        <Link href="#/changes">See waiting changes</Link>
      </MessageBarBody>
    </MessageBar>
  );
}

/** A new block (`blockId` null), or an existing one, in the team's library. */
export function AdminBlockEditorPage(props: { blockId: string | null }) {
  const isNew = props.blockId === null;
  return (
    <AdminLayout title={isNew ? 'New block' : 'Edit block'} editors>
      <EditorOfTeam blockId={props.blockId} />
    </AdminLayout>
  );
}

function EditorOfTeam(props: { blockId: string | null }) {
  const { ref } = useAdminTeams();
  const { api } = useAuthServices();
  const block = useQuery({
    queryKey: adminQueryKeys.block(ref?.teamId ?? '', props.blockId ?? ''),
    enabled: ref !== null && props.blockId !== null,
    queryFn: ({ signal }) => fetchAdminBlock(api, ref as TeamRef, props.blockId ?? '', signal),
    staleTime: 0,
  });
  if (!ref) return null;
  if (props.blockId === null) return <BlockEditor team={ref} block={null} />;
  if (block.isPending) return <Spinner label="Loading the block..." />;
  if (block.isError) return <LoadFailed what="This block" advice="It may belong to another team, or have been deleted." />;
  return <BlockEditor team={ref} block={block.data} onReload={() => void block.refetch()} />;
}

export interface BlockEditorProps {
  team: TeamRef;
  /** The block being edited; null for a new one. */
  block: AdminBlock | null;
  /** Reloads `block` after a conflict. */
  onReload?: () => void;
  /** What a new block's form starts with (a suggestion being approved). */
  initial?: BlockFormValues;
  /** Creates the new block another way than `POST .../blocks` (approving a suggestion). */
  create?: (input: AdminBlockInput) => Promise<AdminBlock>;
  /** The save button's label for a new block. */
  createLabel?: string;
}

/** The block form, its preview and, for a saved block, its history. */
export function BlockEditor(props: BlockEditorProps) {
  const styles = useStyles();
  const { api } = useAuthServices();
  const queryClient = useQueryClient();
  const flash = useTakeFlash();
  const { team } = useAdminTeams();
  const isAdmin = team?.role !== 'editor';
  const needsApproval = !isAdmin && team?.requireReview === true;
  /** When a team admin's save of an existing block reaches staff: now, or at `publishAt` (the browser's local time). */
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [publishAt, setPublishAt] = useState('');
  const scheduling = isAdmin && props.block !== null && when === 'later';
  const editor = useVersionedEditor({
    record: props.block,
    noun: 'block',
    formOf: formOfBlock,
    initial: () => props.initial ?? EMPTY_BLOCK_FORM,
    check: (form: BlockFormValues) => blockInputOf(form, sanitizeBlockHtml),
    noErrors: NO_ERRORS,
    fieldErrorsOf: shortcutErrorOf,
    create: props.create ?? (async (input: AdminBlockInput) => waitingOr(await createAdminBlock(api, props.team, input), (block) => block)),
    async save(id, version, input) {
      if (scheduling && !publishAt) throw new Error('no time chosen');
      const at = scheduling ? new Date(publishAt).toISOString() : undefined;
      return waitingOr(await saveAdminBlock(api, props.team, id, version, input, at), (block) => block);
    },
    async afterWaiting() {
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.blocks(props.team.teamId) });
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.drafts(props.team.teamId) });
      if (props.block) await queryClient.invalidateQueries({ queryKey: adminQueryKeys.block(props.team.teamId, props.block._id) });
      setWhen('now');
    },
    delete: (id, version) => deleteAdminBlock(api, props.team, id, version),
    async afterSave(saved, created) {
      queryClient.setQueryData(adminQueryKeys.block(props.team.teamId, saved._id), saved);
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.blocks(props.team.teamId) });
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.versions(props.team.teamId, saved._id) });
      if (created) navigate(`blocks/${saved._id}`, { replace: true });
    },
    async afterDelete() {
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.blocks(props.team.teamId) });
      navigate('home');
    },
    savedText: 'Saved. Your team sees this version the next time their blocks load.',
    conflictAdvice: ', or copy your text first',
    initialNotice: flash ? { intent: 'success', text: flash } : null,
  });
  const { values, set, errors, notice, setNotice, pending, setPending, save, remove } = editor;
  // The library's categories (deleted blocks' too), offered so a category is spelt one way.
  const library = useTeamBlocks(props.team);
  const otherLanguages = useOtherLanguages();
  const teamCategories = (library.data ?? []).flatMap((block) => block.categories);

  async function duplicate() {
    if (!props.block) return;
    setPending(true);
    try {
      const copy = await duplicateAdminBlock(api, props.team, props.block._id);
      queryClient.setQueryData(adminQueryKeys.block(props.team.teamId, copy._id), copy);
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.blocks(props.team.teamId) });
      navigate(`blocks/${copy._id}`);
      setNotice({ intent: 'success', text: `This is a copy, saved as "${copy.name}". Rename it and change what differs.` });
    } catch (failure) {
      console.warn('Copying a block failed', failure);
      setNotice({ intent: 'error', text: 'The block could not be copied. Please try again.' });
    } finally {
      setPending(false);
    }
  }

  // With other languages the form ends below them, so Save follows every field it saves.
  const hasLanguages = otherLanguages.length > 0 || values.variants.length > 0;
  const footer = (
    <>
      <SaveNoticeBar notice={notice} onDismiss={() => setNotice(null)} onReload={props.onReload} />
      <div className={styles.actions}>
        <Button type="submit" form={FORM_ID} appearance="primary" disabled={pending || (props.block?.pending !== null && props.block?.pending !== undefined)}>
          {pending ? 'Saving...' : needsApproval ? 'Send for approval' : scheduling ? 'Schedule' : props.block ? 'Save' : (props.createLabel ?? 'Save')}
        </Button>
        <Button onClick={() => navigate('home')}>Back to blocks</Button>
        {props.block && isAdmin && (
          <>
            <Button disabled={pending} onClick={() => void duplicate()}>
              Duplicate
            </Button>
            <Button disabled={pending} onClick={() => void remove()}>
              Delete
            </Button>
          </>
        )}
      </div>
    </>
  );

  return (
    <div className={styles.columns}>
      {props.block && (props.block.pending || props.block.window !== 'shown') && (
        <div className={styles.notices}>
          <PendingNotice block={props.block} />
          <WindowBadge window={props.block.window} showFrom={props.block.showFrom} showUntil={props.block.showUntil} />
        </div>
      )}
      <form
        id={FORM_ID}
        className={styles.form}
        aria-label="Block"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Field label="Name" required validationMessage={errors.name}>
          <Input value={values.name} onChange={(_event, data) => set('name', data.value)} />
        </Field>
        <div>
          <Label id="block-body-label" required>
            Block Content
          </Label>
          <BodyEditor html={values.body} onChange={(html) => set('body', html)} labelledBy="block-body-label" errorId={errors.body ? 'block-body-error' : undefined} />
          {errors.body && <Field validationMessage={{ id: 'block-body-error', children: errors.body }} validationState="error" />}
        </div>
        <CategoriesField
          value={values.categories}
          onChange={(text) => set('categories', text)}
          existing={teamCategories}
          hint="Separate categories with commas."
          validationMessage={errors.categories}
        />
        <PlacesField
          value={values.supportedContexts}
          onChange={(contexts) => set('supportedContexts', contexts)}
          validationMessage={errors.supportedContexts}
        />
        <Field
          label="Shortcut"
          hint={`Members type it, then a space, to insert this block in Gmail and on sites where they turned shortcuts on: ${SHORTCUT_RULE}, such as ;track.`}
          validationMessage={errors.shortcut}
        >
          <Input value={values.shortcut} maxLength={64} placeholder=";track" onChange={(_event, data) => set('shortcut', data.value)} />
        </Field>
        <Field label="Subject line" hint="Replaces the email's subject when the block is used, where the host allows it." validationMessage={errors.subjectLine}>
          <Input value={values.subjectLine} onChange={(_event, data) => set('subjectLine', data.value)} />
        </Field>
        <Field label="Cc" hint="Addresses added to Cc when the block is used; separate them with commas." validationMessage={errors.cc}>
          <Input value={values.cc} onChange={(_event, data) => set('cc', data.value)} />
        </Field>
        <Field
          label="Questions people ask"
          hint="One per line, in the words people write them (“my absentee thing never came”). Recommendations match emails against them."
          validationMessage={errors.examples}
        >
          <Textarea resize="vertical" rows={4} value={values.examples} onChange={(_event, data) => set('examples', data.value)} />
        </Field>
        <ShowDatesFields noun="block" showFrom={values.showFrom} showUntil={values.showUntil} onChange={(field, value) => set(field, value)} errors={errors} />
        <div className={styles.attachments}>
          <Subtitle2 as="h2">Attachments</Subtitle2>
          {values.attachments.map((attachment, index) => (
            <div key={index} className={styles.attachment}>
              <Field label={`Attachment ${index + 1} name`}>
                <Input value={attachment.name} onChange={(_event, data) => set('attachments', values.attachments.map((item, at) => (at === index ? { ...item, name: data.value } : item)))} />
              </Field>
              <Field label={`Attachment ${index + 1} address (https)`}>
                <Input type="url" value={attachment.url} onChange={(_event, data) => set('attachments', values.attachments.map((item, at) => (at === index ? { ...item, url: data.value } : item)))} />
              </Field>
              <Button onClick={() => set('attachments', values.attachments.filter((_item, at) => at !== index))}>Remove</Button>
            </div>
          ))}
          {errors.attachments && <Field validationMessage={errors.attachments} validationState="error" />}
          <Button size="small" onClick={() => set('attachments', [...values.attachments, { name: '', url: '' }])}>
            Add attachment
          </Button>
        </div>
        {isAdmin && props.block && !props.block.pending && (
          <div className={styles.when}>
            <RadioGroup layout="horizontal" aria-label="When staff see this change" value={when} onChange={(_event, data) => setWhen(data.value as 'now' | 'later')}>
              <Radio value="now" label="Publish now" />
              <Radio value="later" label="Publish at a time" />
            </RadioGroup>
            {when === 'later' && (
              <Field label="Publish at" hint="Your computer’s time. Staff see the block as it is until then." required validationMessage={scheduling && !publishAt && notice?.intent === 'error' ? 'Choose when to publish the change.' : undefined}>
                <Input type="datetime-local" step={1} value={publishAt} onChange={(_event, data) => setPublishAt(data.value)} />
              </Field>
            )}
          </div>
        )}
        <StewardshipFields
          team={props.team}
          values={values}
          current={props.block?.owner ?? null}
          onChange={(next) => {
            set('owner', next.owner);
            set('reviewEveryDays', next.reviewEveryDays);
          }}
        />
        {!hasLanguages && footer}
      </form>
      <div className={styles.side}>
        <section aria-labelledby="preview-heading">
          <Subtitle2 as="h2" id="preview-heading">
            Preview, as it will be inserted
          </Subtitle2>
          {values.subjectLine.trim() && <p className={styles.previewSubject}>Subject: {values.subjectLine.trim()}</p>}
          {values.shortcut.trim() && <p className={styles.previewSubject}>Shortcut: {values.shortcut.trim()}</p>}
          <BlockPreview block={{ body: values.body }} className={styles.preview} />
        </section>
        {props.block && <HistoryPanel team={props.team} block={props.block} />}
      </div>
      {hasLanguages && (
        <div className={styles.wide}>
          <VariantPanels
            languages={otherLanguages}
            english={{ name: values.name, subjectLine: values.subjectLine, body: values.body }}
            variants={values.variants}
            onChange={(variants) => set('variants', variants)}
            errors={errors}
          />
        </div>
      )}
      {hasLanguages && <div className={styles.footer}>{footer}</div>}
    </div>
  );
}
