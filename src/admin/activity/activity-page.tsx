import { Body1, Caption1, Link, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, tokens } from '@fluentui/react-components';
import { useInfiniteQuery } from '@tanstack/react-query';
import { adminQueryKeys, type TeamRef } from '../api/admin';
import { fetchAuditPage } from '../api/activity';
import type { AuditEvent } from '../../api/contract/admin';
import { useAuthServices } from '../../auth/auth-services';
import { AdminLayout } from '../common/admin-layout';
import { useAdminTeams } from '../common/admin-teams';
import { LoadFailed, useListStyles } from '../common/list-parts';
import { ShowOlder } from '../common/show-older';
import { useTeamBlocks, useTeamChecklists } from '../common/team-library';

/** What the page lists, and what it does not (yet): people, teams and settings are not here. */
export const ACTIVITY_SCOPE =
  "Changes to this team's blocks and checklists, and the suggestions admins decided. Invitations and changes to people, teams and the account's settings are not listed here.";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The editor's words for the fields an edit changed (the API's names stay in the log). */
const FIELD_WORDS: Record<string, string> = {
  name: 'name',
  body: 'text',
  categories: 'categories',
  supportedContexts: 'where it can be used',
  cc: 'Cc',
  subjectLine: 'subject line',
  attachments: 'attachments',
  shortcut: 'shortcut',
  examples: 'questions people ask',
  tasks: 'tasks',
  blocks: 'recommended blocks',
};

/** What an event did, in words. */
export function describeEvent(event: AuditEvent): string {
  const named = Array.isArray(event.changes.fields) ? (event.changes.fields as unknown[]).filter((field): field is string => typeof field === 'string') : [];
  const fields = named.map((field) => FIELD_WORDS[field] ?? field);
  const imported = event.changes.fromImport === true;
  // Events from before suggestion names were recorded have none.
  const suggestion = typeof event.changes.name === 'string' && event.changes.name !== '' ? `the suggestion “${event.changes.name}”` : 'a suggestion';
  switch (event.action) {
    case 'block.created':
      return imported ? 'Imported a new block' : 'Created a block';
    case 'block.edited': {
      const verb = imported ? 'Changed a block by import' : 'Edited a block';
      return fields.length ? `${verb} (${fields.join(', ')})` : verb;
    }
    case 'block.duplicated':
      return 'Copied a block';
    case 'block.deleted':
      return 'Deleted a block';
    case 'block.undeleted':
      return 'Brought back a deleted block';
    case 'suggestion.approved':
      return `Approved ${suggestion}`;
    case 'suggestion.rejected':
      return `Rejected ${suggestion}`;
    case 'block.version_restored':
      return typeof event.changes.fromVersion === 'number' ? `Restored version ${event.changes.fromVersion} of a block` : 'Restored an earlier version of a block';
    case 'checklist.created':
      return 'Created a checklist';
    case 'checklist.edited':
      return fields.length ? `Edited a checklist (${fields.join(', ')})` : 'Edited a checklist';
    case 'checklist.deleted':
      return 'Deleted a checklist';
    case 'checklist.undeleted':
      return 'Brought back a deleted checklist';
    default:
      return event.action;
  }
}

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
  return ref ? <ActivityTable key={ref.teamId} team={ref} /> : null;
}

const useScopeStyles = makeStyles({ scope: { margin: 0, color: tokens.colorNeutralForeground2 } });

function ActivityTable(props: { team: TeamRef }) {
  const styles = useListStyles();
  const scopeStyles = useScopeStyles();
  const { api } = useAuthServices();
  const pages = useInfiniteQuery({
    queryKey: adminQueryKeys.audit(props.team.teamId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchAuditPage(api, props.team, pageParam, signal),
    getNextPageParam: (page) => page.next,
    staleTime: 0,
  });
  // Events name blocks and checklists by id: the lists (deleted ones included) give their names.
  const blocks = useTeamBlocks(props.team);
  const checklists = useTeamChecklists(props.team);
  const names = new Map([...(blocks.data ?? []), ...(checklists.data ?? [])].map((record) => [record._id, record.name]));
  if (pages.isPending) return <Spinner label="Loading the activity..." />;
  if (pages.isError)
    return <LoadFailed what="The activity" advice="Please reload the page." />;
  const events = pages.data.pages.flatMap((page) => page.events);
  const scope = (
    <Body1 as="p" className={scopeStyles.scope}>
      {ACTIVITY_SCOPE}
    </Body1>
  );
  if (events.length === 0)
    return (
      <>
        {scope}
        <Body1>Nothing has been changed in this team's library yet.</Body1>
      </>
    );
  return (
    <>
      {scope}
      <Table aria-label="Activity" className={styles.table}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>When</TableHeaderCell>
            <TableHeaderCell>Who</TableHeaderCell>
            <TableHeaderCell>What</TableHeaderCell>
            <TableHeaderCell>Block or checklist</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {events.map((event) => (
            <TableRow key={event._id}>
              <TableCell>{dateFormat.format(new Date(event.at))}</TableCell>
              <TableCell>{event.actor?.email ?? <Caption1>unknown</Caption1>}</TableCell>
              <TableCell>{describeEvent(event)}</TableCell>
              <TableCell>
                <EntityLink event={event} names={names} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ShowOlder pages={pages} />
    </>
  );
}
