/**
 * The admin API, mounted at `/api/admin` behind sign-in: team admins write and organise their
 * team's blocks and checklists, decide what members suggest and read how the team uses its
 * blocks. Every route under `/accounts/{accountId}/teams/{teamId}/...` is for admins of that team,
 * and a few of its block routes for its editors too (server/library/access.ts). The account's people, teams and settings are people.ts's, a person's data person-data.ts's,
 * its retention retention.ts's, its domains domains.ts's, its synonyms synonyms.ts's, the
 * mailboxes that pick a team mailboxes.ts's.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../app-env';
import { requireTeamLibrary } from '../../library/access';
import { adminDraftRoutes } from './drafts';
import { adminAuditRoutes } from './audit';
import { adminBlockTransferRoutes } from './block-transfer';
import { adminBlockRoutes } from './blocks';
import { adminPeopleRoutes } from './people';
import { adminPersonDataRoutes } from './person-data';
import { adminRetentionRoutes } from './retention';
import { adminDomainRoutes } from './domains';
import { adminMailboxRoutes } from './mailboxes';
import { adminChecklistRoutes } from './checklists';
import { adminLearningRoutes } from './learning';
import { adminSuggestionRoutes } from './suggestions';
import { adminSynonymRoutes } from './synonyms';
import { adminTeamRoutes } from './teams';
import { adminUsageRoutes } from './usage';
import { adminStewardshipRoutes } from './stewardship';

export function adminRoutes() {
  const routes = new Hono<AppEnv>();
  // The team's own records; the team itself (`PATCH .../teams/{teamId}`) is the account admin's
  // (people.ts), and what it learned is the account admin's and the team admins' (learning.ts).
  const teamAdminsOnly: MiddlewareHandler<AppEnv> = (c, next) => (c.req.param('record') === 'learning' ? next() : requireTeamLibrary(c, next));
  routes.use('/accounts/:accountId/teams/:teamId/:record{.+}', teamAdminsOnly);
  routes.route('/', adminPeopleRoutes());
  routes.route('/', adminPersonDataRoutes());
  routes.route('/', adminRetentionRoutes());
  routes.route('/', adminDomainRoutes());
  routes.route('/', adminMailboxRoutes());
  routes.route('/', adminSynonymRoutes());
  routes.route('/', adminTeamRoutes());
  routes.route('/', adminBlockTransferRoutes());
  routes.route('/', adminBlockRoutes());
  routes.route('/', adminDraftRoutes());
  routes.route('/', adminChecklistRoutes());
  routes.route('/', adminStewardshipRoutes());
  routes.route('/', adminAuditRoutes());
  routes.route('/', adminSuggestionRoutes());
  routes.route('/', adminUsageRoutes());
  routes.route('/', adminLearningRoutes());
  return routes;
}
