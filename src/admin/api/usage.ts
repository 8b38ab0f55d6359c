/**
 * The team's usage as the admin app reads it: the report of a period (`GET .../usage`) and its
 * uses as a CSV file (`GET .../usage.csv`). The report goes through the API client; the file is
 * not JSON, so it is fetched as csv-file.ts fetches files.
 */
import type { ApiClient } from '../../api/client';
import type { TeamRef } from './admin';
import { usageReport, type UsageInterval, type UsageReport } from '../../api/contract/admin';
import { downloadCsv, type CsvFile } from './csv-file';

/** The days of a report, both included (`YYYY-MM-DD`, UTC), and how they are grouped. */
export interface UsageReportPeriod {
  from: string;
  to: string;
  interval: UsageInterval;
}

export const adminUsageQueryKeys = {
  /** Every report of the team, whatever the period. */
  team: (teamId: string) => ['admin', 'usage', teamId] as const,
  report: (teamId: string, period: UsageReportPeriod) => ['admin', 'usage', teamId, period.from, period.to, period.interval] as const,
};

const usagePath = ({ accountId, teamId }: TeamRef) => `admin/accounts/${encodeURIComponent(accountId)}/teams/${encodeURIComponent(teamId)}/usage`;

export function fetchUsageReport(client: ApiClient, team: TeamRef, period: UsageReportPeriod, signal?: AbortSignal): Promise<UsageReport> {
  return client.request('GET', usagePath(team), {
    schema: usageReport,
    query: { from: period.from, to: period.to, interval: period.interval },
    ...(signal ? { signal } : {}),
  });
}

/**
 * Fetches `usage.csv` of the period with the same headers the API client sends (the bearer from
 * `getIdToken`, read now, so a refreshed token is used). Fails with an `ApiError` as the client does.
 */
export function downloadUsageCsv(
  client: Pick<ApiClient, 'baseUrl'>,
  getIdToken: () => string | null | undefined,
  team: TeamRef,
  period: { from: string; to: string },
  options: { signal?: AbortSignal; fetch?: typeof fetch } = {},
): Promise<CsvFile> {
  return downloadCsv(client, getIdToken, `${usagePath(team)}.csv`, { from: period.from, to: period.to }, { fallback: `usage-${period.from}-${period.to}.csv`, truncatedHeader: 'X-Usage-Truncated', ...options });
}
