import {
  Button,
  Field,
  Input,
  Label,
  Spinner,
  Subtitle2,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, type TeamRef } from '../api/admin';
import { createAdminBlock, deleteAdminBlock, duplicateAdminBlock, fetchAdminBlock, saveAdminBlock } from '../api/blocks';
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
import { useVersionedEditor } from '../common/use-versioned-editor';
import { EMPTY_BLOCK_FORM, blockInputOf, formOfBlock, shortcutErrorOf, type BlockFormField, type BlockFormValues } from './block-form';
import { SHORTCUT_RULE } from '../../domain/block-shortcut';
import { StewardshipFields } from '../stewardship/stewardship-fields';
import { useTeamBlocks } from '../common/team-library';
import { LoadFailed } from '../common/list-parts';

const NO_ERRORS: Partial<Record<BlockFormField, string>> = {};

const useStyles = makeStyles({
  columns: { display: 'grid', gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', gap: tokens.spacingHorizontalXXL, alignItems: 'start', [NARROW]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  attachments: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalS },
  attachment: { alignSelf: 'stretch', display: 'grid', gridTemplateColumns: '1fr 2fr auto', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  preview: {
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalL,
    overflowWrap: 'anywhere',
  },
  previewSubject: { color: tokens.colorNeutralForeground2 },
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
});

/** A new block (`blockId` null), or an existing one, in the team's library. */
export function AdminBlockEditorPage(props: { blockId: string | null }) {
  const isNew = props.blockId === null;
  return (
    <AdminLayout title={isNew ? 'New block' : 'Edit block'}>
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
  const editor = useVersionedEditor({
    record: props.block,
    noun: 'block',
    formOf: formOfBlock,
    initial: () => props.initial ?? EMPTY_BLOCK_FORM,
    check: (form: BlockFormValues) => blockInputOf(form, sanitizeBlockHtml),
    noErrors: NO_ERRORS,
    fieldErrorsOf: shortcutErrorOf,
    create: props.create ?? ((input: AdminBlockInput) => createAdminBlock(api, props.team, input)),
    save: (id, version, input) => saveAdminBlock(api, props.team, id, version, input),
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

  return (
    <div className={styles.columns}>
      <form
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
          <BodyEditor html={values.body} onChange={(html) => set('body', html)} labelledBy="block-body-label" />
          {errors.body && <Field validationMessage={errors.body} validationState="error" />}
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
        <StewardshipFields
          team={props.team}
          values={values}
          current={props.block?.owner ?? null}
          onChange={(next) => {
            set('owner', next.owner);
            set('reviewEveryDays', next.reviewEveryDays);
          }}
        />
        <SaveNoticeBar notice={notice} onDismiss={() => setNotice(null)} onReload={props.onReload} />
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" disabled={pending}>
            {pending ? 'Saving...' : props.block ? 'Save' : (props.createLabel ?? 'Save')}
          </Button>
          <Button onClick={() => navigate('home')}>Back to blocks</Button>
          {props.block && (
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
    </div>
  );
}
