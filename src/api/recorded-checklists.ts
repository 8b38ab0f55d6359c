/**
 * `POST` and `PUT /accounts/{accountId}/teams/{teamId}/recordedphoneflows` (rules §7): a checklist
 * run. Creating answers the record's `_id`; progress and completion update it. Both go through the
 * durable outbox, in order per record (`src/tracking`).
 */
import type { RecordedChecklistCreate, RecordedChecklistUpdate } from './contract/checklist';
import type { RecordRequest } from './sent-records';

const pathOf = (accountId: string, teamId: string) =>
  `accounts/${encodeURIComponent(accountId)}/teams/${encodeURIComponent(teamId)}/recordedphoneflows`;

export function createRecordedChecklistRequest(accountId: string, teamId: string, body: RecordedChecklistCreate): RecordRequest {
  return { method: 'POST', path: pathOf(accountId, teamId), body };
}

export function updateRecordedChecklistRequest(accountId: string, teamId: string, body: RecordedChecklistUpdate): RecordRequest {
  return { method: 'PUT', path: pathOf(accountId, teamId), body };
}
