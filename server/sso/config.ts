import { DEV_EXTENSION_ORIGIN } from '../config';
import { STAND_IN_CLIENT_ID, STAND_IN_MOUNT } from './stand-in';

/**
 * Work-account single sign-on settings, from the environment (listed in server/sso/README.md):
 *
 * - `SSO_STAND_IN=1`: run the local stand-in provider at `/sso-stand-in` and sign in against it.
 * - `SSO_AUTHORITY`: the provider's issuer, e.g. `https://login.microsoftonline.com/<tenant>/v2.0`.
 * - `SSO_CLIENT_ID`: the app registration's client id (the stand-in's is always `cannery-app`).
 * - `SSO_CLIENT_SECRET`: optional; a confidential client authenticates with it, else PKCE alone.
 * - `SSO_REDIRECT_URIS`: comma list of the redirect URIs clients may use (exact match).
 * - `SSO_STAND_IN_ORIGIN`: optional origin browsers reach the stand-in on (see below).
 * - `SSO_STAND_IN_TOKEN_SECONDS`: optional lifetime of the stand-in's ID and access tokens (default an hour).
 *
 * Without `SSO_STAND_IN` or `SSO_AUTHORITY`, single sign-on is off: `/api/config` says `sso: null`
 * and the token routes answer 404.
 */
export type SsoConfig =
  | { mode: 'off' }
  | { mode: 'provider'; authority: string; clientId: string; clientSecret: string | undefined; redirectUris: string[] }
  | { mode: 'stand-in'; authority: string; clientId: string; redirectUris: string[]; loopbackOrigin: string; tokenSeconds: number | undefined };

/** The slice of the server configuration the defaults depend on. */
export interface SsoServerFacts {
  port: number;
  httpsPort: number;
  publicOrigin: string;
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function absoluteUrl(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${value}"`);
  }
  if (url.hash) throw new Error(`${name} must not have a fragment: "${value}"`);
  return url.href;
}

/** Where Cannery pages that finish the sign-in live on one origin: the playground and the task pane. */
export function pageRedirectUris(origin: string): string[] {
  return [`${origin}/`, `${origin}/outlook/taskpane.html`, `${origin}/admin/`];
}

function tokenSeconds(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 1) throw new Error(`SSO_STAND_IN_TOKEN_SECONDS must be a whole number of seconds above 0, got "${value}"`);
  return seconds;
}

export function loadSsoConfig(facts: SsoServerFacts, env: NodeJS.ProcessEnv = process.env): SsoConfig {
  const standIn = env.SSO_STAND_IN === '1' || env.SSO_STAND_IN === 'true';
  const explicitUris = list(env.SSO_REDIRECT_URIS).map((uri) => absoluteUrl(uri, 'SSO_REDIRECT_URIS'));

  if (standIn) {
    if (env.SSO_AUTHORITY) throw new Error('Set SSO_STAND_IN=1 or SSO_AUTHORITY, not both: the stand-in is its own authority.');
    // Outlook loads the task pane over HTTPS, so the stand-in follows it there when HTTPS is on;
    // with HTTPS off (the e2e server) the plain listener is the only one browsers can reach.
    const httpOrigin = `http://localhost:${facts.port}`;
    const origin = (env.SSO_STAND_IN_ORIGIN || (facts.httpsPort > 0 || env.PUBLIC_ORIGIN ? facts.publicOrigin : httpOrigin)).replace(/\/+$/, '');
    const defaults = [
      ...pageRedirectUris(httpOrigin),
      ...(facts.httpsPort > 0 || env.PUBLIC_ORIGIN ? pageRedirectUris(facts.publicOrigin) : []),
      // chrome.identity.launchWebAuthFlow's redirect for the unpacked dev extension.
      `https://${DEV_EXTENSION_ORIGIN.replace('chrome-extension://', '')}.chromiumapp.org/`,
    ];
    return {
      mode: 'stand-in',
      authority: `${origin}${STAND_IN_MOUNT}`,
      clientId: STAND_IN_CLIENT_ID,
      redirectUris: explicitUris.length > 0 ? explicitUris : [...new Set(defaults)],
      // The server redeems codes at its own stand-in over loopback: HTTPS on localhost would need
      // the self-signed certificate trusted by Node, and the public origin may be a proxy.
      loopbackOrigin: `http://127.0.0.1:${facts.port}`,
      tokenSeconds: tokenSeconds(env.SSO_STAND_IN_TOKEN_SECONDS),
    };
  }

  if (!env.SSO_AUTHORITY) return { mode: 'off' };
  if (!env.SSO_CLIENT_ID) throw new Error('SSO_CLIENT_ID is required with SSO_AUTHORITY.');
  if (explicitUris.length === 0) throw new Error('SSO_REDIRECT_URIS is required with SSO_AUTHORITY: list the pages that finish the sign-in.');
  return {
    mode: 'provider',
    // The issuer is compared exactly with the tokens' `iss`, so keep it as given, minus a trailing slash.
    authority: absoluteUrl(env.SSO_AUTHORITY, 'SSO_AUTHORITY').replace(/\/+$/, ''),
    clientId: env.SSO_CLIENT_ID,
    clientSecret: env.SSO_CLIENT_SECRET || undefined,
    redirectUris: explicitUris,
  };
}
