/**
 * `GET ACCOUNT_ROUTES.mailboxes`: the mailboxes (shared, delegated, aliases) that pick one of the
 * caller's teams, for the task pane to show that team when an item of such a mailbox is open.
 * Only entries whose team the caller belongs to, archived teams aside: a mailbox mapped to another
 * team is not told (server/people/mailboxes.ts).
 */
import { ACCOUNT_ROUTES, routePattern } from '../../src/api/contract/paths';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { memberMailboxTeamList } from '../../src/api/contract/mailbox';
import { requireAccountMember } from '../auth/middleware';
import { mailboxTeamsOfMember } from '../people/mailboxes';
import { contract } from './contract';

export function mailboxRoutes() {
  const list = contract({ summary: "The mailbox addresses that pick one of the caller's teams, by address", response: memberMailboxTeamList });
  return new Hono<AppEnv>().get(routePattern(ACCOUNT_ROUTES.mailboxes), list, requireAccountMember, async (c) =>
    c.json(await mailboxTeamsOfMember(c.var.services.database.db, c.var.caller)),
  );
}
