/**
 * `POST` and `PUT ACCOUNT_ROUTES.sessions` (rules §7): a usage session. The
 * sub in the path is the cognitoSub when present, else the microsoftSub. Both go through the
 * durable outbox (`src/tracking/usage-session.ts`): the create answers the `sessionId` the updates name.
 */
import { ACCOUNT_ROUTES, accountPath } from './contract/paths';
import type { SessionCreate, SessionUpdate } from './contract/session';
import type { RecordRequest } from './block-uses';

const pathOf = (accountId: string, userSub: string) => accountPath(ACCOUNT_ROUTES.sessions, { accountId, userSub });

/** The sub the sessions path names (rules §7). */
export function sessionSubOf(user: { cognitoAuth?: { sub: string } | undefined; microsoftAuth?: { sub: string } | undefined }): string | null {
  return user.cognitoAuth?.sub || user.microsoftAuth?.sub || null;
}

export function createSessionRequest(accountId: string, userSub: string, body: SessionCreate): RecordRequest {
  return { method: 'POST', path: pathOf(accountId, userSub), body };
}

export function updateSessionRequest(accountId: string, userSub: string, body: SessionUpdate): RecordRequest {
  return { method: 'PUT', path: pathOf(accountId, userSub), body };
}
