/**
 * The account's work-account domains and their proofs, under `/api/admin/accounts/{accountId}`
 * (account admins only; server/people/domains.ts):
 * - `GET /domains`, `POST /domains` (claim one), `DELETE /domains/{domain}`;
 * - `POST /domains/{domain}/verify`: looks for the claim's TXT record now.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { accountDomain, accountDomainList, claimDomainInput, emailDomain } from '../../../src/api/contract/people';
import { notFound } from '../../errors';
import { assertAccountAdmin, requirePeopleAccess } from '../../people/access';
import { claimDomain, dropClaim, listDomains, txtResolver, verifyDomain } from '../../people/domains';
import { contract } from '../contract';
import { ACCOUNT_ADMINS, peopleContext } from './people';

const ACCOUNT = '/accounts/:accountId';
const DOMAIN_PARAM = { domain: { type: 'string', description: 'A domain the account claims, such as aldercounty.example' } };

/** The path's domain, as claims store it; 404 for anything that is not a domain. */
function domainOf(c: Context<AppEnv>): string {
  const parsed = emailDomain.safeParse(c.req.param('domain') ?? '');
  if (!parsed.success) throw notFound('Domain');
  return parsed.data;
}

function adminContext(c: Context<AppEnv>) {
  const context = peopleContext(c);
  assertAccountAdmin(context.caller, 'manage the account’s domains');
  return context;
}

export function adminDomainRoutes() {
  const routes = new Hono<AppEnv>();
  routes.use(`${ACCOUNT}/domains`, requirePeopleAccess);
  routes.use(`${ACCOUNT}/domains/*`, requirePeopleAccess);

  const list = contract({ summary: "The account's work-account domains, proven or not, each with the DNS record that proves it", response: accountDomainList, responses: ACCOUNT_ADMINS });
  routes.get(`${ACCOUNT}/domains`, list, async (c) => c.json(await listDomains(adminContext(c))));

  const claim = contract({ summary: 'Claim a domain: it links nobody until proven (201; the same claim again when it exists)', body: claimDomainInput, response: accountDomain, status: 201, responses: ACCOUNT_ADMINS });
  routes.post(`${ACCOUNT}/domains`, claim, async (c) => {
    const { domain } = await claim.body(c);
    return c.json(await claimDomain(adminContext(c), domain), 201);
  });

  const drop = contract({ summary: 'Give a domain up: its work accounts no longer join or link; people already in stay', status: 204, params: DOMAIN_PARAM, responses: ACCOUNT_ADMINS });
  routes.delete(`${ACCOUNT}/domains/:domain`, drop, async (c) => {
    await dropClaim(adminContext(c), domainOf(c));
    return c.body(null, 204);
  });

  const verify = contract({
    summary: "Look for the domain's TXT record now; proven, the domain is this account's",
    response: accountDomain,
    params: DOMAIN_PARAM,
    responses: {
      ...ACCOUNT_ADMINS,
      '409': { description: 'The DNS proves another account too' },
      '422': { description: 'No TXT record holds this account’s code yet' },
      '503': { description: 'The DNS did not answer' },
    },
  });
  routes.post(`${ACCOUNT}/domains/:domain/verify`, verify, async (c) => {
    const { services } = c.var;
    return c.json(await verifyDomain(adminContext(c), domainOf(c), services.resolveTxt ?? txtResolver()));
  });

  return routes;
}
