import type { z } from 'zod';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error the API answers with `{ error: { code, message } }` and its status. */
export class ApiProblem extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  constructor(status: ContentfulStatusCode, code: string, message: string) {
    super(message);
    this.name = 'ApiProblem';
    this.status = status;
    this.code = code;
  }
}

export const notFound = (what: string) => new ApiProblem(404, 'not_found', `${what} was not found.`);

/** Parses `input` with `schema`, or fails with a 400 that names each bad field. */
export function parseOr400<T extends z.ZodType>(schema: T, input: unknown, where: string): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : where}: ${issue.message}`)
    .join('; ');
  throw new ApiProblem(400, 'invalid_request', `Invalid ${where}. ${details}`);
}
