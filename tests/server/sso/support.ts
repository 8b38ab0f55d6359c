import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import { pino } from 'pino';
import { createApp } from '../../../server/app';
import type { AppEnv } from '../../../server/app-env';
import { createTokenVerifier } from '../../../server/auth/verifier';
import type { Database } from '../../../server/db/database';
import { loadSsoConfig } from '../../../server/sso/config';
import { openSso } from '../../../server/sso/setup';
import { STAND_IN_PATHS } from '../../../server/sso/stand-in';
import { createCodeChallenge, createCodeVerifier, createState } from '../../../src/domain/pkce';
import { TEST_ORIGIN } from '../support/app';

export interface SsoServer {
  origin: string;
  authority: string;
  clientId: string;
  /** The page that finishes the sign-in (registered); the code comes back in its fragment. */
  redirectUri: string;
  close(): Promise<void>;
}

/**
 * The Cannery app with the SSO stand-in, served over real HTTP on a loopback port: the stand-in
 * needs Node's request objects, and its issuer needs the port, so the app is built after listening.
 */
export async function startSsoServer(database: Database, env: Record<string, string> = {}): Promise<SsoServer> {
  const built: { app?: Hono<AppEnv> } = {};
  const server: ServerType = serve({
    fetch: (request, env) => (built.app ? built.app.fetch(request, env) : new Response('starting', { status: 503 })),
    port: 0,
    hostname: '127.0.0.1',
  });
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const redirectUri = `${origin}/outlook/taskpane.html`;
  const logger = pino({ level: 'silent' });
  const config = loadSsoConfig(
    { port, httpsPort: 0, publicOrigin: 'https://localhost:8443' },
    { CANNERY_SSO_STAND_IN: '1', CANNERY_SSO_STAND_IN_ORIGIN: origin, CANNERY_SSO_REDIRECT_URIS: redirectUri, ...env },
  );
  const sso = await openSso(config, database.db, logger);
  built.app = createApp({
    services: {
      database,
      logger,
      verifyIdToken: createTokenVerifier(sso.trustedIssuers),
      allowedOrigins: [TEST_ORIGIN],
      clientConfig: { userPool: { poolId: 'local_test', clientId: 'test-client', endpoint: '/identity' }, sso: sso.clientConfig },
      ssoBroker: sso.broker,
    },
    ...(sso.standInRoutes ? { ssoStandIn: sso.standInRoutes } : {}),
  });
  return {
    origin,
    authority: sso.clientConfig!.authority,
    clientId: sso.clientConfig!.clientId,
    redirectUri,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A browser in miniature: follows nothing by itself and keeps cookies by name (paths ignored). */
export class Browser {
  readonly cookies = new Map<string, string>();

  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('Cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*expires=/i.test(attribute) && new Date(attribute.split('=')[1] ?? '') < new Date());
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

export interface AuthorizeRequest {
  url: URL;
  codeVerifier: string;
  state: string;
}

/** The authorize URL exactly as the client builds it (rules §7 work-account redirect, §9 PKCE). */
export async function authorizeRequest(sso: SsoServer, overrides: Record<string, string | null> = {}): Promise<AuthorizeRequest> {
  const codeVerifier = createCodeVerifier();
  const state = createState();
  const url = new URL(`${sso.authority}${STAND_IN_PATHS.authorize}`);
  const params: Record<string, string | null> = {
    response_type: 'code',
    response_mode: 'fragment',
    client_id: sso.clientId,
    redirect_uri: sso.redirectUri,
    scope: 'openid email profile offline_access',
    state,
    code_challenge: await createCodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    prompt: 'login',
    ...overrides,
  };
  for (const [name, value] of Object.entries(params)) if (value !== null) url.searchParams.set(name, value);
  return { url, codeVerifier, state };
}

/** Follows redirects by hand until one leaves the stand-in (for the redirect URI) or a page answers. */
export async function follow(browser: Browser, response: Response, base: string): Promise<Response | URL> {
  let current = response;
  for (let hops = 0; hops < 10; hops += 1) {
    if (current.status < 300 || current.status >= 400) return current;
    const location = new URL(current.headers.get('Location') ?? '', base);
    if (!location.pathname.startsWith('/sso-stand-in/')) return location;
    current = await browser.fetch(location);
  }
  throw new Error('too many redirects');
}

/** Signs in at the stand-in's login page and returns where it sent the browser back to. */
export async function signInAtStandIn(
  sso: SsoServer,
  request: AuthorizeRequest,
  account: { username: string; password: string },
  browser = new Browser(),
): Promise<URL> {
  const loginPage = await follow(browser, await browser.fetch(request.url), sso.origin);
  if (loginPage instanceof URL) throw new Error(`expected the login page, was sent to ${loginPage.href}`);
  const html = await loginPage.text();
  const action = /action="([^"]+\/login)"/.exec(html)?.[1];
  if (!action) throw new Error(`no login form in: ${html.slice(0, 300)}`);
  const submitted = await browser.fetch(new URL(action, sso.origin), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(account).toString(),
  });
  const landed = await follow(browser, submitted, sso.origin);
  if (!(landed instanceof URL)) throw new Error(`expected a redirect back, got ${landed.status}: ${(await landed.text()).slice(0, 300)}`);
  return landed;
}

export function fragmentOf(url: URL): URLSearchParams {
  return new URLSearchParams(url.hash.replace(/^#/, ''));
}

export async function postJson(sso: SsoServer, path: string, body: unknown): Promise<Response> {
  return fetch(`${sso.origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}
