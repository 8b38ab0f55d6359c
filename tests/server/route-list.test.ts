import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { openApiDocument } from '../../server/openapi';
import { makeTestApp } from './support/app';
import { testDatabase } from './support/database';

/**
 * One route list: every route the API's router serves is described in the OpenAPI document, and
 * every operation the document describes is served. The hostile-input suite checks its own route
 * list against the same document (hostile-input.test.ts), so a route added without its contract,
 * its description or its hostile-input row fails one of the two.
 */
let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Routes that are about the API itself rather than calls of it. */
const ABOUT_THE_API = ['GET /config', 'GET /openapi.json'];

describe('the route list', () => {
  it('is the same in the router and in the OpenAPI document', () => {
    const served = makeTestApp(database)
      .routes.filter((route) => METHODS.includes(route.method.toLowerCase()) && route.path.startsWith('/api/'))
      .map((route) => `${route.method} ${route.path.slice('/api'.length).replace(/:([A-Za-z]+)(\{[^}]*\})?/g, '{$1}')}`);
    const described = Object.entries(openApiDocument().paths).flatMap(([pattern, item]) =>
      Object.keys(item)
        .filter((key) => METHODS.includes(key))
        .map((method) => `${method.toUpperCase()} ${pattern}`),
    );
    expect([...new Set(served)].filter((route) => !ABOUT_THE_API.includes(route)).sort()).toEqual([...new Set(described)].sort());
  });
});
