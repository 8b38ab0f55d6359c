/**
 * The account's audit log (account admins): every change admins and the command line made to the
 * account's people, teams, settings and every team's library, filtered by the kind of record, the
 * team and the days, newest first, and exported as CSV with the same filters.
 */
import { useState } from 'react';
import { Body1, Dropdown, Field, Input, Link, Option, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import type { AuditEntityKind, AuditEvent, AuditFilters } from '../../api/contract/audit';
import { useAuthServices } from '../../auth/auth-services';
import { fetchAccountTeams, peopleQueryKeys } from '../api/people';
import { useAdminAccess } from '../common/admin-access';
import { AdminLayout } from '../common/admin-layout';
import { useListStyles } from '../common/list-parts';
import { AuditEventTable, AuditExportButton } from './audit-events';

const KINDS: ReadonlyArray<{ value: AuditEntityKind | ''; label: string }> = [
  { value: '', label: 'Everything' },
  { value: 'block', label: 'Blocks' },
  { value: 'checklist', label: 'Checklists' },
  { value: 'suggestion', label: 'Suggestions' },
  { value: 'member', label: 'People' },
  { value: 'team', label: 'Teams' },
  { value: 'account', label: 'Account settings' },
];

const RECORD_WORDS: Record<AuditEntityKind, string> = {
  block: 'A block',
  checklist: 'A checklist',
  suggestion: 'A suggestion',
  member: 'A person',
  team: 'A team',
  account: 'The account',
  pool: 'The user pool',
};

/** Where the account admin opens the record of an event (a team's records: that team's pages). */
function RecordOf(props: { event: AuditEvent }) {
  const { entity, action } = props.event;
  const words = RECORD_WORDS[entity.kind];
  if (entity.kind === 'member') return <Link href="#/people">{words}</Link>;
  if (entity.kind === 'team') return <Link href="#/teams">{words}</Link>;
  if (entity.kind === 'account') return <Link href={action === 'account.synonyms_changed' ? '#/synonyms' : '#/settings'}>{action === 'account.synonyms_changed' ? 'Synonyms' : 'Settings'}</Link>;
  return <>{words}</>;
}

const useStyles = makeStyles({
  scope: { margin: 0, color: tokens.colorNeutralForeground2 },
  kind: { minWidth: '200px' },
  date: { width: '170px' },
});

export function AdminAuditLogPage() {
  const access = useAdminAccess();
  return (
    <AdminLayout title="Audit log" area="account">
      {access.accountId && <AccountAuditLog accountId={access.accountId} />}
    </AdminLayout>
  );
}

function AccountAuditLog(props: { accountId: string }) {
  const styles = useStyles();
  const listStyles = useListStyles();
  const { api } = useAuthServices();
  const teams = useQuery({ queryKey: peopleQueryKeys.teams(props.accountId), queryFn: ({ signal }) => fetchAccountTeams(api, props.accountId, signal) });
  const [kind, setKind] = useState<AuditEntityKind | ''>('');
  const [team, setTeam] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const periodOk = !from || !to || from <= to;
  const filters: AuditFilters = { ...(kind ? { kind } : {}), ...(team ? { team } : {}), ...(periodOk && from ? { from } : {}), ...(periodOk && to ? { to } : {}) };
  const log = { accountId: props.accountId };
  const teamName = team ? (teams.data?.find((candidate) => candidate._id === team)?.name ?? 'That team') : 'All teams';
  return (
    <>
      <Body1 as="p" className={styles.scope}>
        Every change to the account's people, teams and settings and to each team's blocks and checklists: who made it, from which address and when. Entries cannot be changed or
        deleted. Days are in UTC (Coordinated Universal Time).
      </Body1>
      <div className={listStyles.filters}>
        <Field label="Changes to" className={styles.kind}>
          <Dropdown value={KINDS.find((option) => option.value === kind)!.label} selectedOptions={[kind]} onOptionSelect={(_event, data) => setKind((data.optionValue ?? '') as AuditEntityKind | '')}>
            {KINDS.map((option) => (
              <Option key={option.value} value={option.value}>
                {option.label}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label="Team" className={styles.kind}>
          <Dropdown value={teamName} selectedOptions={[team]} onOptionSelect={(_event, data) => setTeam(data.optionValue ?? '')}>
            <Option value="">All teams</Option>
            {(teams.data ?? []).map((option) => (
              <Option key={option._id} value={option._id}>
                {option.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label="From" className={styles.date} validationState={periodOk ? 'none' : 'error'}>
          <Input type="date" value={from} onChange={(_event, data) => setFrom(data.value)} />
        </Field>
        <Field label="To" className={styles.date} validationState={periodOk ? 'none' : 'error'} validationMessage={periodOk ? undefined : 'The last day comes before the first.'}>
          <Input type="date" value={to} onChange={(_event, data) => setTo(data.value)} />
        </Field>
        <AuditExportButton log={log} filters={filters} disabled={!periodOk} />
      </div>
      <AuditEventTable log={log} filters={filters} withTeam empty="No change passes these filters." record={(event) => <RecordOf event={event} />} />
    </>
  );
}
