import { useState } from 'react';
import { Body1, Button, Caption1, Field, Select, Spinner, Subtitle2, Tab, TabList, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, type TeamRef } from '../api/admin';
import { fetchCleanup, setArchived, stewardshipQueryKeys } from '../api/stewardship';
import { UNUSED_PERIODS, type CleanupBlock } from '../../api/contract/stewardship';
import { useAuthServices } from '../../auth/auth-services';
import { AdminLayout } from '../common/admin-layout';
import { useAdminTeams } from '../common/admin-teams';
import { LoadFailed, NoticeBar, listDate, useListStyles } from '../common/list-parts';
import { FormError } from '../../ui/form-error';

type View = 'unused' | 'ended' | 'archived';

/** A show-until date (YYYY-MM-DD) as the list shows it. */
const dayText = (day: string) => listDate.format(new Date(`${day}T12:00:00Z`));

/** The team's blocks nobody uses, blocks whose dates have ended, and archived blocks: archive or bring back with one click. */
export function AdminCleanupPage() {
  return (
    <AdminLayout title="Clean up">
      <CleanupOfTeam />
    </AdminLayout>
  );
}

function CleanupOfTeam() {
  const { ref } = useAdminTeams();
  if (!ref) return null;
  return <CleanupLists key={ref.teamId} team={ref} />;
}

/** The team's archived blocks, each with Bring back (the Blocks page's Archived filter). */
export function ArchivedBlocks(props: { team: TeamRef }) {
  return <CleanupLists team={props.team} only="archived" />;
}

function CleanupLists(props: { team: TeamRef; only?: View }) {
  const styles = useListStyles();
  const { api } = useAuthServices();
  const queryClient = useQueryClient();
  const [chosen, setView] = useState<View>('unused');
  const view = props.only ?? chosen;
  const [unusedDays, setUnusedDays] = useState(90);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const cleanup = useQuery({ queryKey: stewardshipQueryKeys.cleanup(props.team.teamId, unusedDays), queryFn: ({ signal }) => fetchCleanup(api, props.team, unusedDays, signal) });

  async function change(block: CleanupBlock, archive: boolean) {
    setError(null);
    setMessage(null);
    setBusy(block.id);
    try {
      await setArchived(api, props.team, 'block', block.id, block.version, archive);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'cleanup', props.team.teamId] });
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.blocks(props.team.teamId) });
      queryClient.removeQueries({ queryKey: adminQueryKeys.block(props.team.teamId, block.id) });
      setMessage(archive ? `"${block.name}" is archived. Members no longer see it; find it under Archived to bring it back.` : `"${block.name}" is back. Members see it the next time their blocks load.`);
    } catch (failure) {
      console.warn('Archiving a block failed', failure);
      setError(`"${block.name}" could not be ${archive ? 'archived' : 'brought back'}: someone may have changed it. Reload the page and try again.`);
    } finally {
      setBusy(null);
    }
  }

  if (cleanup.isPending) return <Spinner label="Loading blocks..." />;
  if (cleanup.isError) return <LoadFailed what="The blocks to clean up" />;
  const rows = cleanup.data[view];
  const empty = { unused: `Every block was used in the last ${unusedDays} days.`, ended: 'No block has a show-until date in the past.', archived: 'No block is archived.' }[view];

  return (
    <>
      <NoticeBar notice={message ? { intent: 'success', text: message } : null} />
      {!props.only && (
        <TabList aria-label="Blocks to clean up" selectedValue={view} onTabSelect={(_event, data) => setView(data.value as View)}>
          <Tab value="unused">Not used</Tab>
          <Tab value="ended">Ended</Tab>
          <Tab value="archived">Archived</Tab>
        </TabList>
      )}
      {view === 'unused' && (
        <div className={styles.filters}>
          <Field label="Not used in" orientation="horizontal">
            <Select value={String(unusedDays)} onChange={(_event, data) => setUnusedDays(Number(data.value))}>
              {UNUSED_PERIODS.map((days) => (
                <option key={days} value={String(days)}>
                  {`${days} days`}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      )}
      {view === 'ended' && <Body1>Blocks whose show-until date is before today ({dayText(cleanup.data.today)}). Members no longer see them.</Body1>}
      <FormError message={error} />
      <Subtitle2 as="h2" aria-live="polite">
        {rows.length === 1 ? '1 block' : `${rows.length} blocks`}
      </Subtitle2>
      {rows.length > 0 && (
        <Table aria-label={{ unused: 'Blocks not used', ended: 'Ended blocks', archived: 'Archived blocks' }[view]} className={styles.table}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Name</TableHeaderCell>
              <TableHeaderCell>Last used</TableHeaderCell>
              <TableHeaderCell>{view === 'archived' ? 'Archived' : 'Show until'}</TableHeaderCell>
              <TableHeaderCell>Actions</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((block) => (
              <TableRow key={block.id}>
                <TableCell>{block.name}</TableCell>
                <TableCell>{block.lastUsedAt ? listDate.format(new Date(block.lastUsedAt)) : <Caption1>Never used</Caption1>}</TableCell>
                <TableCell>
                  {view === 'archived' ? (block.archivedAt ? listDate.format(new Date(block.archivedAt)) : '') : block.showUntil ? dayText(block.showUntil) : <Caption1>No end</Caption1>}
                </TableCell>
                <TableCell>
                  {view === 'archived' ? (
                    <Button size="small" disabled={busy === block.id} aria-label={`Bring back ${block.name}`} onClick={() => void change(block, false)}>
                      Bring back
                    </Button>
                  ) : (
                    <Button size="small" disabled={busy === block.id} aria-label={`Archive ${block.name}`} onClick={() => void change(block, true)}>
                      Archive
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {rows.length === 0 && <Body1>{empty}</Body1>}
    </>
  );
}
