/**
 * The team's usage as the admin app reads it: the report of a period (`GET .../usage`) and its
 * uses as a CSV file (`GET .../usage.csv`). The report goes through the API client; the file is
 * not JSON, so it is fetched here the way the client sends requests (its base URL, the held ID
 * token as bearer) and handed back as a Blob with the name the server gave it.
 */
import { ApiError, joinUrl, type ApiClient } from '../../api/client';
import type { TeamRef } from './admin';
import { usageReport, type UsageInterval, type UsageReport } from '../../api/contract/admin';
import { apiError } from '../../api/contract/common';

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

/** The uses of a period as a file: its content, its name, and whether the server cut it at its row limit. */
export interface UsageCsvFile {
  blob: Blob;
  filename: string;
  truncated: boolean;
}

/**
 * The file name of a `Content-Disposition` header (`filename*=UTF-8''…` first, then `filename="…"`
 * or a bare `filename=…`), without any folder; `fallback` when there is none.
 */
export function filenameFromContentDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (name === null) {
    const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
    const bare = /(?:^|;)\s*filename\s*=\s*([^";\s][^;]*)/i.exec(header);
    name = quoted?.[1] !== undefined ? quoted[1].replace(/\\(.)/g, '$1') : (bare?.[1]?.trim() ?? null);
  }
  // A name only: no folders, no control characters.
  const safe = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/\p{Cc}/gu, '')
    .trim();
  return safe && safe !== '.' && safe !== '..' ? safe : fallback;
}

/**
 * Fetches `usage.csv` of the period with the same headers the API client sends (the bearer from
 * `getIdToken`, read now, so a refreshed token is used). Fails with an `ApiError` as the client does.
 */
export async function downloadUsageCsv(
  client: Pick<ApiClient, 'baseUrl'>,
  getIdToken: () => string | null | undefined,
  team: TeamRef,
  period: { from: string; to: string },
  options: { signal?: AbortSignal; fetch?: typeof fetch } = {},
): Promise<UsageCsvFile> {
  const url = `${joinUrl(client.baseUrl, `${usagePath(team)}.csv`)}?${new URLSearchParams({ from: period.from, to: period.to }).toString()}`;
  const headers = new Headers({ Accept: 'text/csv' });
  const idToken = getIdToken();
  if (idToken) headers.set('Authorization', `Bearer ${idToken}`);
  const doFetch = options.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await doFetch(url, { method: 'GET', headers, signal: options.signal ?? null });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', 'Cannery could not reach its server.', { cause: error });
  }
  if (!response.ok) throw await errorOf(response);
  const blob = await response.blob();
  return {
    blob,
    filename: filenameFromContentDisposition(response.headers.get('Content-Disposition'), `usage-${period.from}-${period.to}.csv`),
    truncated: response.headers.get('X-Usage-Truncated') === 'true',
  };
}

/** The `ApiError` of a failed answer fetched outside the API client, as the client makes it. */
export async function errorOf(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const parsed = apiError.safeParse(body);
  if (parsed.success) return new ApiError(response.status, parsed.data.error.code, parsed.data.error.message);
  return new ApiError(response.status, `http_${response.status}`, `The server answered ${response.status} ${response.statusText}`.trim());
}
