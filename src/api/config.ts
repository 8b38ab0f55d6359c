/** `GET /config`: the client config (see `contract/client-config.ts`), loaded before anything else. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, isRelativeUrl, joinUrl, type ApiClient } from './client';
import { clientConfig, type ClientConfig } from './contract/client-config';

/**
 * Answers that mean "this server publishes no client config" rather than "the server is down":
 * a server without the route answers 404, and one that puts every unknown `/api` path behind
 * sign-in answers 401 or 403. Sign-in is then unavailable but the guest screens still work.
 */
const NOT_PUBLISHED = new Set([401, 403, 404]);

export const clientConfigQueryKey = (apiBase: string) => ['client-config', apiBase] as const;

/** The published config, or null when the server publishes none. Other failures throw `ApiError`. */
export async function fetchClientConfig(client: ApiClient, signal?: AbortSignal): Promise<ClientConfig | null> {
  try {
    return await client.request('GET', 'config', { schema: clientConfig, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (error instanceof ApiError && NOT_PUBLISHED.has(error.status)) return null;
    throw error;
  }
}

/**
 * Resolves a URL the config names against the config's own URL. With `keepRelative`, a path stays
 * a path when the config itself came from a relative URL, so same-origin API requests keep getting
 * the XSRF echo (rules §6); otherwise (the extension, or Amplify, which needs an absolute endpoint)
 * the result is absolute.
 */
export function resolveConfigUrl(
  url: string,
  configUrl: string,
  options: { keepRelative?: boolean; pageUrl?: string } = {},
): string {
  if (!isRelativeUrl(url)) return url.replace(/\/+$/, '');
  if (options.keepRelative && isRelativeUrl(configUrl) && url.startsWith('/')) return url.replace(/\/+$/, '') || '/';
  const pageUrl = options.pageUrl ?? globalThis.location?.href ?? 'http://localhost/';
  return new URL(url, new URL(configUrl, pageUrl)).href.replace(/\/+$/, '');
}

/** Where the config of the API at `apiBase` is published. */
export function configUrlOf(apiBase: string): string {
  return joinUrl(apiBase, 'config');
}

export function clientConfigQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: clientConfigQueryKey(client.baseUrl),
    queryFn: ({ signal }) => fetchClientConfig(client, signal),
    // Published once per deployment: never refetched while the app runs.
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useClientConfig(client: ApiClient) {
  return useQuery(clientConfigQueryOptions(client));
}
