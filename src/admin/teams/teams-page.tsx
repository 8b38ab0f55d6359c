/**
 * Teams (the account admin's): every team of the account with how many people it has; create one,
 * rename one, archive one (its people keep their other teams, its library stays) or bring it back;
 * see how much each has learned from its staff's choices and reset it (`team-learning.tsx`).
 * Naming is a small form above the list rather than a dialog, which suits a phone's width.
 */
import { useId, useState } from 'react';
import {
  Badge,
  Body1,
  Button,
  Field,
  Input,
  Spinner,
  Subtitle2,
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
import { createTeamInput, type AccountTeam } from '../../api/contract/people';
import { adminQueryKeys } from '../api/admin';
import { adminErrorMessage, createAccountTeam, fetchAccountTeams, peopleQueryKeys, updateAccountTeam } from '../api/people';
import { useAuthServices } from '../../auth/auth-services';
import { fieldSentence } from '../../domain/form-validation';
import { FormError } from '../../ui/form-error';
import { useAdminAccess } from '../common/admin-access';
import { AdminLayout } from '../common/admin-layout';
import { LoadFailed, NoticeBar, type Notice } from '../common/list-parts';
import { useReturnFocus } from '../common/return-focus';
import { TeamLearning } from './team-learning';

const useStyles = makeStyles({
  table: { backgroundColor: tokens.colorNeutralBackground1 },
  archived: { color: tokens.colorNeutralForeground3 },
  name: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
  },
  formTitle: { margin: 0 },
});

export function AdminTeamsPage() {
  const access = useAdminAccess();
  const [naming, setNaming] = useState<AccountTeam | 'new' | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  return (
    <AdminLayout
      title="Teams"
      area="account"
      actions={
        <Button
          appearance="primary"
          onClick={() => {
            setNotice(null);
            setNaming('new');
          }}
        >
          New team
        </Button>
      }
    >
      <NoticeBar notice={notice} />
      {access.accountId && <TeamList accountId={access.accountId} naming={naming} setNaming={setNaming} onNotice={setNotice} />}
    </AdminLayout>
  );
}

function TeamList(props: { accountId: string; naming: AccountTeam | 'new' | null; setNaming: (team: AccountTeam | 'new' | null) => void; onNotice: (notice: Notice | null) => void }) {
  const styles = useStyles();
  const { api } = useAuthServices();
  const queryClient = useQueryClient();
  const [showArchived, setShowArchived] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const teams = useQuery({ queryKey: peopleQueryKeys.teams(props.accountId), queryFn: ({ signal }) => fetchAccountTeams(api, props.accountId, signal) });

  const reload = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: peopleQueryKeys.teams(props.accountId) }), queryClient.invalidateQueries({ queryKey: adminQueryKeys.teams })]);

  async function setArchived(team: AccountTeam, archived: boolean) {
    props.onNotice(null);
    setBusy(team._id);
    try {
      await updateAccountTeam(api, props.accountId, team._id, { archived });
      await reload();
      props.onNotice({ intent: 'success', text: archived ? `${team.name} was archived.` : `${team.name} was brought back.` });
    } catch (failure) {
      console.warn('Archiving a team failed', failure);
      props.onNotice({ intent: 'error', text: adminErrorMessage(failure, archived ? 'The team could not be archived.' : 'The team could not be brought back.') });
    } finally {
      setBusy(null);
    }
  }

  if (teams.isPending) return <Spinner label="Loading teams..." />;
  if (teams.isError) return <LoadFailed what="The teams" />;
  const shown = teams.data.filter((team) => showArchived || !team.archived);
  const archivedCount = teams.data.length - teams.data.filter((team) => !team.archived).length;

  return (
    <>
      {props.naming && (
        <TeamNameForm
          accountId={props.accountId}
          team={props.naming === 'new' ? null : props.naming}
          onClose={() => props.setNaming(null)}
          key={props.naming === 'new' ? 'new' : props.naming._id}
          onDone={async (text) => {
            await reload();
            props.setNaming(null);
            props.onNotice({ intent: 'success', text });
          }}
        />
      )}
      <Switch label={`Show archived teams (${archivedCount})`} checked={showArchived} onChange={(_event, data) => setShowArchived(data.checked)} />
      {shown.length === 0 ? (
        <Body1>No teams yet. Create the first one.</Body1>
      ) : (
        <Table aria-label="Teams" className={styles.table}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Team</TableHeaderCell>
              <TableHeaderCell>People</TableHeaderCell>
              <TableHeaderCell>Learning</TableHeaderCell>
              <TableHeaderCell>Actions</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((team) => (
              <TableRow key={team._id} className={team.archived ? styles.archived : undefined}>
                <TableCell>
                  <span className={styles.name}>
                    {team.name}
                    {team.archived && (
                      <Badge appearance="outline" color="informative">
                        Archived
                      </Badge>
                    )}
                  </span>
                </TableCell>
                <TableCell>{team.members}</TableCell>
                <TableCell>
                  <TeamLearning accountId={props.accountId} team={team} onNotice={props.onNotice} />
                </TableCell>
                <TableCell>
                  <div className={styles.actions}>
                    <Button size="small" aria-label={`Rename ${team.name}`} onClick={() => props.setNaming(team)} disabled={busy === team._id}>
                      Rename
                    </Button>
                    <Button size="small" aria-label={`${team.archived ? 'Bring back' : 'Archive'} ${team.name}`} onClick={() => void setArchived(team, !team.archived)} disabled={busy === team._id}>
                      {team.archived ? 'Bring back' : 'Archive'}
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}

function TeamNameForm(props: { accountId: string; team: AccountTeam | null; onClose: () => void; onDone: (text: string) => Promise<void> }) {
  const styles = useStyles();
  const titleId = useId();
  const { api } = useAuthServices();
  const [name, setName] = useState(props.team?.name ?? '');
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // Closed (cancelled or done), the form takes its focused control with it: back to New team or Rename.
  useReturnFocus();

  async function submit() {
    setProblem(null);
    const parsed = createTeamInput.safeParse({ name });
    if (!parsed.success) return setError(fieldSentence('Name', parsed.error.issues[0]?.message ?? 'is not valid'));
    setError(undefined);
    if (props.team && parsed.data.name === props.team.name) return props.onClose();
    setPending(true);
    try {
      const saved = props.team ? await updateAccountTeam(api, props.accountId, props.team._id, { name: parsed.data.name }) : await createAccountTeam(api, props.accountId, parsed.data.name);
      await props.onDone(props.team ? `${props.team.name} is now ${saved.name}.` : `${saved.name} was created.`);
    } catch (failure) {
      console.warn('Naming a team failed', failure);
      setProblem(adminErrorMessage(failure, props.team ? 'The team could not be renamed.' : 'The team could not be created.'));
      setPending(false);
    }
  }

  return (
    <form
      className={styles.form}
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Subtitle2 as="h2" id={titleId} className={styles.formTitle}>
        {props.team ? `Rename ${props.team.name}` : 'New team'}
      </Subtitle2>
      <Field label="Team name" required validationState={error ? 'error' : 'none'} validationMessage={error}>
        {/* The form opens on request, so its one field takes the focus. */}
        <Input autoFocus value={name} onChange={(_event, data) => setName(data.value)} />
      </Field>
      <FormError message={problem} />
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={pending}>
          {pending ? 'Saving...' : props.team ? 'Rename' : 'Create'}
        </Button>
        <Button appearance="secondary" onClick={props.onClose} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
