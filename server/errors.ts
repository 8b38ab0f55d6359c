import type { z } from 'zod';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error the API answers with `{ error: { code, message } }` and its status. */
export class ApiProblem extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  /** Response headers that go with the error (the current `ETag` of a 412, say). */
  readonly headers: Readonly<Record<string, string>>;
  constructor(status: ContentfulStatusCode, code: string, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiProblem';
    this.status = status;
    this.code = code;
    this.headers = headers;
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

/** Reads and validates the JSON body, or fails with a 400 that says what is wrong. */
export async function readJson<T extends z.ZodType>(c: { req: { json: () => Promise<unknown>; header: (name: string) => string | undefined } }, schema: T): Promise<z.output<T>> {
  if (!(c.req.header('Content-Type') ?? '').toLowerCase().startsWith('application/json')) {
    throw new ApiProblem(415, 'unsupported_media_type', 'Send the body as application/json.');
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiProblem(400, 'invalid_json', 'The request body is not valid JSON.');
  }
  return parseOr400(schema, body, 'body');
}
