import { describe, expect, it } from 'vitest';
import type { DeclaredRoute } from '../../../server/routes/contract';
import { makeAccount, makeBlock, makeTeam, makeUser } from '../../fixtures/factories';
import { checkUnmodelledRequests, serveApiData, takeUnmodelledRequests } from '../support/api-handlers';
import { recordRequests } from '../support/api-server';
import { contractRoutes, routeKey, sampleOf } from '../support/contract-routes';

/**
 * The unit tests' fake backend (tests/unit/support/api-handlers.ts) answers every route of the
 * API's contract as the contract says a success looks, from the demo data served where it has
 * some, and a request for a route the contract does not have fails the test that sent it.
 */
const account = makeAccount();
const block = makeBlock({ account: account._id });
const user = makeUser({ account: account._id });

/** A value for each path parameter: the served account, else an id or a word of the parameter's shape. */
const PARAMETERS: Record<string, string> = { accountId: account._id, userSub: 'morgan-sub', domain: 'aldercounty.example', version: '1' };

function urlOf({ path }: DeclaredRoute): string {
  const filled = path.replace(/\{[^}]*\}/g, '').replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => PARAMETERS[name] ?? 'b10c'.padEnd(24, '0'));
  return path === '/api/accounts' ? `${filled}?id=${account._id}` : filled;
}

function bodyOf(route: DeclaredRoute): string | undefined {
  if (route.method === 'GET' || route.method === 'DELETE') return undefined;
  if (routeKey(route) === 'POST /api/accounts/:accountId/favouriteautoresponses') return JSON.stringify({ autoResponseId: block._id });
  return JSON.stringify(route.spec.body ? sampleOf(route.spec.body) : {});
}

describe('the fake backend', () => {
  it.each(contractRoutes().map((route) => [routeKey(route), route] as const))('answers %s with its contract’s success', async (_, route) => {
    serveApiData({ userFor: () => user, account, teams: [makeTeam()], blocks: [block], classify: { prediction: 'Election' } });
    const response = await fetch(urlOf(route), {
      method: route.method,
      headers: { Authorization: 'Bearer token', 'Content-Type': 'application/json' },
      body: bodyOf(route),
    });
    expect(response.status).toBe(route.spec.status ?? 200);
    if (route.spec.response) expect(route.spec.response.safeParse(await response.json()).error).toBeUndefined();
    expect(takeUnmodelledRequests()).toEqual([]);
  });

  it('fails the test that sends a request for a route the contract does not have, naming its method and URL', async () => {
    const requests = recordRequests();
    expect((await fetch('/api/accounts/no-such-route')).status).toBe(404);
    expect((await fetch('/api/user-info', { method: 'DELETE' })).status).toBe(404);
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual(['GET /api/accounts/no-such-route', 'DELETE /api/user-info']);
    // What the check after each test throws; it forgets what it reported, so this test passes.
    expect(() => checkUnmodelledRequests()).toThrow(
      new RegExp(`no route for GET ${location.origin}/api/accounts/no-such-route \\(in ".*route the contract does not have.*"\\); DELETE ${location.origin}/api/user-info`),
    );
    expect(() => checkUnmodelledRequests()).not.toThrow();
  });
});
