/**
 * How the admin app words an import's report: "2 new, 1 changed, 3 unchanged", and each error as
 * "Row 3 · name: Name is required." (rows counted from 1, the header of a CSV file not counted).
 */
import { describeImportError, type BlockImportReport } from '../../api/contract/admin-transfer';

/** "2 new, 1 changed, 3 unchanged". */
export function importCounts(report: Pick<BlockImportReport, 'created' | 'updated' | 'unchanged'>): string {
  return `${report.created} new, ${report.updated} changed, ${report.unchanged} unchanged`;
}

/** Whether importing would change anything. */
export const importChangesSomething = (report: BlockImportReport) => report.errorCount === 0 && report.created + report.updated > 0;

/** The lines listing the report's errors, and one more when the server listed only the first ones. */
export function importErrorLines(report: BlockImportReport): string[] {
  const lines = report.errors.map(describeImportError);
  const more = report.errorCount - report.errors.length;
  if (more > 0) lines.push(`…and ${more.toLocaleString('en-US')} more ${more === 1 ? 'error' : 'errors'}.`);
  return lines;
}

/** What the dialog says about a dry run's report. */
export function dryRunHeadline(report: BlockImportReport): string {
  if (report.errorCount > 0) {
    return `This file cannot be imported: ${report.errorCount === 1 ? '1 error' : `${report.errorCount.toLocaleString('en-US')} errors`}. Fix the file and choose it again.`;
  }
  if (!importChangesSomething(report)) return `Nothing to import: every block is already as the file has it (${importCounts(report)}).`;
  return `Ready to import: ${importCounts(report)}.`;
}

/** What the Blocks page says once an import is done. */
export const importDoneMessage = (report: BlockImportReport) => `Blocks imported: ${importCounts(report)}.`;
