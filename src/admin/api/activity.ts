/** A team's activity (its audit log) in the admin API, a page at a time. */
import type { ApiClient } from '../../api/client';
import { auditPage, type AuditPage } from '../../api/contract/admin';
import { teamPath, type TeamRef } from './admin';

/** One page of the team's activity, newest first; `before` is the `next` of the page before. */
export function fetchAuditPage(client: ApiClient, team: TeamRef, before: string | null, signal?: AbortSignal): Promise<AuditPage> {
  return client.request('GET', `${teamPath(team)}/audit`, { schema: auditPage, query: { before: before ?? undefined }, ...(signal ? { signal } : {}) });
}
