/**
 * `POST` and `PUT ACCOUNT_ROUTES.recordedChecklists` (rules §7): a checklist
 * run. Creating answers the record's `_id`; progress and completion update it. Both go through the
 * durable outbox, in order per record (`src/tracking`).
 */
import { ACCOUNT_ROUTES, accountPath } from './contract/paths';
import type { RecordedChecklistCreate, RecordedChecklistUpdate } from './contract/checklist';
import type { RecordRequest } from './block-uses';

const pathOf = (accountId: string, teamId: string) =>
  accountPath(ACCOUNT_ROUTES.recordedChecklists, { accountId, teamId });

export function createRecordedChecklistRequest(accountId: string, teamId: string, body: RecordedChecklistCreate): RecordRequest {
  return { method: 'POST', path: pathOf(accountId, teamId), body };
}

export function updateRecordedChecklistRequest(accountId: string, teamId: string, body: RecordedChecklistUpdate): RecordRequest {
  return { method: 'PUT', path: pathOf(accountId, teamId), body };
}
