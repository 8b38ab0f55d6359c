/** The pieces every part of the OpenAPI document (openapi.ts) is written with. */
import { z } from 'zod';
import { apiError } from '../src/api/contract/common';

export type Schema = z.ZodType;

export const json = (schema: Schema) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' });

export const errors = {
  '400': { description: 'Invalid request: the message names each bad field', content: { 'application/json': { schema: json(apiError) } } },
  '401': { description: 'No valid bearer ID token' },
  '404': { description: 'Not found, or not yours (no existence leak)' },
};

/** What the admin API adds to an operation: who may call it and its version checks. */
export interface AdminOptions {
  /** 403 for members of the account who do not administer the team. */
  admin?: boolean;
  /** Needs `If-Match: "<version>"`: 428 without it, 412 when stale, 409 when the block's state forbids the change. */
  ifMatch?: boolean;
  /** Decides a suggestion: 409 when it is already decided. */
  decided?: boolean;
}

const IF_MATCH = { name: 'If-Match', in: 'header', required: true, schema: { type: 'string', example: '"3"' } };

export function adminResponses(options: AdminOptions) {
  return {
    ...(options.admin ? { '403': { description: 'Not an admin of this team', content: { 'application/json': { schema: json(apiError) } } } } : {}),
    ...(options.ifMatch
      ? {
          '409': { description: 'The block is deleted (or, to undelete, not deleted)' },
          '412': { description: 'The block was changed by someone else since it was opened; the current ETag is sent' },
          '428': { description: 'If-Match is missing' },
        }
      : {}),
    ...(options.decided ? { '409': { description: 'The suggestion was already approved or rejected' } } : {}),
  };
}

export function operation(summary: string, options: { query?: z.ZodObject; body?: Schema; response?: Schema; status?: string } & AdminOptions) {
  const parameters = [
    ...(options.query ? Object.keys(options.query.shape).map((name) => ({ name, in: 'query', required: false, schema: { type: 'string' } })) : []),
    ...(options.ifMatch ? [IF_MATCH] : []),
  ];
  return {
    summary,
    security: [{ bearer: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(options.body ? { requestBody: { required: true, content: { 'application/json': { schema: json(options.body) } } } } : {}),
    responses: {
      [options.status ?? '200']: {
        description: 'Success',
        ...(options.response ? { content: { 'application/json': { schema: json(options.response) } } } : {}),
      },
      ...errors,
      ...adminResponses(options),
    },
  };
}

export const pathId = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9a-fA-F]{24}$' } });

