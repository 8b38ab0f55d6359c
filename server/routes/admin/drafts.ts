/**
 * A team's waiting changes to its blocks, under `/api/admin/accounts/{accountId}/teams/{teamId}/drafts`:
 * list them (team admins and editors), approve or reject an editor's (team admins), withdraw one
 * (its author, or a team admin). A change of another team or account is 404.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { adminDraft, adminDraftList, adminDraftsQuery } from '../../../src/api/contract/drafts';
import { administers, teamOf } from '../../library/access';
import { adminDraftOf, approveDraft, listWaiting, rejectDraft, withdrawDraft, type DraftRow } from '../../library/drafts';
import { ApiProblem } from '../../errors';
import { contract } from '../contract';
import { actorOf, pathIdOf, type AdminContext } from './route-helpers';

const DRAFT = '/accounts/:accountId/teams/:teamId/drafts/:draftId';

async function answer(c: AdminContext, draft: DraftRow): Promise<Response> {
  c.header('Cache-Control', 'private, no-store');
  return c.json(await adminDraftOf(c.var.services.database.db, actorOf(c), draft));
}

const onlyTeamAdmins = (c: AdminContext) => {
  if (!administers(c.var.caller, teamOf(c))) throw new ApiProblem(403, 'forbidden', 'Only admins of this team can approve or reject changes.');
};

export function adminDraftRoutes() {
  const routes = new Hono<AppEnv>();

  const list = contract({ summary: "The team's changes waiting for approval or for their time, oldest first", admin: true, query: adminDraftsQuery, response: adminDraftList });
  routes.get('/accounts/:accountId/teams/:teamId/drafts', list, async (c) => {
    const { state } = list.query(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await listWaiting(c.var.services.database.db, actorOf(c), state));
  });

  const approve = contract({ summary: "Approve an editor's change: staff see it now, as a new version the editor authored", admin: true, decided: true, response: adminDraft });
  routes.post(`${DRAFT}/approve`, approve, async (c) => {
    onlyTeamAdmins(c);
    const { draft } = await approveDraft(c.var.services.database.db, actorOf(c), pathIdOf(c, 'draftId', 'Change'));
    return answer(c, draft);
  });

  const reject = contract({ summary: "Reject an editor's change: staff never see it", admin: true, decided: true, response: adminDraft });
  routes.post(`${DRAFT}/reject`, reject, async (c) => {
    onlyTeamAdmins(c);
    return answer(c, await rejectDraft(c.var.services.database.db, actorOf(c), pathIdOf(c, 'draftId', 'Change')));
  });

  const withdraw = contract({ summary: 'Withdraw a waiting change (its author, or a team admin)', admin: true, decided: true, response: adminDraft });
  routes.post(`${DRAFT}/withdraw`, withdraw, async (c) => {
    const draft = await withdrawDraft(c.var.services.database.db, actorOf(c), pathIdOf(c, 'draftId', 'Change'), administers(c.var.caller, teamOf(c)));
    return answer(c, draft);
  });

  return routes;
}
