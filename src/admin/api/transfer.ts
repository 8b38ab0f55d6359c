/**
 * A team's blocks as a file, as the admin app moves them: the export (`GET .../blocks/export`,
 * JSON or CSV, a Blob with the name the server gave it) and the import (`POST .../blocks/import`,
 * the file's text as sent, first with `dryRun=true` for the report the admin confirms). Neither is
 * a JSON call of the API client, so both are fetched here the way the client sends requests: its
 * base URL, the held ID token as bearer, and the XSRF echo for the import.
 */
import { ApiError, XSRF_COOKIE, XSRF_HEADER, isRelativeUrl, joinUrl, readDocumentCookie, type ApiClient } from '../../api/client';
import type { TeamRef } from './admin';
import { errorOf, filenameFromContentDisposition } from './csv-file';
import { blockImportReport, blockImportRefusal, type BlockExportFormat, type BlockImportReport } from '../../api/contract/admin-transfer';

const blocksPath = ({ accountId, teamId }: TeamRef) => `admin/accounts/${encodeURIComponent(accountId)}/teams/${encodeURIComponent(teamId)}/blocks`;

/** How a request outside the API client is sent: the client's base URL, the token read now, a fetch to use. */
export interface FileRequestContext {
  client: Pick<ApiClient, 'baseUrl'>;
  getIdToken: () => string | null | undefined;
  fetch?: typeof fetch | undefined;
  /** Reads a cookie of the page (`document.cookie` by default). */
  getCookie?: (name: string) => string | null;
}

async function send(context: FileRequestContext, url: string, init: { method: 'GET' | 'POST'; headers: Headers; body?: string; signal?: AbortSignal | undefined }): Promise<Response> {
  const idToken = context.getIdToken();
  if (idToken) init.headers.set('Authorization', `Bearer ${idToken}`);
  if (init.method !== 'GET' && isRelativeUrl(url)) {
    const xsrf = (context.getCookie ?? readDocumentCookie)(XSRF_COOKIE);
    if (xsrf) init.headers.set(XSRF_HEADER, xsrf);
  }
  const doFetch = context.fetch ?? globalThis.fetch;
  try {
    return await doFetch(url, { method: init.method, headers: init.headers, signal: init.signal ?? null, ...(init.body === undefined ? {} : { body: init.body }) });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', 'Cannery could not reach its server.', { cause: error });
  }
}

/** The team's live blocks as a file to save: JSON or CSV, named by the server (`elections-blocks-2026-11-23.csv`). */
export async function downloadBlocksExport(
  context: FileRequestContext,
  team: TeamRef,
  format: BlockExportFormat,
  signal?: AbortSignal,
): Promise<{ blob: Blob; filename: string }> {
  const url = `${joinUrl(context.client.baseUrl, `${blocksPath(team)}/export`)}?${new URLSearchParams({ format }).toString()}`;
  const response = await send(context, url, { method: 'GET', headers: new Headers({ Accept: format === 'csv' ? 'text/csv' : 'application/json' }), signal });
  if (!response.ok) throw await errorOf(response);
  return { blob: await response.blob(), filename: filenameFromContentDisposition(response.headers.get('Content-Disposition'), `blocks.${format}`) };
}

/** The format of a file the admin chose, by its name (then its type); null for neither JSON nor CSV. */
export function importFormatOf(file: { name: string; type?: string }): BlockExportFormat | null {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv')) return 'csv';
  if (name.endsWith('.json')) return 'json';
  const type = (file.type ?? '').toLowerCase();
  if (type === 'text/csv') return 'csv';
  if (type === 'application/json') return 'json';
  return null;
}

/**
 * Sends a file to import (its text, as read). The report of what was done or, with `dryRun`,
 * what would be; a file with bad rows is not an error here: its report lists them (the server
 * answered 422 and wrote nothing). Any other failure is an `ApiError`.
 */
export async function importBlocksFile(
  context: FileRequestContext,
  team: TeamRef,
  file: { text: string; format: BlockExportFormat },
  options: { dryRun: boolean; signal?: AbortSignal },
): Promise<BlockImportReport> {
  const url = `${joinUrl(context.client.baseUrl, `${blocksPath(team)}/import`)}${options.dryRun ? '?dryRun=true' : ''}`;
  const headers = new Headers({ Accept: 'application/json', 'Content-Type': file.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json' });
  const response = await send(context, url, { method: 'POST', headers, body: file.text, signal: options.signal });
  if (response.status === 422) {
    const refused = blockImportRefusal.safeParse(await response.clone().json().catch(() => null));
    if (refused.success) {
      const { error: _error, ...report } = refused.data;
      return report;
    }
  }
  if (!response.ok) throw await errorOf(response);
  const parsed = blockImportReport.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new ApiError(response.status, 'invalid_response', 'The import answered an unexpected shape.');
  return parsed.data;
}
