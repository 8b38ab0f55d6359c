/**
 * A person's data, for the People page of account admins: everything Cannery holds about them as
 * a file (`GET .../members/{memberId}/export`, JSON or a ZIP of CSV files, fetched the way the API
 * client sends requests and handed back as a Blob with the server's name), and erasing it
 * (`POST .../members/{memberId}/erase` with their address typed again).
 */
import { ApiError, joinUrl, type ApiClient } from '../../api/client';
import { erasureReport, type ErasureReport, type PersonDataFormat } from '../../api/contract/retention';
import { errorOf, filenameFromContentDisposition } from './csv-file';
import type { FileRequestContext } from './transfer';

const memberPath = (accountId: string, memberId: string) => `admin/accounts/${encodeURIComponent(accountId)}/members/${encodeURIComponent(memberId)}`;

export async function downloadPersonData(context: FileRequestContext, accountId: string, memberId: string, format: PersonDataFormat): Promise<{ blob: Blob; filename: string }> {
  const url = `${joinUrl(context.client.baseUrl, `${memberPath(accountId, memberId)}/export`)}?${new URLSearchParams({ format }).toString()}`;
  const headers = new Headers({ Accept: format === 'csv' ? 'application/zip' : 'application/json' });
  const idToken = context.getIdToken();
  if (idToken) headers.set('Authorization', `Bearer ${idToken}`);
  let response: Response;
  try {
    response = await (context.fetch ?? globalThis.fetch)(url, { method: 'GET', headers });
  } catch (error) {
    throw new ApiError(0, 'network_error', 'Cannery could not reach its server.', { cause: error });
  }
  if (!response.ok) throw await errorOf(response);
  return { blob: await response.blob(), filename: filenameFromContentDisposition(response.headers.get('Content-Disposition'), format === 'csv' ? 'person-data.zip' : 'person-data.json') };
}

/** Erases the person: 400 when `email` is not theirs, 409 for an account admin. */
export function erasePersonData(client: ApiClient, accountId: string, memberId: string, email: string): Promise<ErasureReport> {
  return client.request('POST', `${memberPath(accountId, memberId)}/erase`, { body: { email }, schema: erasureReport });
}
