/**
 * The dialog that imports blocks from a file: the admin chooses a .json or .csv file, Cannery
 * checks it at once (a dry run: nothing is written) and says what the import would do, or lists
 * the rows to fix; Import then applies it. Loaded only when opened, so the Blocks page stays light.
 */
import { useId, useState } from 'react';
import { Body1, Button, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import type { TeamRef } from '../api/admin';
import { importBlocksFile, importFormatOf, type FileRequestContext } from '../api/transfer';
import { BLOCK_TRANSFER_LIMITS, type BlockExportFormat, type BlockImportReport } from '../../api/contract/admin-transfer';
import { dryRunHeadline, importChangesSomething, importErrorLines } from './import-summary';
import { AdminDialog } from '../common/admin-dialog';
import { FileChoiceState, FileField, NOT_UTF8, problemOf, utf8Of, type FileChoiceStep } from '../common/file-field';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  errors: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXL, maxHeight: '240px', overflowY: 'auto' },
});

type Step =
  | FileChoiceStep
  | { kind: 'checked'; name: string; file: { text: string; format: BlockExportFormat }; report: BlockImportReport }
  | { kind: 'importing'; name: string; file: { text: string; format: BlockExportFormat }; report: BlockImportReport };

const MB = BLOCK_TRANSFER_LIMITS.fileBytes / 1024 / 1024;

export interface ImportBlocksDialogProps {
  team: TeamRef;
  requests: FileRequestContext;
  onClose: () => void;
  /** The import is done: the report of what it did. */
  onImported: (report: BlockImportReport) => void;
}

export function ImportBlocksDialog(props: ImportBlocksDialogProps) {
  const styles = useStyles();
  const inputId = useId();
  const [step, setStep] = useState<Step>({ kind: 'choose' });

  async function check(chosen: File) {
    const format = importFormatOf(chosen);
    if (!format) return setStep({ kind: 'choose', problem: 'Choose a .json or .csv file.' });
    if (chosen.size > BLOCK_TRANSFER_LIMITS.fileBytes) return setStep({ kind: 'choose', problem: `This file is larger than ${MB} MB. Split it into smaller files.` });
    setStep({ kind: 'checking', name: chosen.name });
    const text = await utf8Of(chosen);
    if (text === null) return setStep({ kind: 'choose', problem: NOT_UTF8 });
    try {
      const file = { text, format };
      const report = await importBlocksFile(props.requests, props.team, file, { dryRun: true });
      setStep({ kind: 'checked', name: chosen.name, file, report });
    } catch (failure) {
      setStep({ kind: 'choose', problem: messageOf(failure, 'The file could not be checked.') });
    }
  }

  async function apply() {
    if (step.kind !== 'checked') return;
    setStep({ ...step, kind: 'importing' });
    try {
      const report = await importBlocksFile(props.requests, props.team, step.file, { dryRun: false });
      if (report.errorCount > 0) return setStep({ ...step, kind: 'checked', report });
      props.onImported(report);
    } catch (failure) {
      setStep({ kind: 'choose', problem: messageOf(failure, 'The blocks could not be imported.') });
    }
  }

  const report = step.kind === 'checked' || step.kind === 'importing' ? step.report : null;
  return (
    <AdminDialog
      title="Import blocks"
      describedBy={`${inputId}-about`}
      contentClassName={styles.content}
      onClose={props.onClose}
      actions={
        <>
          <Button appearance="secondary" onClick={props.onClose} disabled={step.kind === 'importing'}>
            Cancel
          </Button>
          <Button appearance="primary" disabled={step.kind !== 'checked' || !importChangesSomething(step.report)} onClick={() => void apply()}>
            {step.kind === 'importing' ? 'Importing...' : 'Import'}
          </Button>
        </>
      }
    >
      <Body1 id={`${inputId}-about`}>
        Choose a JSON or CSV file exported from Cannery, or one with the same columns. A block with the _id or the name of one of the team's blocks
        changes that block; any other is added. Nothing changes until you select Import.
      </Body1>
      <FileField
        id={inputId}
        label="File (.json or .csv)"
        accept=".json,.csv,application/json,text/csv"
        disabled={step.kind === 'checking' || step.kind === 'importing'}
        onChoose={(chosen) => void check(chosen)}
        problem={problemOf(step)}
      />
      <FileChoiceState step={step} />
      {report && <ReportView report={report} listClassName={styles.errors} />}
    </AdminDialog>
  );
}

function ReportView(props: { report: BlockImportReport; listClassName: string }) {
  const { report } = props;
  const failed = report.errorCount > 0;
  return (
    <div role={failed ? 'alert' : 'status'}>
      <MessageBar intent={failed ? 'error' : importChangesSomething(report) ? 'info' : 'warning'} layout="multiline">
        <MessageBarBody>
          {dryRunHeadline(report)}
          {failed && (
            <ul className={props.listClassName} aria-label="Rows to fix">
              {importErrorLines(report).map((line, index) => (
                <li key={index}>{line}</li>
              ))}
            </ul>
          )}
        </MessageBarBody>
      </MessageBar>
    </div>
  );
}

/** The server's own message for a refusal it explains (a file too large, not CSV); a plain one otherwise. */
function messageOf(failure: unknown, fallback: string): string {
  console.warn(fallback, failure);
  const error = failure as { status?: number; message?: string };
  if (typeof error.status === 'number' && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403 && error.message) return error.message;
  return `${fallback} Please try again, and if the problem persists contact our team.`;
}
