/**
 * Which Cannery server the extension calls: the one an office's IT names in the browser's managed
 * configuration (Chrome Enterprise policy `3rdparty.extensions.<id>`, Firefox's `3rdparty`
 * policy), else the one it was built for. Only `storage.managed` is read for it: the browser lets
 * policy alone write that area, so no page, content script or other extension can point Cannery at
 * another server (the writable `local`, `sync` and `session` areas are never consulted). A managed
 * value that is not an HTTPS origin (or a loopback `http:` one, for a server on the same machine)
 * is ignored, and the build's server is used.
 */

/** The key of `public/managed-schema.json` (the schema Chrome shows IT at chrome://policy). */
export const MANAGED_SERVER_KEY = 'server';

/** The part of `browser.storage.managed` this reads (a test's fake, or the browser's). */
export interface ManagedArea {
  get(keys: string): Promise<Record<string, unknown>>;
}

export interface ExtensionServer {
  /** The API base to mount the app with, e.g. `https://cannery.county.example/api`. */
  apiBase: string;
  /** Where it came from: the managed configuration, or the build. */
  source: 'managed' | 'build';
}

/** The origin of a managed `server` value, or null when it is not one the extension may call. */
export function managedServerOrigin(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) return null;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null;
  return url.origin;
}

/**
 * The server to call. `managed` is undefined where the browser has no managed storage; reading it
 * fails where no policy or schema is installed (Firefox without a policy), which means "not managed".
 */
export async function extensionServer(managed: ManagedArea | undefined, buildApiBase: string): Promise<ExtensionServer> {
  let value: unknown;
  try {
    value = managed ? (await managed.get(MANAGED_SERVER_KEY))[MANAGED_SERVER_KEY] : undefined;
  } catch {
    value = undefined;
  }
  const origin = managedServerOrigin(value);
  return origin ? { apiBase: `${origin}/api`, source: 'managed' } : { apiBase: buildApiBase, source: 'build' };
}
