/**
 * The mailboxes that pick a team, as the account admin manages them
 * (`/api/admin/accounts/{accountId}/mailboxes`, src/api/contract/mailbox.ts).
 */
import { z } from '../../api/contract/zod';
import type { ApiClient } from '../../api/client';
import { mailboxTeam, mailboxTeamList, type MailboxTeam } from '../../api/contract/mailbox';

export const mailboxesQueryKey = (accountId: string) => ['admin', 'mailboxes', accountId] as const;

const mailboxesPath = (accountId: string) => `admin/accounts/${encodeURIComponent(accountId)}/mailboxes`;

export function fetchMailboxTeams(client: ApiClient, accountId: string, signal?: AbortSignal): Promise<MailboxTeam[]> {
  return client.request('GET', mailboxesPath(accountId), { schema: mailboxTeamList, ...(signal ? { signal } : {}) });
}

/** Maps `address` to `teamId`, or moves it there. */
export function setMailboxTeam(client: ApiClient, accountId: string, address: string, teamId: string): Promise<MailboxTeam> {
  return client.request('PUT', `${mailboxesPath(accountId)}/${encodeURIComponent(address)}`, { body: { teamId }, schema: mailboxTeam });
}

export async function removeMailboxTeam(client: ApiClient, accountId: string, address: string): Promise<void> {
  await client.request('DELETE', `${mailboxesPath(accountId)}/${encodeURIComponent(address)}`, { schema: z.unknown() });
}
