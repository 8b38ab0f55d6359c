/**
 * Mailboxes that pick the team, under `/api/admin/accounts/{accountId}` (account admins only;
 * server/people/mailboxes.ts):
 * - `GET /mailboxes`: the account's map, by address;
 * - `PUT /mailboxes/{address}`: map the address to one of the account's teams (or move it);
 * - `DELETE /mailboxes/{address}`.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { mailboxAddress, mailboxTeam, mailboxTeamList, setMailboxTeamInput } from '../../../src/api/contract/mailbox';
import { ApiProblem } from '../../errors';
import { requirePeopleAccess } from '../../people/access';
import { listMailboxTeams, removeMailboxTeam, setMailboxTeam, type MailboxContext } from '../../people/mailboxes';
import { contract } from '../contract';
import { ACCOUNT_ADMINS } from './people';

const ACCOUNT = '/accounts/:accountId';
const ADDRESS_PARAM = { address: { type: 'string', description: 'A shared mailbox, delegated account or alias, such as elections@aldercounty.example' } };

/** The path's address, lower-cased; 400 with the contract's words for anything that is not one. */
function addressOf(c: Context<AppEnv>): string {
  const parsed = mailboxAddress.safeParse(c.req.param('address') ?? '');
  if (!parsed.success) throw new ApiProblem(400, 'invalid_request', 'address: must be an email address');
  return parsed.data;
}

function mailboxContext(c: Context<AppEnv>): MailboxContext {
  return { db: c.var.services.database.db, caller: c.var.caller, now: () => new Date() };
}

export function adminMailboxRoutes() {
  const routes = new Hono<AppEnv>();
  routes.use(`${ACCOUNT}/mailboxes`, requirePeopleAccess);
  routes.use(`${ACCOUNT}/mailboxes/*`, requirePeopleAccess);

  const list = contract({ summary: 'The mailboxes (shared, delegated, aliases) that pick a team, by address', response: mailboxTeamList, responses: ACCOUNT_ADMINS });
  routes.get(`${ACCOUNT}/mailboxes`, list, async (c) => c.json(await listMailboxTeams(mailboxContext(c))));

  const set = contract({
    summary: 'Map a mailbox address to one of the account’s teams, or move it to another',
    body: setMailboxTeamInput,
    response: mailboxTeam,
    params: ADDRESS_PARAM,
    responses: { ...ACCOUNT_ADMINS, '409': { description: 'The account maps as many mailboxes as it may' }, '422': { description: 'The team is not one of the account’s' } },
  });
  routes.put(`${ACCOUNT}/mailboxes/:address`, set, async (c) => {
    const address = addressOf(c);
    const { teamId } = await set.body(c);
    return c.json(await setMailboxTeam(mailboxContext(c), address, teamId));
  });

  const remove = contract({ summary: 'Stop a mailbox from picking a team', status: 204, params: ADDRESS_PARAM, responses: ACCOUNT_ADMINS });
  routes.delete(`${ACCOUNT}/mailboxes/:address`, remove, async (c) => {
    await removeMailboxTeam(mailboxContext(c), addressOf(c));
    return c.body(null, 204);
  });

  return routes;
}
