import { useMemo, useState } from 'react';
import { Badge, Body1, Button, Caption1, Spinner, Switch, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { WindowBadge } from '../common/show-dates';
import { useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, type TeamRef } from '../api/admin';
import { restoreAdminBlock } from '../api/blocks';
import type { AdminBlock } from '../../api/contract/admin';
import { useAuthServices } from '../../auth/auth-services';
import { navigate } from '../../state/location';
import { ArchivedBlocks } from '../stewardship/cleanup-page';
import { AdminLayout } from '../common/admin-layout';
import { useAdminTeams } from '../common/admin-teams';
import { CONTEXTS, CONTEXT_LABELS } from '../common/contexts';
import { ChoiceFilter, LoadFailed, NoticeBar, RecordName, RestoreButton, SearchFilter, listDate, useListStyles } from '../common/list-parts';
import { BlockTransferActions, type TransferNotice } from './block-transfer-actions';
import { filterAdminBlocks, type AdminBlockFilters } from './filter-blocks';
import { FormError } from '../../ui/form-error';
import { useTeamBlocks } from '../common/team-library';
import { useOtherLanguages } from '../common/account-languages';
import { DEFAULT_LANGUAGE, languageName } from '../../domain/languages';

const CONTEXT_CHOICES = CONTEXTS.map((context) => ({ value: context, label: CONTEXT_LABELS[context] }));

/**
 * The team's block library: search and filters, each block's places and last change, new or
 * edit, and the whole library exported to a file or imported from one.
 */
export function AdminBlocksPage() {
  const styles = useListStyles();
  const { ref, team } = useAdminTeams();
  const [notice, setNotice] = useState<TransferNotice | null>(null);
  return (
    <AdminLayout
      title="Blocks"
      editors
      actions={
        <div className={styles.actions}>
          {ref && team?.role === 'admin' && <BlockTransferActions key={ref.teamId} team={ref} onNotice={setNotice} />}
          <Button appearance="primary" onClick={() => navigate('blocks/new')}>
            New block
          </Button>
        </div>
      }
    >
      <NoticeBar notice={notice} />
      {ref && <BlockTable key={ref.teamId} team={ref} />}
    </AdminLayout>
  );
}

function BlockTable(props: { team: TeamRef }) {
  const styles = useListStyles();
  const { api } = useAuthServices();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<AdminBlockFilters>({ text: '', category: null, context: null, showDeleted: false });
  const [error, setError] = useState<string | null>(null);
  const [showArchived, setShowArchived] = useState(false);
  const blocks = useTeamBlocks(props.team);
  const otherLanguages = useOtherLanguages();
  const categories = useMemo(
    () => [...new Set((blocks.data ?? []).flatMap((block) => block.categories))].sort((a, b) => a.localeCompare(b)).map((category) => ({ value: category, label: category })),
    [blocks.data],
  );
  const shown = useMemo(() => filterAdminBlocks(blocks.data ?? [], filters), [blocks.data, filters]);

  async function restore(block: AdminBlock) {
    setError(null);
    try {
      await restoreAdminBlock(api, props.team, block._id, block.version);
      // The editor's copy, if one is cached, is of the version before the delete and restore.
      queryClient.removeQueries({ queryKey: adminQueryKeys.block(props.team.teamId, block._id) });
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.blocks(props.team.teamId) });
    } catch (failure) {
      console.warn('Restoring a block failed', failure);
      setError('The block could not be restored. Please reload and try again.');
    }
  }

  if (blocks.isPending) return <Spinner label="Loading blocks..." />;
  if (blocks.isError) return <LoadFailed what="The blocks" />;
  const archivedSwitch = <Switch label="Archived" checked={showArchived} onChange={(_event, data) => setShowArchived(data.checked)} />;
  if (showArchived) {
    return (
      <>
        <div className={styles.filters}>{archivedSwitch}</div>
        <ArchivedBlocks team={props.team} />
      </>
    );
  }

  return (
    <>
      <div className={styles.filters}>
        <SearchFilter placeholder="Search name or content" value={filters.text} onChange={(text) => setFilters({ ...filters, text })} />
        <ChoiceFilter label="Category" all="All categories" choices={categories} value={filters.category} onChange={(category) => setFilters({ ...filters, category })} />
        <ChoiceFilter label="Used in" all="Everywhere" choices={CONTEXT_CHOICES} value={filters.context} onChange={(context) => setFilters({ ...filters, context })} />
        <Switch label="Show deleted" checked={filters.showDeleted} onChange={(_event, data) => setFilters({ ...filters, showDeleted: data.checked })} />
        {archivedSwitch}
      </div>
      <FormError message={error} />
      <Body1 aria-live="polite">{shown.length === 1 ? '1 block' : `${shown.length} blocks`}</Body1>
      <div className={styles.scroller} role="region" aria-label="Blocks list" tabIndex={0}>
        <Table aria-label="Blocks" className={mergeClasses(styles.table, styles.wideTable)}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Name</TableHeaderCell>
              <TableHeaderCell>Categories</TableHeaderCell>
              <TableHeaderCell>Used in</TableHeaderCell>
              <TableHeaderCell>Changed</TableHeaderCell>
              <TableHeaderCell>Actions</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((block) => (
              <TableRow key={block._id} className={block.deleted ? styles.deleted : undefined}>
                <TableCell>
                  <RecordName name={block.name} href={`#/blocks/${block._id}`} deleted={block.deleted} />{' '}
                  <WindowBadge window={block.window} showFrom={block.showFrom} showUntil={block.showUntil} />{' '}
                  <PendingBadge pending={block.pending} />
                  {(otherLanguages.length > 0 || block.variants.length > 0) && (
                    <>
                      {' '}
                      <LanguagesMarker languages={[DEFAULT_LANGUAGE, ...block.variants.map((variant) => variant.language)]} />
                    </>
                  )}
                </TableCell>
                <TableCell>{block.categories.join(', ') || <Caption1>Uncategorized</Caption1>}</TableCell>
                <TableCell>{block.supportedContexts.map((context) => CONTEXT_LABELS[context]).join(', ')}</TableCell>
                <TableCell>{listDate.format(new Date(block.updatedAt))}</TableCell>
                <TableCell>
                  <RestoreButton name={block.name} deleted={block.deleted} onRestore={() => void restore(block)} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  );
}

const useMarkerStyles = makeStyles({ marker: { color: tokens.colorNeutralForeground3, textDecoration: 'none', whiteSpace: 'nowrap' } });

/** The languages the block is written in, as their codes: "EN · ES", each named in full on hover. */
function LanguagesMarker(props: { languages: readonly string[] }) {
  const styles = useMarkerStyles();
  return (
    <Caption1>
      <abbr title={`Written in ${props.languages.map(languageName).join(', ')}`} className={styles.marker}>
        {props.languages.map((language) => language.toUpperCase()).join(' · ')}
      </abbr>
    </Caption1>
  );
}

/** A change to the block that staff do not see yet. */
function PendingBadge(props: { pending: AdminBlock['pending'] }) {
  if (!props.pending) return null;
  return (
    <Badge appearance="tint" color="informative">
      {props.pending.state === 'scheduled' ? 'Change scheduled' : 'Change waiting for approval'}
    </Badge>
  );
}
