import { Body1, Link, makeStyles, tokens } from '@fluentui/react-components';
import type { AuditEvent } from '../../api/contract/audit';
import type { TeamRef } from '../api/admin';
import { AdminLayout } from '../common/admin-layout';
import { useAdminTeams } from '../common/admin-teams';
import { useTeamBlocks, useTeamChecklists } from '../common/team-library';
import { AuditEventTable, AuditExportButton } from './audit-events';

/** What the page lists, and what it does not: people, teams and settings are the account's audit log. */
export const ACTIVITY_SCOPE =
  "Changes to this team's blocks and checklists, and the suggestions admins decided. Invitations and changes to people, teams and the account's settings are in the account's audit log.";

const NO_FILTERS = {};

/** The record an event is about, linked to where the admin can open it. */
function EntityLink(props: { event: AuditEvent; names: ReadonlyMap<string, string> }) {
  const { entity, changes } = props.event;
  const name = props.names.get(entity._id);
  switch (entity.kind) {
    case 'suggestion': {
      // An approved suggestion became a block: that block is what the admin can open.
      const block = typeof changes.block === 'string' ? changes.block : null;
      if (block) return <Link href={`#/blocks/${block}`}>{props.names.get(block) ?? 'The new block'}</Link>;
      return <Link href="#/suggestions">Suggestions</Link>;
    }
    case 'checklist':
      return <Link href={`#/checklists/${entity._id}`}>{name ?? 'A checklist'}</Link>;
    default:
      return <Link href={`#/blocks/${entity._id}`}>{name ?? 'A block'}</Link>;
  }
}

/** Who changed what in the team's library, newest first, a page at a time. */
export function AdminActivityPage() {
  return (
    <AdminLayout title="Activity">
      <ActivityOfTeam />
    </AdminLayout>
  );
}

function ActivityOfTeam() {
  const { ref } = useAdminTeams();
  return ref ? <TeamActivity key={ref.teamId} team={ref} /> : null;
}

const useScopeStyles = makeStyles({ scope: { margin: 0, color: tokens.colorNeutralForeground2 } });

function TeamActivity(props: { team: TeamRef }) {
  const scopeStyles = useScopeStyles();
  // Events name blocks and checklists by id: the lists (deleted ones included) give their names.
  const blocks = useTeamBlocks(props.team);
  const checklists = useTeamChecklists(props.team);
  const names = new Map([...(blocks.data ?? []), ...(checklists.data ?? [])].map((record) => [record._id, record.name]));
  return (
    <>
      <Body1 as="p" className={scopeStyles.scope}>
        {ACTIVITY_SCOPE}
      </Body1>
      <AuditExportButton log={props.team} filters={NO_FILTERS} />
      <AuditEventTable log={props.team} filters={NO_FILTERS} empty="Nothing has been changed in this team's library yet." record={(event) => <EntityLink event={event} names={names} />} />
    </>
  );
}
