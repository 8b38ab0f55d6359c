/** A team's suggestions inbox in the admin API: pages by status, approve (as a block), reject. */
import { ApiError, type ApiClient } from '../../api/client';
import {
  adminSuggestion,
  adminSuggestionApproved,
  adminSuggestionPage,
  type AdminBlockInput,
  type AdminSuggestion,
  type AdminSuggestionApproved,
  type AdminSuggestionPage,
  type SuggestionStatus,
} from '../../api/contract/admin';
import { teamPath, type TeamRef } from './admin';

/** One page of the team's suggestions with `status`, newest first; `before` is the `next` of the page before. */
export function fetchSuggestions(client: ApiClient, team: TeamRef, status: SuggestionStatus, before: string | null, signal?: AbortSignal): Promise<AdminSuggestionPage> {
  return client.request('GET', `${teamPath(team)}/suggestions`, { schema: adminSuggestionPage, query: { status, before: before ?? undefined }, ...(signal ? { signal } : {}) });
}

/** Approves a suggestion: the block the admin made of it is created, and the suggestion marked approved. */
export function approveSuggestion(client: ApiClient, team: TeamRef, suggestionId: string, block: AdminBlockInput): Promise<AdminSuggestionApproved> {
  return client.request('POST', `${teamPath(team)}/suggestions/${encodeURIComponent(suggestionId)}/approve`, { body: block, schema: adminSuggestionApproved });
}

/** Rejects a suggestion, with the admin's note for the record. */
export function rejectSuggestion(client: ApiClient, team: TeamRef, suggestionId: string, note: string): Promise<AdminSuggestion> {
  return client.request('POST', `${teamPath(team)}/suggestions/${encodeURIComponent(suggestionId)}/reject`, { body: { note: note.trim() || null }, schema: adminSuggestion });
}

/** A suggestion decided meanwhile by another admin (409). */
export function isAlreadyDecided(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}
