/**
 * Invites the people of a CSV file (columns email, name, teams; teams separated by ";"): Cannery
 * checks the file at once (a dry run: nobody is invited) and lists what each line would do, then
 * "Invite N people" sends the invitations. A file with any bad line invites nobody.
 */
import { useId, useState } from 'react';
import {
  Body1,
  Button,
  MessageBar,
  MessageBarBody,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { MEMBER_IMPORT_LIMITS, type MemberImportReport, type MemberImportRow } from '../../api/contract/people';
import { adminErrorMessage, importMembersFile, peopleQueryKeys } from '../api/people';
import { useAuthServices } from '../../auth/auth-services';
import { authAtom } from '../../state/auth';
import { AdminDialog } from '../common/admin-dialog';
import { FileChoiceState, FileField, NOT_UTF8, problemOf, utf8Of, type FileChoiceStep } from '../common/file-field';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  report: { maxHeight: '280px', overflow: 'auto' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

type Step =
  | FileChoiceStep
  | { kind: 'checked'; name: string; text: string; report: MemberImportReport }
  | { kind: 'inviting'; name: string; text: string; report: MemberImportReport };

const OUTCOMES: Record<MemberImportRow['outcome'], string> = { invite: 'Invite', 'already-member': 'Already a member', error: 'Error' };
const KB = MEMBER_IMPORT_LIMITS.bytes / 1024;

const toInvite = (report: MemberImportReport) => report.rows.filter((row) => row.outcome === 'invite').length;
const errorsOf = (report: MemberImportReport) => report.rows.filter((row) => row.outcome === 'error').length;

/** What the dialog says of a checked file. */
export function importHeadline(report: MemberImportReport): string {
  const errors = errorsOf(report);
  if (errors > 0) return `This file cannot be used: ${errors === 1 ? '1 line has' : `${errors} lines have`} an error. Fix the file and choose it again.`;
  const count = toInvite(report);
  const already = report.rows.length - count;
  const alreadyText = already > 0 ? ` ${already === 1 ? '1 person is' : `${already} people are`} already a member.` : '';
  if (count === 0) return `Nobody to invite: everyone in this file is already a member.`;
  return `Ready to invite ${count === 1 ? '1 person' : `${count} people`}.${alreadyText}`;
}

export function ImportMembersDialog(props: { accountId: string; onClose: () => void; onImported: (invited: number) => void }) {
  const styles = useStyles();
  const inputId = useId();
  const services = useAuthServices();
  const store = useStore();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const requests = { client: services.api, getIdToken: () => store.get(authAtom).idToken, fetch: services.fetch };

  async function check(chosen: File) {
    if (!chosen.name.toLowerCase().endsWith('.csv') && chosen.type !== 'text/csv') return setStep({ kind: 'choose', problem: 'Choose a .csv file.' });
    if (chosen.size > MEMBER_IMPORT_LIMITS.bytes) return setStep({ kind: 'choose', problem: `This file is larger than ${KB} KB. Split it into smaller files.` });
    setStep({ kind: 'checking', name: chosen.name });
    const text = await utf8Of(chosen);
    if (text === null) return setStep({ kind: 'choose', problem: NOT_UTF8 });
    try {
      const report = await importMembersFile(requests, props.accountId, text, { dryRun: true });
      setStep({ kind: 'checked', name: chosen.name, text, report });
    } catch (failure) {
      console.warn('Checking the invitation file failed', failure);
      setStep({ kind: 'choose', problem: adminErrorMessage(failure, 'The file could not be checked.') });
    }
  }

  async function invite() {
    if (step.kind !== 'checked') return;
    setStep({ ...step, kind: 'inviting' });
    try {
      const report = await importMembersFile(requests, props.accountId, step.text, { dryRun: false });
      if (errorsOf(report) > 0) return setStep({ ...step, kind: 'checked', report });
      await queryClient.invalidateQueries({ queryKey: peopleQueryKeys.members(props.accountId) });
      await queryClient.invalidateQueries({ queryKey: peopleQueryKeys.teams(props.accountId) });
      props.onImported(report.invited);
    } catch (failure) {
      console.warn('Inviting from a file failed', failure);
      setStep({ kind: 'choose', problem: adminErrorMessage(failure, 'The invitations could not be sent.') });
    }
  }

  const report = step.kind === 'checked' || step.kind === 'inviting' ? step.report : null;
  const count = report && errorsOf(report) === 0 ? toInvite(report) : 0;
  return (
    <AdminDialog
      title="Invite people from a file"
      describedBy={`${inputId}-about`}
      contentClassName={styles.content}
      busy={step.kind === 'inviting'}
      onClose={props.onClose}
      actions={
        <>
          <Button appearance="secondary" onClick={props.onClose} disabledFocusable={step.kind === 'inviting'}>
            Cancel
          </Button>
          <Button appearance="primary" disabledFocusable={step.kind !== 'checked' || count === 0} onClick={() => void invite()}>
            {step.kind === 'inviting' ? 'Inviting...' : `Invite ${count === 1 ? '1 person' : `${count} people`}`}
          </Button>
        </>
      }
    >
      <Body1 id={`${inputId}-about`}>
        Choose a CSV file with the columns email, name and teams (team names separated by ";"). Everyone in it gets an invitation to sign in
        with a password. Nobody is invited until you confirm.
      </Body1>
      <FileField id={inputId} label="File (.csv)" accept=".csv,text/csv" disabled={step.kind === 'checking' || step.kind === 'inviting'} onChoose={(chosen) => void check(chosen)}
        problem={problemOf(step)} />
      <FileChoiceState step={step} />
      {report && (
        <>
          <div role={errorsOf(report) > 0 ? 'alert' : 'status'}>
            <MessageBar intent={errorsOf(report) > 0 ? 'error' : count > 0 ? 'info' : 'warning'}>
              <MessageBarBody>{importHeadline(report)}</MessageBarBody>
            </MessageBar>
          </div>
          <div className={styles.report} role="region" aria-label="Lines of the file" tabIndex={0}>
            <Table aria-label="What each line does" size="small">
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>Line</TableHeaderCell>
                  <TableHeaderCell>Email</TableHeaderCell>
                  <TableHeaderCell>Outcome</TableHeaderCell>
                  <TableHeaderCell>Message</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {report.rows.map((row) => (
                  <TableRow key={row.line}>
                    <TableCell>{row.line}</TableCell>
                    <TableCell>{row.email}</TableCell>
                    <TableCell className={row.outcome === 'error' ? styles.error : undefined}>{OUTCOMES[row.outcome]}</TableCell>
                    <TableCell>{row.message ?? ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </>
      )}
    </AdminDialog>
  );
}
