import { useMemo, useState } from 'react';
import {
  Body1,
  Button,
  Caption1,
  Dropdown,
  Field,
  Input,
  Link,
  MessageBar,
  MessageBarBody,
  Option,
  Spinner,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, type TeamRef } from '../../api/admin';
import { fetchAdminBlocks, restoreAdminBlock } from '../../api/admin-blocks';
import type { AdminBlock } from '../../api/contract/admin';
import { useAuthServices } from '../../auth/auth-services';
import { navigate } from '../../state/location';
import { AdminLayout } from '../common/admin-layout';
import { useAdminTeams } from '../common/admin-teams';
import { CONTEXTS, CONTEXT_LABELS, contextOf } from '../common/contexts';
import { BlockTransferActions, type TransferNotice } from './block-transfer-actions';
import { filterAdminBlocks, type AdminBlockFilters } from './filter-blocks';
import { FormError } from '../../screens/common/form-error';

const useStyles = makeStyles({
  filters: { display: 'flex', gap: tokens.spacingHorizontalL, alignItems: 'flex-end', flexWrap: 'wrap' },
  search: { minWidth: '280px', flexGrow: 1 },
  table: { backgroundColor: tokens.colorNeutralBackground1 },
  deleted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
});

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * The team's block library: search and filters, each block's places and last change, new or
 * edit, and the whole library exported to a file or imported from one.
 */
export function AdminBlocksPage() {
  const styles = useStyles();
  const { ref } = useAdminTeams();
  const [notice, setNotice] = useState<TransferNotice | null>(null);
  return (
    <AdminLayout
      title="Blocks"
      actions={
        <div className={styles.actions}>
          {ref && <BlockTransferActions key={ref.teamId} team={ref} onNotice={setNotice} />}
          <Button appearance="primary" onClick={() => navigate('blocks/new')}>
            New block
          </Button>
        </div>
      }
    >
      {notice && (
        <div role={notice.intent === 'error' ? 'alert' : 'status'}>
          <MessageBar intent={notice.intent}>
            <MessageBarBody>{notice.text}</MessageBarBody>
          </MessageBar>
        </div>
      )}
      {ref && <BlockTable key={ref.teamId} team={ref} />}
    </AdminLayout>
  );
}

function BlockTable(props: { team: TeamRef }) {
  const styles = useStyles();
  const { api } = useAuthServices();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<AdminBlockFilters>({ text: '', category: null, context: null, showDeleted: false });
  const [error, setError] = useState<string | null>(null);
  const blocks = useQuery({
    queryKey: adminQueryKeys.blocks(props.team.teamId),
    queryFn: ({ signal }) => fetchAdminBlocks(api, props.team, { includeDeleted: true, signal }),
  });
  const categories = useMemo(() => [...new Set((blocks.data ?? []).flatMap((block) => block.categories))].sort((a, b) => a.localeCompare(b)), [blocks.data]);
  const shown = useMemo(() => filterAdminBlocks(blocks.data ?? [], filters), [blocks.data, filters]);

  async function restore(block: AdminBlock) {
    setError(null);
    try {
      await restoreAdminBlock(api, props.team, block._id, block.version);
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.blocks(props.team.teamId) });
    } catch (failure) {
      console.warn('Restoring a block failed', failure);
      setError('The block could not be restored. Please reload and try again.');
    }
  }

  if (blocks.isPending) return <Spinner label="Loading blocks..." />;
  if (blocks.isError)
    return (
      <MessageBar intent="error">
        <MessageBarBody>The blocks could not be loaded. Please reload the page, and if the problem persists contact our team.</MessageBarBody>
      </MessageBar>
    );

  return (
    <>
      <div className={styles.filters}>
        <Field label="Search" className={styles.search}>
          <Input type="search" placeholder="Search name or content" value={filters.text} onChange={(_event, data) => setFilters({ ...filters, text: data.value })} />
        </Field>
        <Field label="Category">
          <Dropdown
            value={filters.category ?? 'All categories'}
            selectedOptions={[filters.category ?? '']}
            onOptionSelect={(_event, data) => setFilters({ ...filters, category: data.optionValue ? data.optionValue : null })}
          >
            <Option value="">All categories</Option>
            {categories.map((category) => (
              <Option key={category} value={category}>
                {category}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label="Used in">
          <Dropdown
            value={filters.context ? CONTEXT_LABELS[filters.context] : 'Everywhere'}
            selectedOptions={[filters.context ?? '']}
            onOptionSelect={(_event, data) => setFilters({ ...filters, context: contextOf(data.optionValue) })}
          >
            <Option value="">Everywhere</Option>
            {CONTEXTS.map((context) => (
              <Option key={context} value={context}>
                {CONTEXT_LABELS[context]}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Switch label="Show deleted" checked={filters.showDeleted} onChange={(_event, data) => setFilters({ ...filters, showDeleted: data.checked })} />
      </div>
      <FormError message={error} />
      <Body1 aria-live="polite">{shown.length === 1 ? '1 block' : `${shown.length} blocks`}</Body1>
      <Table aria-label="Blocks" className={styles.table}>
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
                {block.deleted ? (
                  <span>
                    {block.name} <Caption1>(deleted)</Caption1>
                  </span>
                ) : (
                  <Link href={`#/blocks/${block._id}`}>{block.name}</Link>
                )}
              </TableCell>
              <TableCell>{block.categories.join(', ') || <Caption1>Uncategorized</Caption1>}</TableCell>
              <TableCell>{block.supportedContexts.map((context) => CONTEXT_LABELS[context]).join(', ')}</TableCell>
              <TableCell>{dateFormat.format(new Date(block.updatedAt))}</TableCell>
              <TableCell>
                {block.deleted && (
                  <Button size="small" onClick={() => void restore(block)} aria-label={`Restore ${block.name}`}>
                    Restore
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
