/**
 * `POST ACCOUNT_ROUTES.blockUses` (rules §7): one use of a block. The
 * app never sends this directly: the request goes into the durable outbox (`src/tracking`), which
 * sends it with an Idempotency-Key and retries until the server has it.
 */
import { ACCOUNT_ROUTES, accountPath } from './contract/paths';
import type { SentAutoResponse } from './contract/usage';

export interface RecordRequest {
  method: 'POST' | 'PUT';
  path: string;
  body: unknown;
}

export function sentRecordRequest(record: SentAutoResponse): RecordRequest {
  return {
    method: 'POST',
    path: accountPath(ACCOUNT_ROUTES.blockUses, { accountId: record.account, teamId: record.team }),
    body: record,
  };
}
