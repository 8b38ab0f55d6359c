/**
 * Mailboxes that pick the team (the account admin's): shared mailboxes, delegated accounts and
 * "send mail as" aliases, each mapped to one of the account's teams. When Cannery opens on an email
 * of such a mailbox, members of its team see that team's blocks first. Addresses are checked as
 * the server checks them; mapping an address again moves it to the team chosen.
 */
import { useState } from 'react';
import { Badge, Body1, Button, Field, Input, MessageBar, MessageBarBody, Select, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { mailboxAddress, type MailboxTeam } from '../../api/contract/mailbox';
import type { AccountTeam } from '../../api/contract/people';
import { fetchMailboxTeams, mailboxesQueryKey, removeMailboxTeam, setMailboxTeam } from '../api/mailboxes';
import { adminErrorMessage, fetchAccountTeams, peopleQueryKeys } from '../api/people';
import { useAuthServices } from '../../auth/auth-services';
import { FormError } from '../../ui/form-error';
import { useAdminAccess } from '../common/admin-access';
import { AdminLayout } from '../common/admin-layout';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '720px' },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
  },
  address: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere', flex: '1 1 220px' },
  add: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  field: { flex: '1 1 220px', minWidth: 0 },
});

export function AdminMailboxesPage() {
  const access = useAdminAccess();
  return (
    <AdminLayout title="Mailboxes" area="account">
      {access.accountId && <MailboxesLoader accountId={access.accountId} />}
    </AdminLayout>
  );
}

function MailboxesLoader(props: { accountId: string }) {
  const { api } = useAuthServices();
  const mailboxes = useQuery({ queryKey: mailboxesQueryKey(props.accountId), queryFn: ({ signal }) => fetchMailboxTeams(api, props.accountId, signal) });
  const teams = useQuery({ queryKey: peopleQueryKeys.teams(props.accountId), queryFn: ({ signal }) => fetchAccountTeams(api, props.accountId, signal) });
  if (mailboxes.isPending || teams.isPending) return <Spinner label="Loading the mailboxes..." />;
  if (mailboxes.isError || teams.isError)
    return (
      <MessageBar intent="error">
        <MessageBarBody>The mailboxes could not be loaded. Please reload the page, and if the problem persists contact our team.</MessageBarBody>
      </MessageBar>
    );
  return <MailboxesEditor accountId={props.accountId} mailboxes={mailboxes.data} teams={teams.data.filter((team) => !team.archived)} />;
}

function MailboxesEditor(props: { accountId: string; mailboxes: readonly MailboxTeam[]; teams: readonly AccountTeam[] }) {
  const styles = useStyles();
  const { api } = useAuthServices();
  const queryClient = useQueryClient();
  const [address, setAddress] = useState('');
  const [teamId, setTeamId] = useState(props.teams[0]?._id ?? '');
  const [addressError, setAddressError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function act(work: () => Promise<string>, fallback: string) {
    setBusy(true);
    setProblem(null);
    setNotice(null);
    try {
      setNotice(await work());
    } catch (failure) {
      console.warn(fallback, failure);
      setProblem(adminErrorMessage(failure, fallback));
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: mailboxesQueryKey(props.accountId) });
    }
  }

  async function map() {
    const parsed = mailboxAddress.safeParse(address);
    if (!parsed.success) return setAddressError('Enter the mailbox’s email address, such as elections@aldercounty.example.');
    setAddressError(null);
    const team = props.teams.find((candidate) => candidate._id === teamId);
    if (!team) return setProblem('Choose the team this mailbox picks.');
    await act(async () => {
      await setMailboxTeam(api, props.accountId, parsed.data, team._id);
      setAddress('');
      return `${parsed.data} now picks ${team.name}.`;
    }, 'The mailbox could not be mapped.');
  }

  const remove = (entry: MailboxTeam) =>
    act(async () => {
      await removeMailboxTeam(api, props.accountId, entry.address);
      return `${entry.address} no longer picks a team.`;
    }, 'The mailbox could not be removed.');

  return (
    <div className={styles.page}>
      <Body1>
        Your office answers from shared mailboxes such as elections@ and recorder@, from Gmail accounts staff open as delegates, and from addresses they send
        mail as. Map each one to the team that answers it: when someone opens an email there, Cannery shows that team&rsquo;s blocks first, if they are a
        member of it. Back in their own inbox they see the team they chose themselves.
      </Body1>
      {props.mailboxes.length === 0 ? (
        <Body1>No mailboxes are mapped yet.</Body1>
      ) : (
        <ul className={styles.list} aria-label="Mapped mailboxes">
          {props.mailboxes.map((entry) => (
            <li key={entry.address} className={styles.row} aria-label={`${entry.address}: ${entry.teamName}`}>
              <span className={styles.address}>{entry.address}</span>
              <span>{entry.teamName}</span>
              {entry.teamArchived && (
                <Badge appearance="tint" color="warning">
                  Team archived: picks nothing
                </Badge>
              )}
              <Button size="small" disabled={busy} onClick={() => void remove(entry)} aria-label={`Remove ${entry.address}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {notice && (
        <div role="status">
          <MessageBar intent="success">
            <MessageBarBody>{notice}</MessageBarBody>
          </MessageBar>
        </div>
      )}
      <FormError message={problem} />
      <form
        className={styles.add}
        aria-label="Map a mailbox"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void map();
        }}
      >
        <Field className={styles.field} label="Mailbox address" validationState={addressError ? 'error' : 'none'} validationMessage={addressError}>
          <Input value={address} type="email" placeholder="elections@aldercounty.example" onChange={(_event, data) => setAddress(data.value)} />
        </Field>
        <Field className={styles.field} label="Team">
          <Select value={teamId} onChange={(_event, data) => setTeamId(data.value)}>
            {props.teams.map((team) => (
              <option key={team._id} value={team._id}>
                {team.name}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" appearance="primary" disabled={busy || props.teams.length === 0}>
          {busy ? 'Saving...' : 'Map mailbox'}
        </Button>
      </form>
    </div>
  );
}
