/**
 * How long the account keeps its records (`GET/PUT /api/admin/accounts/{accountId}/retention`),
 * for the Settings page of account admins: the policy with the defaults, and saving it whole.
 */
import type { ApiClient } from '../../api/client';
import { retentionSettings, type RetentionPolicy, type RetentionSettings } from '../../api/contract/retention';

export const retentionQueryKey = (accountId: string) => ['admin', 'people', accountId, 'retention'] as const;

const retentionPath = (accountId: string) => `admin/accounts/${encodeURIComponent(accountId)}/retention`;

export function fetchRetention(client: ApiClient, accountId: string, signal?: AbortSignal): Promise<RetentionSettings> {
  return client.request('GET', retentionPath(accountId), { schema: retentionSettings, ...(signal ? { signal } : {}) });
}

export function saveRetention(client: ApiClient, accountId: string, policy: RetentionPolicy): Promise<RetentionSettings> {
  return client.request('PUT', retentionPath(accountId), { body: policy, schema: retentionSettings });
}
