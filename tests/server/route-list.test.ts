import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppEnv } from '../../server/app-env';
import type { Database } from '../../server/db/database';
import { openApiDocument } from '../../server/openapi';
import { contract, declaredRoutes, MissingContractError } from '../../server/routes/contract';
import { makeTestApp } from './support/app';
import { testDatabase } from './support/database';

/**
 * One route list: the OpenAPI document is generated from the contracts the router's routes declare
 * (server/routes/contract.ts), so every route the router serves is in the document and a route
 * without its contract is refused. The hostile-input suite (hostile-input.test.ts) and both admin
 * access matrices (admin-access.test.ts, people-access.test.ts) check their own lists against the
 * document generated from the same router, so a route added without its contract, its hostile-input
 * row or its row in an access matrix fails one of them.
 */
let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Routes about the API itself rather than calls of it: their contracts leave them out of the document. */
const ABOUT_THE_API = ['GET /config', 'GET /openapi.json'];

const operationsOf = (document: ReturnType<typeof openApiDocument>) =>
  Object.entries(document.paths).flatMap(([pattern, item]) =>
    Object.keys(item)
      .filter((key) => METHODS.includes(key))
      .map((method) => `${method.toUpperCase()} ${pattern}`),
  );

/** The server's router with one more route, as a developer would add it. */
function routerWith(add: (api: Hono<AppEnv>) => void) {
  const api = new Hono<AppEnv>();
  add(api);
  const copy = new Hono<AppEnv>();
  copy.route('/', makeTestApp(database));
  copy.route('/api', api);
  return copy;
}

const LEARNED = '/accounts/:accountId/teams/:teamId/learned';

describe('the route list', () => {
  it('is the same in the router and in the OpenAPI document it serves', async () => {
    const app = makeTestApp(database);
    const served = app.routes
      .filter((route) => METHODS.includes(route.method.toLowerCase()) && route.path.startsWith('/api/'))
      .map((route) => `${route.method} ${route.path.slice('/api'.length).replace(/:([A-Za-z]+)(\{[^}]*\})?/g, '{$1}')}`);
    const document = (await (await app.request('/api/openapi.json')).json()) as ReturnType<typeof openApiDocument>;
    expect([...new Set(served)].filter((route) => !ABOUT_THE_API.includes(route)).sort()).toEqual(operationsOf(document).sort());
    // The two left out are the only routes whose contracts say so.
    const unlisted = declaredRoutes(app.routes).filter((route) => route.spec.listed === false);
    expect(unlisted.map((route) => `${route.method} ${route.path.slice('/api'.length)}`).sort()).toEqual([...ABOUT_THE_API].sort());
  });

  it('refuses a route added without its contract, naming it', () => {
    const router = routerWith((api) => api.get(LEARNED, (c) => c.json([])));
    expect(() => openApiDocument(router.routes)).toThrow(MissingContractError);
    expect(() => openApiDocument(router.routes)).toThrow(`GET /api${LEARNED} has no contract`);
  });

  it('describes the same route once it declares its contract, from the schemas its handler validates with', () => {
    const learned = contract({ summary: 'Learned associations', query: z.object({ limit: z.coerce.number().int().max(50) }), response: z.array(z.string()) });
    const router = routerWith((api) => api.get(LEARNED, learned, (c) => c.json(Array.from({ length: learned.query(c).limit }, () => 'word'))));
    const item = openApiDocument(router.routes).paths['/accounts/{accountId}/teams/{teamId}/learned'];
    expect(item).toMatchObject({
      parameters: [{ name: 'accountId', in: 'path' }, { name: 'teamId', in: 'path' }],
      get: { summary: 'Learned associations', parameters: [{ name: 'limit', in: 'query' }], responses: { '200': { content: { 'application/json': { schema: { type: 'array' } } } } } },
    });
  });

  it('refuses a path parameter the contract does not describe, and one it describes that the path lacks', () => {
    const bySlug = routerWith((api) => api.get('/glossary/:slug', contract({ summary: 'A word' }), (c) => c.json({})));
    expect(() => openApiDocument(bySlug.routes)).toThrow('GET /api/glossary/:slug: the contract does not describe the path parameter slug');
    const stray = routerWith((api) => api.get('/glossary', contract({ summary: 'Words', params: { slug: { type: 'string' } } }), (c) => c.json({})));
    expect(() => openApiDocument(stray.routes)).toThrow('GET /api/glossary has no path parameter slug');
  });

  it('refuses a route with two contracts', () => {
    const router = routerWith((api) => api.get('/glossary', contract({ summary: 'Words' }), contract({ summary: 'More words' }), (c) => c.json({})));
    expect(() => openApiDocument(router.routes)).toThrow('GET /api/glossary has 2 contracts');
  });
});

describe('a contract’s accessors', () => {
  const teams = z.object({ teams: z.union([z.string(), z.array(z.string())]), num: z.coerce.number().int().max(5).optional() });
  const body = z.object({ name: z.string().min(1) });

  function app() {
    const listed = contract({ summary: 'Listed', query: teams });
    const named = contract({ summary: 'Named', body });
    const api = new Hono<AppEnv>();
    api.onError((error, c) => c.json({ message: error.message }, 'status' in error ? (error.status as 400) : 500));
    api.get('/listed', listed, (c) => c.json(listed.query(c)));
    api.post('/named', named, async (c) => c.json(await named.body(c)));
    // A handler reading with a contract its route does not declare.
    api.post('/misread', listed, async (c) => c.json(await named.body(c)));
    return api;
  }

  it('reads every value of a key whose schema takes a list, and the first of any other', async () => {
    const response = await app().request('/listed?teams=a&teams=b&num=3&num=4&other=x');
    expect(await response.json()).toEqual({ teams: ['a', 'b'], num: 3 });
  });

  it('answers 400 naming the bad key or field, and 415 for a body that is not JSON, as readJson does', async () => {
    const badQuery = await app().request('/listed?teams=a&num=9');
    expect(badQuery.status).toBe(400);
    expect(((await badQuery.json()) as { message: string }).message).toMatch(/^Invalid query\. num: /);
    const badBody = await app().request('/named', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":""}' });
    expect(badBody.status).toBe(400);
    expect(((await badBody.json()) as { message: string }).message).toMatch(/^Invalid body\. name: /);
    const text = await app().request('/named', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'name' });
    expect(text.status).toBe(415);
  });

  it('refuses to read for a route that declares another contract', async () => {
    const response = await app().request('/misread', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":"x"}' });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: 'A handler read with the contract "Named", which its route does not declare.' });
  });
});
