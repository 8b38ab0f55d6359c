/**
 * The API's routes as the server declares them (server/routes/contract.ts): the server app is built
 * with inert services, only to walk its router, as the OpenAPI document is generated
 * (server/openapi.ts). Each route comes with a default answer: its success status and a body its
 * contract's response schema accepts, made from the schema itself (empty lists, the first enum
 * value, ids and times of the right shape); a route whose answer cannot be made so is named in the
 * error. The fake backend (`api-handlers.ts`) answers so every route it has no demo data for.
 */
import type { RouterRoute } from 'hono/types';
import { z } from 'zod';
import { createApp } from '../../../server/app';
import type { Services } from '../../../server/app-env';
import { openApiDocument } from '../../../server/openapi';
import { declaredRoutes, type DeclaredRoute } from '../../../server/routes/contract';
import { clientConfig } from '../../../src/api/contract/client-config';
import { DEFAULT_ACCOUNT_ID } from '../../fixtures/factories';

/** Services that are never called: the router is only walked, never asked. */
const inert = new Proxy({}, { get: () => () => undefined });

let router: RouterRoute[] | undefined;

/** The server's router entries. */
function serverRouter(): RouterRoute[] {
  router ??= createApp({
    services: {
      database: inert,
      logger: inert,
      verifyIdToken: inert,
      allowedOrigins: [],
      clientConfig: { userPool: { poolId: 'local_test', clientId: 'test-client', endpoint: '/identity' }, sso: null },
      classifier: null,
    } as unknown as Services,
  }).routes;
  return router;
}

/** Every API route the server serves, with its contract, in the router's order. */
export const contractRoutes = (): DeclaredRoute[] => declaredRoutes(serverRouter());

/** `GET /api/accounts/:accountId/teams`: how a test names a route. */
export const routeKey = (route: Pick<DeclaredRoute, 'method' | 'path'>) => `${route.method} ${route.path}`;

/** A default answer: status, and a JSON body, a text body of a media type, or none. */
export type DefaultAnswer = { status: number; json?: unknown; text?: { type: string; body: string } };

/** The routes outside the API's conventions, whose contracts describe no body (`plain`). */
const PLAIN: Record<string, () => DefaultAnswer> = {
  'GET /api/health': () => ({ status: 200, json: { ok: true, database: 'pglite', checks: { database: true, migrations: true, stopping: false } } }),
  'GET /api/health/ready': () => ({ status: 200, json: { ok: true, database: 'pglite', checks: { database: true, migrations: true, stopping: false } } }),
  'GET /api/health/live': () => ({ status: 200, json: { ok: true } }),
  'GET /api/config': () => ({
    status: 200,
    json: clientConfig.parse({ apiBase: '/api', userPool: { poolId: 'local_test', clientId: 'test-client', endpoint: '/identity' }, sso: null }),
  }),
  'GET /api/openapi.json': () => ({ status: 200, json: openApiDocument(serverRouter()) }),
};

/** Strings tried, in order, for a string schema: the first it accepts is the sample. */
const STRINGS = [DEFAULT_ACCOUNT_ID, '2026-11-20T09:30:00.000Z', 'https://example.test/', 'pat@example.gov', 'Alder County', '"1"', 'a'];
const NUMBERS = [1, 0];

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The smallest value `schema` accepts (as its input, the JSON a server sends), or undefined. */
export function sampleOf(schema: z.ZodType): unknown {
  const def = defOf(schema);
  const first = (candidates: readonly unknown[]) => candidates.find((candidate) => schema.safeParse(candidate).success);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return Object.fromEntries(Object.entries(shape).flatMap(([key, field]) => (defOf(field).type === 'optional' ? [] : [[key, sampleOf(field)]])));
    }
    case 'array':
      return first([[], [sampleOf(def.element as z.ZodType)]]);
    case 'string':
      return first(STRINGS);
    case 'number':
    case 'int':
      return first(NUMBERS);
    case 'boolean':
      return false;
    case 'null':
    case 'nullable':
      return null;
    case 'optional':
    case 'undefined':
      return undefined;
    case 'default':
      return sampleOf(def.innerType as z.ZodType);
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'record':
      return {};
    case 'union':
      return first((def.options as z.ZodType[]).map(sampleOf));
    case 'pipe':
      return sampleOf(def.in as z.ZodType);
    case 'lazy':
      return sampleOf((def.getter as () => z.ZodType)());
    case 'tuple':
      return (def.items as z.ZodType[]).map(sampleOf);
    default:
      return null;
  }
}

/** The route's default answer, checked against its contract; throws naming a route it cannot make one for. */
export function defaultAnswer(route: DeclaredRoute): DefaultAnswer {
  const { spec } = route;
  const plain = PLAIN[routeKey(route)];
  if (plain) return plain();
  const status = spec.status ?? 200;
  if (spec.response) {
    const json = sampleOf(spec.response);
    const checked = spec.response.safeParse(json);
    if (!checked.success) throw new Error(`No default answer for ${routeKey(route)}: ${z.prettifyError(checked.error)}. Give it demo data in api-handlers.ts.`);
    return { status, json };
  }
  const [type] = Object.keys(spec.responses?.[String(status)]?.content ?? {});
  if (type) return { status, text: { type, body: '' } };
  if (status === 204) return { status };
  throw new Error(`No default answer for ${routeKey(route)}: its contract describes no success body. Give it demo data in api-handlers.ts.`);
}
