/**
 * The audit log in the admin API, a page at a time, filtered: a team's (its admins) or the whole
 * account's (account admins), and the same events as a CSV file.
 */
import type { ApiClient } from '../../api/client';
import { auditPage, type AuditFilters, type AuditPage } from '../../api/contract/audit';
import { downloadCsv, type CsvFile } from './csv-file';

/** Whose log: the account's, or one of its teams'. */
export interface AuditLogRef {
  accountId: string;
  teamId?: string | undefined;
}

const auditPath = ({ accountId, teamId }: AuditLogRef) =>
  `admin/accounts/${encodeURIComponent(accountId)}${teamId ? `/teams/${encodeURIComponent(teamId)}` : ''}/audit`;

/** The filters as query parameters, the unset ones left out. */
const queryOf = (filters: AuditFilters): Record<string, string> =>
  Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));

export const auditQueryKeys = {
  /** Every page of every filter of the log. */
  of: (log: AuditLogRef) => ['admin', 'audit', log.accountId, log.teamId ?? 'account'] as const,
  filtered: (log: AuditLogRef, filters: AuditFilters) => [...auditQueryKeys.of(log), queryOf(filters)] as const,
};

/** One page of the log, newest first; `before` is the `next` of the page before. */
export function fetchAuditPage(client: ApiClient, log: AuditLogRef, filters: AuditFilters, before: string | null, signal?: AbortSignal): Promise<AuditPage> {
  return client.request('GET', auditPath(log), { schema: auditPage, query: { ...queryOf(filters), before: before ?? undefined }, ...(signal ? { signal } : {}) });
}

/** The events that pass the filters as a CSV file (`truncated` when the server's row limit cut it). */
export function downloadAuditCsv(
  client: Pick<ApiClient, 'baseUrl'>,
  getIdToken: () => string | null | undefined,
  log: AuditLogRef,
  filters: AuditFilters,
  options: { fetch?: typeof fetch } = {},
): Promise<CsvFile> {
  return downloadCsv(client, getIdToken, `${auditPath(log)}.csv`, queryOf(filters), { fallback: 'audit.csv', truncatedHeader: 'X-Audit-Truncated', ...options });
}
