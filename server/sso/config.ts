import { DEV_EXTENSION_ORIGIN } from '../config';
import { isSet, rawSetting, readSetting } from '../settings/load';
import { STAND_IN_CLIENT_ID, STAND_IN_MOUNT } from './stand-in';

/**
 * Work-account single sign-on settings (server/settings/schema.ts; old names without `CANNERY_` are read too):
 *
 * - `CANNERY_SSO_STAND_IN=1`: run the local stand-in provider at `/sso-stand-in` and sign in against it.
 * - `CANNERY_SSO_AUTHORITY`: the provider's issuer, e.g. `https://login.microsoftonline.com/<tenant>/v2.0`.
 * - `CANNERY_SSO_CLIENT_ID`: the app registration's client id (the stand-in's is always `cannery-app`).
 * - `CANNERY_SSO_CLIENT_SECRET`: optional; a confidential client authenticates with it, else PKCE alone.
 * - `CANNERY_SSO_REDIRECT_URIS`: comma list of the redirect URIs clients may use (exact match).
 * - `CANNERY_SSO_STAND_IN_ORIGIN`: optional origin browsers reach the stand-in on (see below).
 * - `CANNERY_SSO_STAND_IN_TOKEN_SECONDS`: optional lifetime of the stand-in's ID and access tokens (default an hour).
 *
 * Without `CANNERY_SSO_STAND_IN` or `CANNERY_SSO_AUTHORITY`, single sign-on is off: `/api/config` says `sso: null`
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

/** Where Cannery pages that finish the sign-in live on one origin: the playground and the task pane. */
export function pageRedirectUris(origin: string): string[] {
  return [`${origin}/`, `${origin}/outlook/taskpane.html`, `${origin}/admin/`];
}

export function loadSsoConfig(facts: SsoServerFacts, env: NodeJS.ProcessEnv = process.env): SsoConfig {
  const standIn = readSetting(env, 'CANNERY_SSO_STAND_IN');
  const explicitUris = readSetting(env, 'CANNERY_SSO_REDIRECT_URIS');
  const authority = rawSetting(env, 'CANNERY_SSO_AUTHORITY');
  const publicOriginSet = isSet(env, 'CANNERY_PUBLIC_ORIGIN');

  if (standIn) {
    if (authority.value) throw new Error(`Set ${rawSetting(env, 'CANNERY_SSO_STAND_IN').variable}=1 or ${authority.variable}, not both: the stand-in is its own authority.`);
    // Outlook loads the task pane over HTTPS, so the stand-in follows it there when HTTPS is on;
    // with HTTPS off (the e2e server) the plain listener is the only one browsers can reach.
    const httpOrigin = `http://localhost:${facts.port}`;
    const origin = (readSetting(env, 'CANNERY_SSO_STAND_IN_ORIGIN') || (facts.httpsPort > 0 || publicOriginSet ? facts.publicOrigin : httpOrigin)).replace(/\/+$/, '');
    const defaults = [
      ...pageRedirectUris(httpOrigin),
      ...(facts.httpsPort > 0 || publicOriginSet ? pageRedirectUris(facts.publicOrigin) : []),
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
      tokenSeconds: readSetting(env, 'CANNERY_SSO_STAND_IN_TOKEN_SECONDS'),
    };
  }

  if (!authority.value) return { mode: 'off' };
  const clientId = readSetting(env, 'CANNERY_SSO_CLIENT_ID');
  if (!clientId) throw new Error(`${rawSetting(env, 'CANNERY_SSO_CLIENT_ID').variable} is required with ${authority.variable}.`);
  if (explicitUris.length === 0) throw new Error(`${rawSetting(env, 'CANNERY_SSO_REDIRECT_URIS').variable} is required with ${authority.variable}: list the pages that finish the sign-in.`);
  return {
    mode: 'provider',
    // The issuer is compared exactly with the tokens' `iss`, so it is kept as given, minus a trailing slash.
    authority: readSetting(env, 'CANNERY_SSO_AUTHORITY') ?? authority.value,
    clientId,
    clientSecret: readSetting(env, 'CANNERY_SSO_CLIENT_SECRET'),
    redirectUris: explicitUris,
  };
}
