/**
 * The product's HTTP client (rules §6): every request carries `Authorization: Bearer <ID token>`
 * when one is held, and state-changing requests to relative URLs echo the `XSRF-TOKEN` cookie in
 * `X-XSRF-TOKEN`. Responses are validated against the caller's zod schema, so a screen never
 * renders a shape the contract does not promise; failures are thrown as `ApiError`.
 */
import type { z } from './contract/zod';
import { apiError } from './contract/common';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A query value; arrays become repeated parameters (`?teams=a&teams=b`), empty values are left out. */
export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

export interface RequestOptions<T> {
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Validates (and transforms) the response body; without it the parsed JSON is returned as is. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /**
   * A token to send instead of the held one: sign-in checks that a Cannery user exists before it
   * publishes the new token app-wide (publishing first would switch screens too early).
   */
  idToken?: string;
  /** More request headers, e.g. `Idempotency-Key` on records the outbox retries. */
  headers?: Record<string, string>;
  /**
   * Lets the request outlive the page (a closed task pane). Browsers cap the bodies of such
   * requests in flight at 64 KB, so a larger body is sent without it.
   */
  keepalive?: boolean;
}

/** Below the browsers' 64 KB cap on keepalive bodies in flight, leaving room for another. */
export const KEEPALIVE_BODY_LIMIT = 32 * 1024;

export interface ApiClient {
  /** The base every relative path is joined to, e.g. `/api` or `https://cannery.example.org/api`. */
  readonly baseUrl: string;
  request<T = unknown>(method: HttpMethod, path: string, options?: RequestOptions<T>): Promise<T>;
}

export interface ApiClientOptions {
  baseUrl: string;
  /** The ID token to send as bearer; null or empty when signed out. */
  getIdToken: () => string | null | undefined;
  /** Reads a cookie of the page; `document.cookie` by default (absent in extension workers). */
  getCookie?: (name: string) => string | null;
  /** `globalThis.fetch` by default; tests pass a fake. */
  fetch?: typeof fetch;
}

/**
 * A failed API call. `status` is the HTTP status, 0 when the server could not be reached; `code`
 * and `message` come from the server's `{ error: { code, message } }` body when it sent one.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** A URL without a scheme or host. Only those share the page's cookies, so only they get the XSRF echo. */
export function isRelativeUrl(url: string): boolean {
  return !/^[a-z][a-z\d+.-]*:/i.test(url) && !url.startsWith('//');
}

export function readDocumentCookie(name: string): string | null {
  const cookies = (globalThis as { document?: { cookie?: string } }).document?.cookie ?? '';
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return part.slice(separator + 1).trim();
    }
  }
  return null;
}

export function joinUrl(baseUrl: string, path: string): string {
  if (!isRelativeUrl(path)) return path;
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function withQuery(url: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const items = typeof value === 'object' ? value : [value];
    for (const item of items) params.append(key, String(item));
  }
  const search = params.toString();
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

async function readJson(response: Response): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const text = await response.text();
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

async function errorOf(response: Response): Promise<ApiError> {
  const body = await readJson(response).catch(() => ({ ok: false as const }));
  const parsed = body.ok ? apiError.safeParse(body.value) : null;
  if (parsed?.success) return new ApiError(response.status, parsed.data.error.code, parsed.data.error.message);
  return new ApiError(response.status, `http_${response.status}`, `The server answered ${response.status} ${response.statusText}`.trim());
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const getCookie = options.getCookie ?? readDocumentCookie;
  return {
    baseUrl: options.baseUrl,
    async request<T>(method: HttpMethod, path: string, requestOptions: RequestOptions<T> = {}): Promise<T> {
      const url = withQuery(joinUrl(options.baseUrl, path), requestOptions.query);
      const headers = new Headers({ ...requestOptions.headers, Accept: 'application/json' });
      const idToken = requestOptions.idToken ?? options.getIdToken();
      if (idToken) headers.set('Authorization', `Bearer ${idToken}`);
      if (method !== 'GET' && isRelativeUrl(url)) {
        const xsrf = getCookie(XSRF_COOKIE);
        if (xsrf) headers.set(XSRF_HEADER, xsrf);
      }
      const init: RequestInit = { method, headers, signal: requestOptions.signal ?? null };
      if (requestOptions.body !== undefined) {
        headers.set('Content-Type', 'application/json');
        init.body = JSON.stringify(requestOptions.body);
      }
      if (requestOptions.keepalive && (typeof init.body !== 'string' || new TextEncoder().encode(init.body).length <= KEEPALIVE_BODY_LIMIT)) init.keepalive = true;

      // Read at call time, so a fetch stubbed (or polyfilled) after the client was made is used.
      const doFetch = options.fetch ?? globalThis.fetch;
      let response: Response;
      try {
        response = await doFetch(url, init);
      } catch (error) {
        if (requestOptions.signal?.aborted) throw error;
        throw new ApiError(0, 'network_error', 'Cannery could not reach its server.', { cause: error });
      }
      if (!response.ok) throw await errorOf(response);

      const body = await readJson(response);
      if (!body.ok) throw new ApiError(response.status, 'invalid_response', `${method} ${path} did not answer with JSON.`);
      if (!requestOptions.schema) return body.value as T;
      const parsed = requestOptions.schema.safeParse(body.value);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
        throw new ApiError(response.status, 'invalid_response', `${method} ${path} answered an unexpected shape${where}: ${issue?.message ?? 'invalid'}`, {
          cause: parsed.error,
        });
      }
      return parsed.data;
    },
  };
}

/** True for answers that retrying cannot change (the request or the caller is wrong, not the network). */
export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}
