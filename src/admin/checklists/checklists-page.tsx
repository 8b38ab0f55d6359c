import { useMemo, useState } from 'react';
import { Body1, Button, Caption1, Spinner, Switch, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, type TeamRef } from '../api/admin';
import { restoreAdminChecklist } from '../api/checklists';
import type { AdminChecklist } from '../../api/contract/admin';
import { useAuthServices } from '../../auth/auth-services';
import { navigate } from '../../state/location';
import { AdminLayout } from '../common/admin-layout';
import { useAdminTeams } from '../common/admin-teams';
import { useTakeFlash } from '../common/flash';
import { WindowBadge } from '../common/show-dates';
import { LoadFailed, NoticeBar, RecordName, RestoreButton, SearchFilter, listDate, useListStyles } from '../common/list-parts';
import { FormError } from '../../ui/form-error';
import { useTeamChecklists } from '../common/team-library';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The team's checklists (members' phone flows): search, each one's tasks and blocks, new or edit, restore. */
export function AdminChecklistsPage() {
  return (
    <AdminLayout
      title="Checklists"
      actions={
        <Button appearance="primary" onClick={() => navigate('checklists/new')}>
          New checklist
        </Button>
      }
    >
      <ChecklistsOfTeam />
    </AdminLayout>
  );
}

function ChecklistsOfTeam() {
  const { ref } = useAdminTeams();
  if (!ref) return null;
  return <ChecklistTable key={ref.teamId} team={ref} />;
}

function ChecklistTable(props: { team: TeamRef }) {
  const styles = useListStyles();
  const { api } = useAuthServices();
  const queryClient = useQueryClient();
  const flash = useTakeFlash();
  const [message, setMessage] = useState(flash);
  const [text, setText] = useState('');
  const [showDeleted, setShowDeleted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const checklists = useTeamChecklists(props.team);
  const shown = useMemo(() => {
    const query = text.trim().toLocaleLowerCase();
    return (checklists.data ?? []).filter(
      (checklist) =>
        (showDeleted || !checklist.deleted) &&
        (!query || checklist.name.toLocaleLowerCase().includes(query) || checklist.tasks.some((task) => task.name.toLocaleLowerCase().includes(query))),
    );
  }, [checklists.data, text, showDeleted]);

  async function restore(checklist: AdminChecklist) {
    setError(null);
    setMessage(null);
    try {
      await restoreAdminChecklist(api, props.team, checklist._id, checklist.version);
      // The editor's copy, if one is cached, is of the version before the delete and restore.
      queryClient.removeQueries({ queryKey: adminQueryKeys.checklist(props.team.teamId, checklist._id) });
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.checklists(props.team.teamId) });
      setMessage(`"${checklist.name}" is back. Members see it the next time their checklists load.`);
    } catch (failure) {
      console.warn('Restoring a checklist failed', failure);
      setError('The checklist could not be restored. Please reload and try again.');
    }
  }

  if (checklists.isPending) return <Spinner label="Loading checklists..." />;
  if (checklists.isError) return <LoadFailed what="The checklists" />;

  return (
    <>
      <NoticeBar notice={message ? { intent: 'success', text: message } : null} />
      <div className={styles.filters}>
        <SearchFilter placeholder="Search names and tasks" value={text} onChange={setText} />
        <Switch label="Show deleted" checked={showDeleted} onChange={(_event, data) => setShowDeleted(data.checked)} />
      </div>
      <FormError message={error} />
      <Body1 aria-live="polite">{count(shown.length, 'checklist', 'checklists')}</Body1>
      <Table aria-label="Checklists" className={styles.table}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Name</TableHeaderCell>
            <TableHeaderCell>Tasks</TableHeaderCell>
            <TableHeaderCell>Recommended blocks</TableHeaderCell>
            <TableHeaderCell>Categories</TableHeaderCell>
            <TableHeaderCell>Changed</TableHeaderCell>
            <TableHeaderCell>Actions</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {shown.map((checklist) => (
            <TableRow key={checklist._id} className={checklist.deleted ? styles.deleted : undefined}>
              <TableCell>
                <RecordName name={checklist.name} href={`#/checklists/${checklist._id}`} deleted={checklist.deleted} />{' '}
                <WindowBadge window={checklist.window} showFrom={checklist.showFrom} showUntil={checklist.showUntil} />
              </TableCell>
              <TableCell>{count(checklist.tasks.length, 'task', 'tasks')}</TableCell>
              <TableCell>{checklist.blocks.length === 0 ? <Caption1>None</Caption1> : count(checklist.blocks.length, 'block', 'blocks')}</TableCell>
              <TableCell>{checklist.categories.join(', ') || <Caption1>Uncategorized</Caption1>}</TableCell>
              <TableCell>{listDate.format(new Date(checklist.updatedAt))}</TableCell>
              <TableCell>
                <RestoreButton name={checklist.name} deleted={checklist.deleted} onRestore={() => void restore(checklist)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {shown.length === 0 && (
        <Body1>{checklists.data.length === 0 ? 'This team has no checklists yet. Make the first with New checklist.' : 'No checklists match.'}</Body1>
      )}
    </>
  );
}
