/**
 * The OpenAPI 3 description of the API, generated from the routes' contracts (server/routes/contract.ts)
 * by walking the router: the zod schemas described are the ones the handlers validate with.
 */
import type { RouterRoute } from 'hono/types';
import { z } from 'zod';
import { apiError } from '../src/api/contract/common';
import { declaredRoutes, parametersOf, type Answer, type Content, type ContractSpec } from './routes/contract';

/** Each schema's JSON Schema, made once: the schemas are the contract modules' constants, shared by every app. */
const converted = new WeakMap<z.ZodType, object>();

function json(schema: z.ZodType): object {
  let result = converted.get(schema);
  if (!result) {
    result = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' });
    converted.set(schema, result);
  }
  return result;
}

const contentOf = (content: Record<string, Content>) =>
  Object.fromEntries(Object.entries(content).map(([type, schema]) => [type, { schema: schema === 'text' ? { type: 'string' } : json(schema) }]));

function answer({ description, schema, content, headers }: Answer) {
  const bodies = { ...(schema ? { 'application/json': schema } : {}), ...content };
  return { description, ...(headers ? { headers } : {}), ...(Object.keys(bodies).length ? { content: contentOf(bodies) } : {}) };
}

/** What every signed-in call may answer. */
const COMMON: Record<string, Answer> = {
  '400': { description: 'Invalid request: the message names each bad field', schema: apiError },
  '401': { description: 'No valid bearer ID token' },
  '404': { description: 'Not found, or not yours (no existence leak)' },
};

/** What the admin API's options add. */
function adminAnswers(spec: ContractSpec): Record<string, Answer> {
  return {
    ...(spec.admin ? { '403': { description: 'Not an admin of this team', schema: apiError } } : {}),
    ...(spec.ifMatch
      ? {
          '409': { description: 'The block is deleted (or, to undelete, not deleted)' },
          '412': { description: 'The block was changed by someone else since it was opened; the current ETag is sent' },
          '428': { description: 'If-Match is missing' },
        }
      : {}),
    ...(spec.decided ? { '409': { description: 'The suggestion was already approved or rejected' } } : {}),
  };
}

const IF_MATCH = { name: 'If-Match', in: 'header', required: true, schema: { type: 'string', example: '"3"' } };

function operation(spec: ContractSpec) {
  const answers: Record<string, Answer> = spec.plain
    ? { ...spec.responses }
    : {
        [String(spec.status ?? 200)]: { description: 'Success', ...(spec.response ? { schema: spec.response } : {}) },
        ...COMMON,
        ...adminAnswers(spec),
        ...spec.responses,
      };
  const responses = Object.fromEntries(Object.entries(answers).map(([status, value]) => [status, answer(value)]));
  if (spec.plain) return { summary: spec.summary, responses };
  const parameters = [
    ...Object.keys(spec.query?.shape ?? {}).map((name) => ({ name, in: 'query', required: false, schema: { type: 'string' } })),
    ...(spec.ifMatch ? [IF_MATCH] : []),
  ];
  const body = spec.file ?? (spec.body ? { 'application/json': spec.body } : undefined);
  return {
    summary: spec.summary,
    security: spec.anonymous ? [] : [{ bearer: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: { required: true, content: contentOf(body) } } : {}),
    responses,
  };
}

const ID = { type: 'string', pattern: '^[0-9a-fA-F]{24}$' };

const pathParameters = (path: string, spec: ContractSpec) =>
  parametersOf(path).map((name) => ({ name, in: 'path', required: true, schema: spec.params?.[name] ?? ID }));

export type OpenApiDocument = ReturnType<typeof openApiDocument>;

/** The document of the API the router `routes` serves under `/api` (a route without its contract is refused). */
export function openApiDocument(routes: readonly RouterRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { method, path, spec } of declaredRoutes(routes)) {
    if (spec.listed === false) continue;
    const pattern = path.slice('/api'.length).replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}');
    const parameters = pathParameters(path, spec);
    paths[pattern] ??= parameters.length ? { parameters } : {};
    paths[pattern][method.toLowerCase()] = operation(spec);
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Cannery API', version: '1' },
    servers: [{ url: '/api' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT (ID token)' } } },
    paths,
  };
}
