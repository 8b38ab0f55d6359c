/**
 * The people, teams and settings of an account as the admin app manages them
 * (`/api/admin/accounts/{accountId}/...`): the account admin all of it, a team admin the
 * memberships of their own teams. The CSV invitation import is sent as the file's text, like the
 * blocks import (admin-transfer.ts), and a 422 with a report is a report, not a failure.
 */
import { z } from '../../api/contract/zod';
import { ApiError, XSRF_COOKIE, XSRF_HEADER, isRelativeUrl, joinUrl, readDocumentCookie, type ApiClient } from '../../api/client';
import { errorOf } from './csv-file';
import type { FileRequestContext } from './transfer';
import {
  accountDomain,
  accountDomainList,
  accountSettings,
  accountTeam,
  accountTeamList,
  invitedMember,
  member,
  memberImportReport,
  memberList,
  type AccountDomain,
  type AccountSettings,
  type AccountTeam,
  type InviteMemberInput,
  type Member,
  type MemberImportReport,
  type MemberQuery,
  type UpdateMemberInput,
} from '../../api/contract/people';

export const peopleQueryKeys = {
  members: (accountId: string) => ['admin', 'people', accountId, 'members'] as const,
  teams: (accountId: string) => ['admin', 'people', accountId, 'teams'] as const,
  settings: (accountId: string) => ['admin', 'people', accountId, 'settings'] as const,
  domains: (accountId: string) => ['admin', 'people', accountId, 'domains'] as const,
};

const accountPath = (accountId: string) => `admin/accounts/${encodeURIComponent(accountId)}`;
const memberPath = (accountId: string, memberId: string) => `${accountPath(accountId)}/members/${encodeURIComponent(memberId)}`;
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export function fetchMembers(client: ApiClient, accountId: string, query: MemberQuery = {}, signal?: AbortSignal): Promise<Member[]> {
  return client.request('GET', `${accountPath(accountId)}/members`, {
    schema: memberList,
    query: { search: query.search || undefined, team: query.team, status: query.status },
    ...withSignal(signal),
  });
}

/** Invites one person; their `_id`. A 409 `member_exists` says the address is already a member. */
export async function inviteMember(client: ApiClient, accountId: string, input: InviteMemberInput): Promise<string> {
  const { _id } = await client.request('POST', `${accountPath(accountId)}/members`, { body: input, schema: invitedMember });
  return _id;
}

export function updateMember(client: ApiClient, accountId: string, memberId: string, input: UpdateMemberInput): Promise<Member> {
  return client.request('PATCH', memberPath(accountId, memberId), { body: input, schema: member });
}

export async function resendInvitation(client: ApiClient, accountId: string, memberId: string): Promise<void> {
  await client.request('POST', `${memberPath(accountId, memberId)}/resend-invitation`, { schema: z.unknown() });
}

export async function resetAuthenticator(client: ApiClient, accountId: string, memberId: string): Promise<void> {
  await client.request('POST', `${memberPath(accountId, memberId)}/reset-authenticator`, { schema: z.unknown() });
}

/** Removes the person from the account; their usage records stay. */
export async function removeMember(client: ApiClient, accountId: string, memberId: string): Promise<void> {
  await client.request('DELETE', memberPath(accountId, memberId), { schema: z.unknown() });
}

/** The account admin: every team, archived ones included; a team admin: the teams they administer. */
export function fetchAccountTeams(client: ApiClient, accountId: string, signal?: AbortSignal): Promise<AccountTeam[]> {
  return client.request('GET', `${accountPath(accountId)}/teams`, { schema: accountTeamList, ...withSignal(signal) });
}

export function createAccountTeam(client: ApiClient, accountId: string, name: string): Promise<AccountTeam> {
  return client.request('POST', `${accountPath(accountId)}/teams`, { body: { name }, schema: accountTeam });
}

export function updateAccountTeam(client: ApiClient, accountId: string, teamId: string, input: { name?: string; archived?: boolean; requireReview?: boolean }): Promise<AccountTeam> {
  return client.request('PATCH', `${accountPath(accountId)}/teams/${encodeURIComponent(teamId)}`, { body: input, schema: accountTeam });
}

export function fetchAccountSettings(client: ApiClient, accountId: string, signal?: AbortSignal): Promise<AccountSettings> {
  return client.request('GET', `${accountPath(accountId)}/settings`, { schema: accountSettings, ...withSignal(signal) });
}

export function saveAccountSettings(client: ApiClient, accountId: string, settings: AccountSettings): Promise<AccountSettings> {
  return client.request('PUT', `${accountPath(accountId)}/settings`, { body: settings, schema: accountSettings });
}

/** The domains the account claims, each with its proof's DNS record. */
export function fetchAccountDomains(client: ApiClient, accountId: string, signal?: AbortSignal): Promise<AccountDomain[]> {
  return client.request('GET', `${accountPath(accountId)}/domains`, { schema: accountDomainList, ...withSignal(signal) });
}

export function claimAccountDomain(client: ApiClient, accountId: string, domain: string): Promise<AccountDomain> {
  return client.request('POST', `${accountPath(accountId)}/domains`, { body: { domain }, schema: accountDomain });
}

/** Asks the server to look for the domain's TXT record now: 422 while it finds none. */
export function verifyAccountDomain(client: ApiClient, accountId: string, domain: string): Promise<AccountDomain> {
  return client.request('POST', `${accountPath(accountId)}/domains/${encodeURIComponent(domain)}/verify`, { schema: accountDomain });
}

export async function dropAccountDomain(client: ApiClient, accountId: string, domain: string): Promise<void> {
  await client.request('DELETE', `${accountPath(accountId)}/domains/${encodeURIComponent(domain)}`, { schema: z.unknown() });
}

/**
 * Sends a CSV file of people to invite (its text, as read). The report of what was done or, with
 * `dryRun`, what would be; a file with bad rows answers 422 with its report, which is returned.
 */
export async function importMembersFile(context: FileRequestContext, accountId: string, text: string, options: { dryRun: boolean; signal?: AbortSignal }): Promise<MemberImportReport> {
  const url = `${joinUrl(context.client.baseUrl, `${accountPath(accountId)}/members/import`)}?dryRun=${options.dryRun ? 'true' : 'false'}`;
  const headers = new Headers({ Accept: 'application/json', 'Content-Type': 'text/csv; charset=utf-8' });
  const idToken = context.getIdToken();
  if (idToken) headers.set('Authorization', `Bearer ${idToken}`);
  if (isRelativeUrl(url)) {
    const xsrf = (context.getCookie ?? readDocumentCookie)(XSRF_COOKIE);
    if (xsrf) headers.set(XSRF_HEADER, xsrf);
  }
  const doFetch = context.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await doFetch(url, { method: 'POST', headers, body: text, signal: options.signal ?? null });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', 'Cannery could not reach its server.', { cause: error });
  }
  if (response.status === 422) {
    const refused = memberImportReport.safeParse(await response.clone().json().catch(() => null));
    if (refused.success) return refused.data;
  }
  if (!response.ok) throw await errorOf(response);
  const parsed = memberImportReport.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new ApiError(response.status, 'invalid_response', 'The import answered an unexpected shape.');
  return parsed.data;
}

/** The server's own words for a refusal it explains (a 4xx other than sign-in trouble); `fallback` otherwise. */
export function adminErrorMessage(failure: unknown, fallback: string): string {
  if (failure instanceof ApiError && failure.status >= 400 && failure.status < 500 && failure.status !== 401 && failure.message) return failure.message;
  return `${fallback} Please try again, and if the problem persists contact our team.`;
}
