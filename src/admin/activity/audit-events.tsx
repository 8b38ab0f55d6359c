/**
 * The audit log as the admin app shows it: the events that pass the filters, newest first, a page at
 * a time, with who made each change (or the command line), from which address and what it did; and
 * the same events exported as a CSV file.
 */
import { useState, type ReactNode } from 'react';
import { Body1, Button, Caption1, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { AUDIT_LIMITS, type AuditEvent, type AuditFilters } from '../../api/contract/audit';
import { useAuthServices } from '../../auth/auth-services';
import { authAtom } from '../../state/auth';
import { auditQueryKeys, downloadAuditCsv, fetchAuditPage, type AuditLogRef } from '../api/activity';
import { EmailAddress } from '../common/email-address';
import { LoadFailed, NoticeBar, useListStyles, type Notice } from '../common/list-parts';
import { ShowOlder } from '../common/show-older';
import { saveFile } from '../usage/save-file';
import { describeEvent } from './describe-event';

const useStyles = makeStyles({ wraps: { overflowWrap: 'break-word' } });

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Who made the change: the admin's address, the operator's command line, or a user since removed. */
function Actor(props: { event: AuditEvent }) {
  if (props.event.via === 'cli') return <>Command line</>;
  if (props.event.via === 'schedule') {
    return props.event.actor?.email ? (
      <>
        At its time, scheduled by <EmailAddress email={props.event.actor.email} />
      </>
    ) : (
      <>At its scheduled time</>
    );
  }
  return props.event.actor?.email ? <EmailAddress email={props.event.actor.email} /> : <Caption1>unknown</Caption1>;
}

export function AuditEventTable(props: {
  log: AuditLogRef;
  filters: AuditFilters;
  /** The record an event is about, as the page links it. */
  record: (event: AuditEvent) => ReactNode;
  /** Shown when nothing passes the filters. */
  empty: string;
  /** Whether the team column is shown (the account's log). */
  withTeam?: boolean;
}) {
  const styles = useListStyles();
  const cells = useStyles();
  const { api } = useAuthServices();
  const pages = useInfiniteQuery({
    queryKey: auditQueryKeys.filtered(props.log, props.filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchAuditPage(api, props.log, props.filters, pageParam, signal),
    getNextPageParam: (page) => page.next,
    staleTime: 0,
  });
  if (pages.isPending) return <Spinner label="Loading the activity..." />;
  if (pages.isError) return <LoadFailed what="The activity" advice="Please reload the page." />;
  const events = pages.data.pages.flatMap((page) => page.events);
  if (events.length === 0) return <Body1>{props.empty}</Body1>;
  return (
    <>
      <Table aria-label="Activity" className={styles.table}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>When</TableHeaderCell>
            <TableHeaderCell>Who</TableHeaderCell>
            <TableHeaderCell>From</TableHeaderCell>
            <TableHeaderCell>What</TableHeaderCell>
            {props.withTeam && <TableHeaderCell>Team</TableHeaderCell>}
            <TableHeaderCell>Record</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {events.map((event) => (
            <TableRow key={event._id}>
              <TableCell>{dateFormat.format(new Date(event.at))}</TableCell>
              <TableCell className={cells.wraps}>
                <Actor event={event} />
              </TableCell>
              <TableCell className={cells.wraps}>{event.address ?? ''}</TableCell>
              <TableCell>{describeEvent(event)}</TableCell>
              {props.withTeam && <TableCell>{event.team?.name ?? ''}</TableCell>}
              <TableCell>{props.record(event)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ShowOlder pages={pages} />
    </>
  );
}

/** Exports the events that pass the filters, saying so when the file stops at the server's limit. */
export function AuditExportButton(props: { log: AuditLogRef; filters: AuditFilters; disabled?: boolean }) {
  const services = useAuthServices();
  const store = useStore();
  const [exporting, setExporting] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  async function exportCsv() {
    setExporting(true);
    setNotice(null);
    try {
      const file = await downloadAuditCsv(services.api, () => store.get(authAtom).idToken, props.log, props.filters, services.fetch ? { fetch: services.fetch } : {});
      saveFile(file);
      if (file.truncated) {
        setNotice({ intent: 'warning', text: `More changes passed these filters than one file holds, so the file stops at ${AUDIT_LIMITS.csvRows.toLocaleString('en-US')}. Export a shorter period to get the rest.` });
      }
    } catch (failure) {
      console.warn('Exporting the audit log failed', failure);
      setNotice({ intent: 'error', text: 'The file could not be exported. Please try again, and if the problem persists contact our team.' });
    } finally {
      setExporting(false);
    }
  }
  return (
    <>
      <div>
        <Button icon={<ArrowDownloadRegular />} disabled={(props.disabled ?? false) || exporting} onClick={() => void exportCsv()}>
          {exporting ? 'Exporting...' : 'Export CSV'}
        </Button>
      </div>
      <NoticeBar notice={notice} />
    </>
  );
}
