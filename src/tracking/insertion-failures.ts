/**
 * Tells the server a block could not be inserted, so operators see failures counted by host and
 * editor kind (docs/monitoring.md). Only those and the error's code are sent, from fixed lists;
 * a report that fails is dropped: it must never delay or change what the user sees.
 */
import type { EditorKind, HostError } from '../../hosts/host';
import { ACCOUNT_ROUTES, accountPath } from '../api/contract/paths';
import { INSERTION_ERROR_CODES, INSERTION_HOSTS, type InsertionFailure } from '../api/contract/insertion-failure';
import type { ApiClient } from '../api/client';

/** The editor a host inserts into when it cannot say more. */
const HOST_EDITORS: Readonly<Record<string, EditorKind>> = { outlook: 'outlook-body', gmail: 'gmail-compose', playground: 'playground-compose' };

/** What is reported of `error`, thrown by host `hostName`'s insertion. */
export function insertionFailureOf(hostName: string, error: unknown): InsertionFailure {
  const host = (INSERTION_HOSTS as readonly string[]).includes(hostName) ? (hostName as InsertionFailure['host']) : 'playground';
  // A HostError by its name: this module loads apart from the hosts' code.
  const hostError = error instanceof Error && error.name === 'HostError' ? (error as HostError) : null;
  const code = hostError && (INSERTION_ERROR_CODES as readonly string[]).includes(hostError.code) ? (hostError.code as InsertionFailure['code']) : 'unknown';
  const editor = hostError?.editor ?? HOST_EDITORS[hostName] ?? 'unknown';
  return { host, editor, code };
}

export function reportInsertionFailure(api: ApiClient, accountId: string, failure: InsertionFailure): Promise<void> {
  return api.request('POST', accountPath(ACCOUNT_ROUTES.insertionFailures, { accountId }), { body: failure }).then(
    () => undefined,
    (error: unknown) => console.warn('Reporting a failed insertion failed', error),
  );
}

/** Reports that a block of account `accountId` could not be inserted by host `hostName` (`error`). */
export const reportFailedInsertion = (api: ApiClient, accountId: string, hostName: string, error: unknown) => reportInsertionFailure(api, accountId, insertionFailureOf(hostName, error));
