/**
 * People: everyone of the account (for a team admin, the people of their teams) with their status,
 * teams, last activity and authenticator; invite one person or a whole CSV file, edit someone's
 * teams, and for the account admin disable, enable, resend an invitation, reset an authenticator,
 * remove someone from the account, or export and erase what Cannery holds about them (person-data.tsx).
 */
import { useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import {
  Badge,
  Body1,
  Button,
  Caption1,
  Menu,
  MenuButton,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowUploadRegular, PersonAddRegular } from '@fluentui/react-icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MEMBER_STATUSES, type Member, type MemberStatus } from '../../api/contract/people';
import { fetchAccountTeams, fetchMembers, peopleQueryKeys } from '../api/people';
import { useAuthServices } from '../../auth/auth-services';
import { useAdminAccess } from '../common/admin-access';
import { AdminLayout } from '../common/admin-layout';
import { ConfirmDialog } from '../common/confirm-dialog';
import { ChoiceFilter, LoadFailed, NoticeBar, SearchFilter, useListStyles, type Notice } from '../common/list-parts';
import { ImportMembersDialog } from './import-members-dialog';
import { MemberDialog } from './member-dialog';
import { useMemberActions, type MemberActions } from './use-member-actions';
import { ErasePersonDialog, useExportPersonData } from './person-data';
import type { PersonDataFormat } from '../../api/contract/retention';
import { mailDeliveryAtom } from '../../state/config';
import { EmailAddress } from '../common/email-address';

const useStyles = makeStyles({
  search: { minWidth: '200px', flexGrow: 1 },
  filter: { minWidth: '140px' },
  scroller: { overflowX: 'auto', maxWidth: '100%' },
  table: { backgroundColor: tokens.colorNeutralBackground1, minWidth: '760px' },
  // break-word, not anywhere: a column is then sized by the longest part of an address, so an
  // address breaks after its @ or before a dot (<wbr>, EmailAddress), never inside a word.
  personColumn: { width: '26%' },
  person: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, paddingBlock: tokens.spacingVerticalXS, overflowWrap: 'break-word' },
  muted: { color: tokens.colorNeutralForeground3 },
  badges: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
});

const STATUS_LABELS: Record<MemberStatus, string> = { invited: 'Invited', active: 'Active', disabled: 'Disabled' };
const STATUS_CHOICES = MEMBER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));
const STATUS_COLORS = { invited: 'warning', active: 'success', disabled: 'danger' } as const;
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

type Open =
  | { kind: 'invite' }
  | { kind: 'import' }
  | { kind: 'edit'; member: Member }
  | { kind: 'confirm'; action: 'disable' | 'enable' | 'reset' | 'remove'; member: Member }
  | { kind: 'erase'; member: Member };

export function AdminPeoplePage() {
  const access = useAdminAccess();
  const [open, setOpen] = useState<Open | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const styles = useListStyles();
  // Files invite password sign-ins, which start from mail.
  const mail = useAtomValue(mailDeliveryAtom);
  const start = (next: Open) => {
    setNotice(null);
    setOpen(next);
  };
  return (
    <AdminLayout
      title="People"
      area="people"
      actions={
        <div className={styles.actions}>
          {access.accountAdmin && mail !== 'off' && (
            <Button icon={<ArrowUploadRegular />} onClick={() => start({ kind: 'import' })}>
              Invite from a file
            </Button>
          )}
          <Button appearance="primary" icon={<PersonAddRegular />} onClick={() => start({ kind: 'invite' })}>
            Invite
          </Button>
        </div>
      }
    >
      <NoticeBar notice={notice} />
      {access.accountId && <People accountId={access.accountId} accountAdmin={access.accountAdmin} open={open} setOpen={start} close={() => setOpen(null)} onNotice={setNotice} />}
    </AdminLayout>
  );
}

function People(props: { accountId: string; accountAdmin: boolean; open: Open | null; setOpen: (open: Open) => void; close: () => void; onNotice: (notice: Notice) => void }) {
  const styles = useStyles();
  const listStyles = useListStyles();
  const { api } = useAuthServices();
  const { accountId, accountAdmin } = props;
  const actions = useMemberActions(accountId);
  const [search, setSearch] = useState('');
  const [team, setTeam] = useState<string | null>(null);
  const [status, setStatus] = useState<MemberStatus | null>(null);
  const teams = useQuery({ queryKey: peopleQueryKeys.teams(accountId), queryFn: ({ signal }) => fetchAccountTeams(api, accountId, signal) });
  const query = { search: search.trim() || undefined, team: team ?? undefined, status: status ?? undefined };
  const members = useQuery({
    queryKey: [...peopleQueryKeys.members(accountId), query],
    queryFn: ({ signal }) => fetchMembers(api, accountId, query, signal),
    placeholderData: keepPreviousData,
  });
  const teamNames = useMemo(() => new Map((teams.data ?? []).map((candidate) => [candidate._id, candidate.name])), [teams.data]);
  const teamChoices = useMemo(() => (teams.data ?? []).map((candidate) => ({ value: candidate._id, label: candidate.name })), [teams.data]);
  const done = (text: string) => props.onNotice({ intent: 'success', text });
  const exportData = useExportPersonData(accountId);

  /** Downloaded at once: reading what is held changes nothing. */
  async function download(member: Member, format: PersonDataFormat) {
    const problem = await exportData(member, format);
    props.onNotice(problem ? { intent: 'error', text: problem } : { intent: 'success', text: `The data of ${member.name ?? member.email} was exported.` });
  }

  /** Sent at once, without asking: a second invitation is harmless. */
  async function resend(member: Member) {
    const problem = await actions.resend(member);
    props.onNotice(problem ? { intent: 'error', text: problem } : { intent: 'success', text: `The invitation was sent to ${member.email} again.` });
  }

  const liveTeams = useMemo(() => (teams.data ?? []).filter((candidate) => !candidate.archived), [teams.data]);

  if (members.isPending || teams.isPending) return <Spinner label="Loading people..." />;
  if (members.isError || teams.isError) return <LoadFailed what="The people" />;

  const open = props.open;
  return (
    <>
      <div className={listStyles.filters} role="search" aria-label="People">
        <SearchFilter className={styles.search} placeholder="Name or email" value={search} onChange={setSearch} />
        <ChoiceFilter className={styles.filter} label="Team" all="All teams" choices={teamChoices} value={team} onChange={setTeam} />
        <ChoiceFilter className={styles.filter} label="Status" all="Everyone" choices={STATUS_CHOICES} value={status} onChange={setStatus} />
      </div>
      {members.data.length === 0 ? (
        <Body1>{query.search || query.team || query.status ? 'Nobody matches these filters.' : 'Nobody here yet. Invite the first person.'}</Body1>
      ) : (
        <div className={styles.scroller} role="region" aria-label="People list" tabIndex={0}>
          <Table aria-label="People" className={styles.table}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell className={styles.personColumn}>Person</TableHeaderCell>
                <TableHeaderCell>Status</TableHeaderCell>
                <TableHeaderCell>Teams</TableHeaderCell>
                <TableHeaderCell>Admin of</TableHeaderCell>
                <TableHeaderCell>Last active</TableHeaderCell>
                <TableHeaderCell>Authenticator</TableHeaderCell>
                <TableHeaderCell>Actions</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {members.data.map((member) => (
                <TableRow key={member._id}>
                  <TableCell>
                    <div className={styles.person}>
                      <Body1>{member.name ?? <EmailAddress email={member.email} />}</Body1>
                      {member.name && (
                        <Caption1 className={styles.muted}>
                          <EmailAddress email={member.email} />
                        </Caption1>
                      )}
                      {member.accountAdmin && (
                        <div className={styles.badges}>
                          <Badge appearance="tint" color="brand">
                            Account admin
                          </Badge>
                        </div>
                      )}
                    </div>
                  </TableCell>
                  <TableCell>
                    <Badge appearance="tint" color={STATUS_COLORS[member.status]}>
                      {STATUS_LABELS[member.status]}
                    </Badge>
                  </TableCell>
                  <TableCell>{teamList(member.teams, teamNames)}</TableCell>
                  <TableCell>{teamList(member.adminTeams, teamNames)}</TableCell>
                  <TableCell>{member.lastActive ? dateFormat.format(new Date(member.lastActive)) : 'Never'}</TableCell>
                  <TableCell>{member.authenticator ? 'On' : 'Off'}</TableCell>
                  <TableCell>
                    <MemberMenu member={member} accountAdmin={accountAdmin} onOpen={props.setOpen} onResend={(who) => void resend(who)} onExport={(who, format) => void download(who, format)} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {(open?.kind === 'invite' || open?.kind === 'edit') && (
        <MemberDialog
          member={open.kind === 'edit' ? open.member : null}
          teams={liveTeams}
          accountAdmin={accountAdmin}
          actions={actions}
          onClose={props.close}
          onDone={(message) => {
            props.close();
            done(message);
          }}
        />
      )}
      {open?.kind === 'erase' && (
        <ErasePersonDialog
          member={open.member}
          actions={actions}
          onClose={props.close}
          onDone={(text) => {
            props.close();
            done(text);
          }}
        />
      )}
      {open?.kind === 'confirm' && <ConfirmMemberAction action={open.action} member={open.member} actions={actions} onClose={props.close} onNotice={done} />}
      {open?.kind === 'import' && (
        <ImportMembersDialog
          accountId={accountId}
          onClose={props.close}
          onImported={(count) => {
            props.close();
            done(count === 1 ? '1 person was invited.' : `${count} people were invited.`);
          }}
        />
      )}
    </>
  );
}

/** "Elections, Recorder", and "1 other team" for teams this admin does not see. */
function teamList(ids: readonly string[], names: ReadonlyMap<string, string>): string {
  const known = ids.flatMap((id) => names.get(id) ?? []);
  const others = ids.length - known.length;
  if (others > 0) known.push(others === 1 ? '1 other team' : `${others} other teams`);
  return known.length > 0 ? known.join(', ') : '—';
}

function MemberMenu(props: { member: Member; accountAdmin: boolean; onOpen: (open: Open) => void; onResend: (member: Member) => void; onExport: (member: Member, format: PersonDataFormat) => void }) {
  const { member, accountAdmin } = props;
  const who = member.name ?? member.email;
  const mail = useAtomValue(mailDeliveryAtom);
  const confirm = (action: 'disable' | 'enable' | 'reset' | 'remove') => props.onOpen({ kind: 'confirm', action, member });
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <MenuButton appearance="subtle" aria-label={`Actions for ${who}`}>
          Actions
        </MenuButton>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem onClick={() => props.onOpen({ kind: 'edit', member })}>Edit</MenuItem>
          {accountAdmin && mail !== 'off' && member.status === 'invited' && member.signIn === 'password' && <MenuItem onClick={() => props.onResend(member)}>Resend invitation</MenuItem>}
          {accountAdmin && member.authenticator && <MenuItem onClick={() => confirm('reset')}>Reset authenticator</MenuItem>}
          {accountAdmin && (member.status === 'disabled' ? <MenuItem onClick={() => confirm('enable')}>Enable</MenuItem> : <MenuItem onClick={() => confirm('disable')}>Disable</MenuItem>)}
          {accountAdmin && <MenuItem onClick={() => confirm('remove')}>Remove from account</MenuItem>}
          {accountAdmin && <MenuItem onClick={() => props.onExport(member, 'json')}>Export data (JSON)</MenuItem>}
          {accountAdmin && <MenuItem onClick={() => props.onExport(member, 'csv')}>Export data (CSV files)</MenuItem>}
          {accountAdmin && !member.accountAdmin && <MenuItem onClick={() => props.onOpen({ kind: 'erase', member })}>Erase data</MenuItem>}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

const CONFIRMS = {
  disable: {
    title: (who: string) => `Disable ${who}?`,
    body: "They can no longer sign in, and any session they have ends within the hour. Their usage records stay, and you can enable them again.",
    confirm: 'Disable',
    pending: 'Disabling...',
    done: (who: string) => `${who} was disabled.`,
  },
  enable: {
    title: (who: string) => `Enable ${who}?`,
    body: 'They can sign in again with their teams as they were.',
    confirm: 'Enable',
    pending: 'Enabling...',
    done: (who: string) => `${who} was enabled.`,
  },
  reset: {
    title: (who: string) => `Reset ${who}'s authenticator?`,
    body: 'Their authenticator app no longer opens Cannery. If the account asks for one, they set up a new one at their next sign-in.',
    confirm: 'Reset authenticator',
    pending: 'Resetting...',
    done: (who: string) => `${who}'s authenticator was reset.`,
  },
  remove: {
    title: (who: string) => `Remove ${who} from the account?`,
    body: 'They lose access to every team of the account. Their usage records stay. To give them access again, invite them again.',
    confirm: 'Remove',
    pending: 'Removing...',
    done: (who: string) => `${who} was removed from the account.`,
  },
} as const;

function ConfirmMemberAction(props: { action: keyof typeof CONFIRMS; member: Member; actions: MemberActions; onClose: () => void; onNotice: (text: string) => void }) {
  const { action, member, actions } = props;
  const words = CONFIRMS[action];
  const who = member.name ?? member.email;
  const run = () => {
    if (action === 'disable') return actions.update(member, { disabled: true });
    if (action === 'enable') return actions.update(member, { disabled: false });
    if (action === 'reset') return actions.resetAuthenticator(member);
    return actions.remove(member);
  };
  return (
    <ConfirmDialog
      title={words.title(who)}
      confirmLabel={words.confirm}
      pendingLabel={words.pending}
      onClose={props.onClose}
      onConfirm={async () => {
        const problem = await run();
        if (!problem) props.onNotice(words.done(who));
        return problem;
      }}
    >
      {words.body}
    </ConfirmDialog>
  );
}
