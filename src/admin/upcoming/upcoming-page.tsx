/**
 * Coming up: the team's blocks and checklists that start or end being shown to staff in the
 * coming weeks (their "show from" and "show until" days), and the changes scheduled to be
 * published, in date order, so an admin sees the calendar of their wording at a glance.
 */
import { useMemo, useState } from 'react';
import { Body1, Dropdown, Field, Link, Option, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { adminQueryKeys, type TeamRef } from '../api/admin';
import { fetchDrafts } from '../api/drafts';
import { fetchAdminChecklists } from '../api/checklists';
import { useAuthServices } from '../../auth/auth-services';
import { AdminLayout } from '../common/admin-layout';
import { useAdminTeams } from '../common/admin-teams';
import { useTeamBlocks } from '../common/team-library';
import { LoadFailed } from '../common/list-parts';
import { dayText } from '../common/show-dates';
import { comingUp, type ComingUp } from './coming-up';

const WEEKS = [2, 4, 8, 13] as const;
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function AdminUpcomingPage() {
  const { ref } = useAdminTeams();
  const [weeks, setWeeks] = useState<number>(4);
  return (
    <AdminLayout
      title="Coming up"
      actions={
        <Field label="In the next" orientation="horizontal">
          <Dropdown value={`${weeks} weeks`} selectedOptions={[String(weeks)]} onOptionSelect={(_event, data) => setWeeks(Number(data.optionValue ?? 4))}>
            {WEEKS.map((option) => (
              <Option key={option} value={String(option)}>{`${option} weeks`}</Option>
            ))}
          </Dropdown>
        </Field>
      }
    >
      {ref && <Calendar key={ref.teamId} team={ref} weeks={weeks} />}
    </AdminLayout>
  );
}

const WHAT: Record<ComingUp['kind'], string> = {
  starts: 'Staff start seeing it',
  ends: 'Last day staff see it',
  scheduled: 'Scheduled change published',
};

function Calendar(props: { team: TeamRef; weeks: number }) {
  const { api } = useAuthServices();
  const blocks = useTeamBlocks(props.team);
  const checklists = useQuery({ queryKey: adminQueryKeys.checklists(props.team.teamId), queryFn: ({ signal }) => fetchAdminChecklists(api, props.team, signal) });
  const drafts = useQuery({ queryKey: adminQueryKeys.drafts(props.team.teamId), queryFn: ({ signal }) => fetchDrafts(api, props.team, signal), staleTime: 0 });
  const rows = useMemo(
    () => comingUp({ blocks: blocks.data ?? [], checklists: checklists.data ?? [], drafts: drafts.data ?? [], today: new Date(), weeks: props.weeks }),
    [blocks.data, checklists.data, drafts.data, props.weeks],
  );
  if (blocks.isPending || checklists.isPending || drafts.isPending) return <Spinner label="Loading the calendar..." />;
  if (blocks.isError || checklists.isError || drafts.isError) return <LoadFailed what="The calendar" advice="Please reload the page." />;
  if (rows.length === 0) return <Body1>Nothing starts, ends or is scheduled in the next {props.weeks} weeks.</Body1>;
  return (
    <Table aria-label="Coming up">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>When</TableHeaderCell>
          <TableHeaderCell>What happens</TableHeaderCell>
          <TableHeaderCell>Block or checklist</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={`${row.kind}|${row.href}|${row.at}`}>
            <TableCell>{row.kind === 'scheduled' ? timeFormat.format(new Date(row.at)) : dayText(row.at)}</TableCell>
            <TableCell>{WHAT[row.kind]}</TableCell>
            <TableCell>
              <Link href={row.href}>{row.name}</Link>
              {row.checklist ? ' (checklist)' : ''}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
