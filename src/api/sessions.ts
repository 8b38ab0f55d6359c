/**
 * `POST` and `PUT /accounts/{accountId}/users/{userSub}/sessions` (spec §7): a usage session. The
 * sub in the path is the cognitoSub when present, else the microsoftSub.
 */
import type { ApiClient } from './client';
import { sessionCreated, type SessionCreate, type SessionUpdate } from './contract/session';

const pathOf = (accountId: string, userSub: string) => `accounts/${encodeURIComponent(accountId)}/users/${encodeURIComponent(userSub)}/sessions`;

/** The sub the sessions path names (spec §7). */
export function sessionSubOf(user: { cognitoAuth?: { sub: string } | undefined; microsoftAuth?: { sub: string } | undefined }): string | null {
  return user.cognitoAuth?.sub || user.microsoftAuth?.sub || null;
}

export async function createSession(client: ApiClient, accountId: string, userSub: string, body: SessionCreate, idempotencyKey: string): Promise<string> {
  const { sessionId } = await client.request('POST', pathOf(accountId, userSub), {
    body,
    schema: sessionCreated,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return sessionId;
}

export async function updateSession(client: ApiClient, accountId: string, userSub: string, body: SessionUpdate): Promise<void> {
  await client.request('PUT', pathOf(accountId, userSub), { body });
}
