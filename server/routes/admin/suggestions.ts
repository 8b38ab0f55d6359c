/**
 * The team's suggestions inbox, under `/api/admin/accounts/{accountId}/teams/{teamId}/suggestions`:
 * list them by status (open by default, newest first), approve one (the block is created as the
 * admin edited it) or reject one with a note. A decided suggestion cannot be decided again (409);
 * one of another team or account is 404.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import {
  adminSuggestion,
  adminSuggestionApproval,
  adminSuggestionApproved,
  adminSuggestionPage,
  adminSuggestionRejection,
  adminSuggestionsQuery,
  type AdminSuggestionApproved,
} from '../../../src/api/contract/admin';
import { teamOf } from '../../library/access';
import { approveSuggestion, rejectSuggestion, suggestionPageOf } from '../../library/suggestions';
import { contract } from '../contract';
import { adminBlockOf } from './blocks';
import { actorOf, answerVersioned, pathIdOf, type AdminContext } from './route-helpers';

const SUGGESTIONS = '/accounts/:accountId/teams/:teamId/suggestions';

const suggestionIdOf = (c: AdminContext): string => pathIdOf(c, 'suggestionId', 'Suggestion');

export function adminSuggestionRoutes() {
  const routes = new Hono<AppEnv>();

  const list = contract({
    summary: "The team's suggested blocks with one status (open by default), newest first; pass next as before for the next page",
    admin: true,
    query: adminSuggestionsQuery,
    response: adminSuggestionPage,
  });
  routes.get(SUGGESTIONS, list, async (c) => {
    const query = list.query(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await suggestionPageOf(c.var.services.database.db, c.var.caller.accountId, teamOf(c), query));
  });

  const approve = contract({
    summary: 'Approve an open suggestion: creates the block as sent (version 1) and marks the suggestion approved; 409 when already decided',
    admin: true,
    decided: true,
    body: adminSuggestionApproval,
    response: adminSuggestionApproved,
    status: 201,
  });
  routes.post(`${SUGGESTIONS}/:suggestionId/approve`, approve, async (c) => {
    const suggestionId = suggestionIdOf(c);
    const input = await approve.body(c);
    const { suggestion, block } = await approveSuggestion(c.var.services.database.db, actorOf(c), suggestionId, input);
    // The new block's ETag and Location, as for a block created with POST .../blocks.
    return answerVersioned(c, block, { suggestion, block: await adminBlockOf(c, block) } satisfies AdminSuggestionApproved, 'blocks', 201);
  });

  const reject = contract({
    summary: 'Reject an open suggestion with an optional note; 409 when already decided',
    admin: true,
    decided: true,
    body: adminSuggestionRejection,
    response: adminSuggestion,
  });
  routes.post(`${SUGGESTIONS}/:suggestionId/reject`, reject, async (c) => {
    const suggestionId = suggestionIdOf(c);
    const { note } = await reject.body(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await rejectSuggestion(c.var.services.database.db, actorOf(c), suggestionId, note));
  });

  return routes;
}
