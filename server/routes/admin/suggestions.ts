/**
 * The team's suggestions inbox, under `/api/admin/accounts/{accountId}/teams/{teamId}/suggestions`:
 * list them by status (open by default, newest first), approve one (the block is created as the
 * admin edited it) or reject one with a note. A decided suggestion cannot be decided again (409);
 * one of another team or account is 404.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { adminSuggestionApproval, adminSuggestionRejection, adminSuggestionsQuery, type AdminSuggestionApproved } from '../../../src/api/contract/admin';
import { teamOf } from '../../admin/access';
import { versionEtag } from '../../admin/preconditions';
import { approveSuggestion, rejectSuggestion, suggestionPageOf } from '../../admin/suggestions';
import type { AdminActor } from '../../admin/block-writes';
import { notFound, parseOr400, readJson } from '../../errors';
import { toAdminBlock } from './blocks';

const SUGGESTIONS = '/accounts/:accountId/teams/:teamId/suggestions';

type AdminContext = Context<AppEnv>;

const actorOf = (c: AdminContext): AdminActor => ({ userId: c.var.caller.id, accountId: c.var.caller.accountId, teamId: teamOf(c) });

/** The suggestion id of the path; one that cannot be an id names no suggestion. */
function suggestionIdOf(c: AdminContext): string {
  const id = c.req.param('suggestionId') ?? '';
  if (!/^[0-9a-f]{24}$/i.test(id)) throw notFound('Suggestion');
  return id.toLowerCase();
}

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
    c.header('ETag', versionEtag(block.version));
    c.header('Location', `/api/admin/accounts/${block.accountId}/teams/${block.teamId}/blocks/${block.id}`);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ suggestion, block: toAdminBlock(block) } satisfies AdminSuggestionApproved, 201);
  });

  routes.post(`${SUGGESTIONS}/:suggestionId/reject`, async (c) => {
    const suggestionId = suggestionIdOf(c);
    const { note } = await readJson(c, adminSuggestionRejection);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await rejectSuggestion(c.var.services.database.db, actorOf(c), suggestionId, note));
  });

  return routes;
}
