/**
 * Every API route's contract: what it takes and answers, declared where the route is registered.
 * The handler reads its query and body through the contract, so the schemas it validates with
 * are the ones the OpenAPI document (server/openapi.ts) describes, and the document is generated
 * by walking the router: a route without a contract stops the server at start.
 *
 * How to declare a route: write `const name = contract({ summary, ... })` just above it and pass
 * `name` as the route's first handler, before any other middleware; the handler then reads
 * `name.query(c)` instead of `parseOr400(schema, { ... }, 'query')` and `await name.body(c)`
 * instead of `await readJson(c, schema)` (same checks, same 400 and 415 messages):
 *
 *     const create = contract({ summary: 'Create a block', admin: true, body: adminBlockInput, response: adminBlock, status: 201 });
 *     routes.post(`${TEAM}/blocks`, create, async (c) => {
 *       const input = await create.body(c);
 *
 * `query` takes the schema's keys from the query string (a key whose schema accepts a list gets
 * every value, `[]` when absent). A path parameter other than `:xxxId` (a 24-hex id) is declared
 * in `params` with its JSON schema. `admin`, `ifMatch` and `decided` add the admin API's answers
 * (403, 412/428/409, 409); `responses` adds or replaces others (`'403': { description }`). A body
 * the handler reads itself (a file) is described in `file`, by media type.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { RouterRoute } from 'hono/types';
import { z } from 'zod';
import type { AppEnv } from '../app-env';
import { parseOr400, readJson } from '../errors';

/** A body in a media type: its zod schema, or `'text'` for a file read as text. */
export type Content = z.ZodType | 'text';

/** An answer of the operation besides its success (or replacing the generated one). */
export interface Answer {
  description: string;
  /** Its JSON body. */
  schema?: z.ZodType;
  /** Bodies in other media types. */
  content?: Record<string, Content>;
  headers?: Record<string, object>;
}

export interface ContractSpec {
  summary: string;
  /** The JSON schema of each path parameter that is not a 24-hex id. */
  params?: Record<string, object>;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A body the handler reads itself, by media type (a file). */
  file?: Record<string, Content>;
  /** The success answer's JSON body. */
  response?: z.ZodType;
  status?: 200 | 201 | 204;
  /** 403 for members of the account who do not administer the team. */
  admin?: boolean;
  /** Needs `If-Match: "<version>"`: 428 without it, 412 when stale, 409 when the record's state forbids the change. */
  ifMatch?: boolean;
  /** Decides a suggestion: 409 when it is already decided. */
  decided?: boolean;
  /** More answers, by status; one of a status the contract already has replaces it. */
  responses?: Record<string, Answer>;
  /** Called without a bearer token. */
  anonymous?: boolean;
  /** Outside the API's conventions (the health check): no bearer token, only `responses`. */
  plain?: boolean;
  /** `false` for a route about the API itself (its description, the client configuration), left out of the document. */
  listed?: boolean;
}

type QueryOf<S> = S extends { query: infer Q extends z.ZodObject } ? z.output<Q> : never;
type BodyOf<S> = S extends { body: infer B extends z.ZodType } ? z.output<B> : never;

const CONTRACT = Symbol('contract');

export type Contract<S extends ContractSpec = ContractSpec> = MiddlewareHandler<AppEnv> & {
  readonly [CONTRACT]: S;
  /** The query string as the contract's `query` schema validates it; 400 naming each bad key. */
  query(c: Context<AppEnv>): QueryOf<S>;
  /** The JSON body as the contract's `body` schema validates it; 415 for another type, 400 naming each bad field. */
  body(c: Context<AppEnv>): Promise<BodyOf<S>>;
};

/** Which contract the request's route declared, so a handler cannot read with another's. */
const declaredFor = new WeakMap<object, ContractSpec>();

function assertDeclared(c: Context<AppEnv>, spec: ContractSpec): void {
  if (declaredFor.get(c) !== spec) throw new Error(`A handler read with the contract "${spec.summary}", which its route does not declare.`);
}

const listKeys = new WeakMap<z.ZodType, boolean>();

/** Whether a query key's schema takes a list (`?teams=a&teams=b`); worked out once per schema. */
function takesList(field: z.ZodType): boolean {
  let known = listKeys.get(field);
  if (known === undefined) {
    const schema = z.toJSONSchema(field, { io: 'input', unrepresentable: 'any' }) as { type?: unknown; anyOf?: Array<{ type?: unknown }> };
    known = schema.type === 'array' || (schema.anyOf ?? []).some((option) => option.type === 'array');
    listKeys.set(field, known);
  }
  return known;
}

export function contract<const S extends ContractSpec>(spec: S): Contract<S> {
  const lists = new Set(Object.entries(spec.query?.shape ?? {}).filter(([, field]) => takesList(field as z.ZodType)).map(([key]) => key));
  const declare: MiddlewareHandler<AppEnv> = async (c, next) => {
    declaredFor.set(c, spec);
    await next();
  };
  const query = (c: Context<AppEnv>) => {
    assertDeclared(c, spec);
    if (!spec.query) throw new Error(`The contract "${spec.summary}" has no query.`);
    const input: Record<string, unknown> = {};
    for (const key of Object.keys(spec.query.shape)) input[key] = lists.has(key) ? (c.req.queries(key) ?? []) : c.req.query(key);
    return parseOr400(spec.query, input, 'query') as QueryOf<S>;
  };
  const body = async (c: Context<AppEnv>) => {
    assertDeclared(c, spec);
    if (!spec.body) throw new Error(`The contract "${spec.summary}" has no body.`);
    return (await readJson(c, spec.body)) as BodyOf<S>;
  };
  return Object.assign(declare, { [CONTRACT]: spec, query, body });
}

/** The contract a router entry's handler carries, if it is one (through Hono's wrapping of a mounted app's handler). */
function specOf(handler: unknown): ContractSpec | undefined {
  if (typeof handler !== 'function') return undefined;
  const own = (handler as Partial<Contract>)[CONTRACT];
  if (own) return own;
  const inner = (handler as { __COMPOSED_HANDLER?: unknown }).__COMPOSED_HANDLER;
  return inner === undefined ? undefined : specOf(inner);
}

export interface DeclaredRoute {
  method: string;
  /** The router's path, `/api/admin/accounts/:accountId/...`. */
  path: string;
  spec: ContractSpec;
}

export class MissingContractError extends Error {
  override readonly name = 'MissingContractError';
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The path's parameter names, in order (`:teamId{[0-9a-f]+}` is `teamId`). */
export const parametersOf = (path: string): string[] => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);

/**
 * Every route under `prefix` with its contract, in the router's order. Refuses (MissingContractError,
 * naming each) a route without a contract, with two, or whose path has a parameter the contract
 * does not describe (or the contract one the path does not have).
 */
export function declaredRoutes(routes: readonly RouterRoute[], prefix = '/api/'): DeclaredRoute[] {
  const found = new Map<string, { method: string; path: string; specs: Set<ContractSpec> }>();
  for (const route of routes) {
    if (!METHODS.includes(route.method) || !route.path.startsWith(prefix)) continue;
    const key = `${route.method} ${route.path}`;
    const entry = found.get(key) ?? { method: route.method, path: route.path, specs: new Set() };
    found.set(key, entry);
    const spec = specOf(route.handler);
    if (spec) entry.specs.add(spec);
  }
  const problems: string[] = [];
  const declared: DeclaredRoute[] = [];
  for (const [key, { method, path, specs }] of found) {
    const [spec, ...more] = specs;
    if (!spec) {
      problems.push(`${key} has no contract`);
      continue;
    }
    if (more.length) problems.push(`${key} has ${specs.size} contracts`);
    const names = parametersOf(path);
    const stray = Object.keys(spec.params ?? {}).filter((name) => !names.includes(name));
    const undescribed = names.filter((name) => !spec.params?.[name] && !/Id$/.test(name));
    if (stray.length) problems.push(`${key} has no path parameter ${stray.join(', ')} that its contract describes`);
    if (undescribed.length) problems.push(`${key}: the contract does not describe the path parameter ${undescribed.join(', ')} (params)`);
    declared.push({ method, path, spec });
  }
  if (problems.length) {
    throw new MissingContractError(`${problems.join('; ')}. Declare each route's contract where it is registered (server/routes/contract.ts).`);
  }
  return declared;
}
