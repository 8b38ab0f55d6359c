/**
 * Files of the admin API that are not JSON (usage and audit CSVs, block exports): fetched here the
 * way the API client sends requests (its base URL, the held ID token as bearer) and handed back as
 * a Blob with the name the server gave it, and whether the server cut it at its row limit.
 */
import { ApiError, joinUrl, type ApiClient } from '../../api/client';
import { apiError } from '../../api/contract/common';

export interface CsvFile {
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
 * Fetches the CSV at `path` (relative to the API) with `query`, with the same headers the API
 * client sends (the bearer from `getIdToken`, read now, so a refreshed token is used). Fails with an
 * `ApiError` as the client does.
 */
export async function downloadCsv(
  client: Pick<ApiClient, 'baseUrl'>,
  getIdToken: () => string | null | undefined,
  path: string,
  query: Record<string, string>,
  options: { fallback: string; truncatedHeader: string; signal?: AbortSignal; fetch?: typeof fetch },
): Promise<CsvFile> {
  const search = new URLSearchParams(query).toString();
  const url = `${joinUrl(client.baseUrl, path)}${search ? `?${search}` : ''}`;
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
    filename: filenameFromContentDisposition(response.headers.get('Content-Disposition'), options.fallback),
    truncated: response.headers.get(options.truncatedHeader) === 'true',
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
