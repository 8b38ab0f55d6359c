/**
 * The team's suggestions inbox, under `/api/admin/accounts/{accountId}/teams/{teamId}/suggestions`:
 * list them by status (open by default, newest first), approve one (the block is created as the
 * admin edited it) or reject one with a note. A decided suggestion cannot be decided again (409);
 * one of another team or account is 404.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { adminSuggestionApproval, adminSuggestionRejection, adminSuggestionsQuery, type AdminSuggestionApproved } from '../../../src/api/contract/admin';
import { teamOf } from '../../admin/access';
import { approveSuggestion, rejectSuggestion, suggestionPageOf } from '../../admin/suggestions';
import { parseOr400, readJson } from '../../errors';
import { toAdminBlock } from './blocks';
import { actorOf, answerVersioned, pathIdOf, type AdminContext } from './route-helpers';

const SUGGESTIONS = '/accounts/:accountId/teams/:teamId/suggestions';

const suggestionIdOf = (c: AdminContext): string => pathIdOf(c, 'suggestionId', 'Suggestion');

export function adminSuggestionRoutes() {
  const routes = new Hono<AppEnv>();

  routes.get(SUGGESTIONS, async (c) => {
    const query = parseOr400(adminSuggestionsQuery, { status: c.req.query('status'), before: c.req.query('before'), limit: c.req.query('limit') }, 'query');
    c.header('Cache-Control', 'private, no-store');
    return c.json(await suggestionPageOf(c.var.services.database.db, c.var.caller.accountId, teamOf(c), query));
  });

  routes.post(`${SUGGESTIONS}/:suggestionId/approve`, async (c) => {
    const suggestionId = suggestionIdOf(c);
    const input = await readJson(c, adminSuggestionApproval);
    const { suggestion, block } = await approveSuggestion(c.var.services.database.db, actorOf(c), suggestionId, input);
    // The new block's ETag and Location, as for a block created with POST .../blocks.
    return answerVersioned(c, block, { suggestion, block: toAdminBlock(block) } satisfies AdminSuggestionApproved, 'blocks', 201);
  });

  routes.post(`${SUGGESTIONS}/:suggestionId/reject`, async (c) => {
    const suggestionId = suggestionIdOf(c);
    const { note } = await readJson(c, adminSuggestionRejection);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await rejectSuggestion(c.var.services.database.db, actorOf(c), suggestionId, note));
  });

  return routes;
}
