import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JSONWebKeySet, type JWK } from 'jose';
import type { Account, InteractionResult, OidcContext } from 'oidc-provider';
import type { Db } from '../db/database';
import type { Logger } from '../logger';
import { memoryAdapter } from './memory-adapter';
import { ssoStandInKeys } from './schema';
import { escapeHtml } from '../../src/domain/escape-html';

/**
 * A local work-account provider for development, demos and tests (`SSO_STAND_IN=1`): a certified
 * OpenID provider (oidc-provider) running inside the Cannery server under `/sso-stand-in`, with
 * two demo accounts and a password form. It behaves like the real one where Cannery depends on
 * it: authorization code with PKCE S256 only, `response_mode=fragment`, `prompt=login`, refresh
 * tokens, RS256 ID tokens. Its endpoints sit at Microsoft's paths below the issuer, so a client
 * that derives them from the authority the Microsoft way finds them as well as one that reads
 * discovery.
 *
 * Signing keys persist in `sso_stand_in_keys`; codes, sessions and refresh tokens are in memory,
 * so a restart ends refresh (the client then logs out, rules §8) but not the ID tokens out there.
 */

export const STAND_IN_MOUNT = '/sso-stand-in';
export const STAND_IN_CLIENT_ID = 'cannery-app';
/** Every demo account's password; the login page shows it, as this provider guards nothing real. */
export const STAND_IN_PASSWORD = 'Demo-Password-2026!';

/** Paths below the issuer, as Microsoft's identity platform lays them out. */
export const STAND_IN_PATHS = {
  authorize: '/oauth2/v2.0/authorize',
  token: '/oauth2/v2.0/token',
  logout: '/oauth2/v2.0/logout',
  jwks: '/discovery/v2.0/keys',
  userinfo: '/oidc/userinfo',
} as const;

export interface StandInAccount {
  sub: string;
  email: string;
  name: string;
}

/**
 * Sam is seeded into Cannery with this sub (server/seed/demo-data.ts); the stranger is not, so
 * signing in as them shows the could-not-find-user screen.
 */
export const STAND_IN_ACCOUNTS: readonly StandInAccount[] = [
  { sub: 'demo-sso-sam', email: 'sam@aldercounty.example', name: 'Sam (Alder County)' },
  { sub: 'demo-sso-stranger', email: 'stranger@aldercounty.example', name: 'A stranger to Cannery' },
];

export interface SsoStandInOptions {
  db: Db;
  /** `{origin}/sso-stand-in`: the `iss` of every token, and where browsers reach the provider. */
  issuer: string;
  /** Redirect URIs registered for the `cannery-app` client (also its post-logout redirect URIs). */
  redirectUris: string[];
  /** Lifetime of access and ID tokens in seconds; an hour, as Microsoft's, unless set (`SSO_STAND_IN_TOKEN_SECONDS`). */
  tokenSeconds?: number;
  logger: Logger;
}

export interface SsoStandIn {
  issuer: string;
  clientId: string;
  /** Public signing keys, for the API's trust in the stand-in's ID tokens without an HTTP round trip. */
  jwks: JSONWebKeySet;
  /** Mount at `/sso-stand-in`; needs the Node server (`@hono/node-server`), as oidc-provider is a Koa app. */
  routes: Hono;
}

interface StoredKeys {
  privateJwk: JWK;
  cookieSecret: string;
}

/** Reads the issuer's keys, creating them on first start; a concurrent creator's row wins. */
async function loadOrCreateKeys(db: Db, issuer: string): Promise<StoredKeys> {
  const read = () => db.select().from(ssoStandInKeys).where(eq(ssoStandInKeys.issuer, issuer)).limit(1);
  let [row] = await read();
  if (!row) {
    const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const jwk = await exportJWK(privateKey);
    const kid = await calculateJwkThumbprint(jwk);
    await db
      .insert(ssoStandInKeys)
      .values({ issuer, privateJwk: { ...jwk, kid, alg: 'RS256', use: 'sig' }, cookieSecret: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    [row] = await read();
  }
  if (!row) throw new Error(`The SSO stand-in keys for ${issuer} could not be stored`);
  return { privateJwk: row.privateJwk, cookieSecret: row.cookieSecret };
}

function publicJwk(privateJwk: JWK): JWK {
  const { kty, n, e, kid, alg, use } = privateJwk;
  return { kty, n, e, kid, alg, use };
}

const PAGE_STYLE =
  'body{font-family:system-ui,sans-serif;max-width:22rem;margin:2rem auto;padding:0 1rem}label{display:block;margin:.8rem 0 .3rem}' +
  'select,input{width:100%;padding:.4rem;box-sizing:border-box}button{margin-top:1rem;padding:.5rem 1rem}' +
  '.note{color:#555;font-size:.85rem}.error{color:#a4262c}';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><link rel="icon" type="image/png" href="/assets/icon-32.png"><style>${PAGE_STYLE}</style></head><body>${body}</body></html>`;
}

function loginPage(uid: string, options: { error?: string; username?: string } = {}): string {
  const accountOptions = STAND_IN_ACCOUNTS.map(
    (account) =>
      `<option value="${escapeHtml(account.email)}"${account.email === options.username ? ' selected' : ''}>${escapeHtml(account.email)}</option>`,
  ).join('');
  const action = `${STAND_IN_MOUNT}/interaction/${encodeURIComponent(uid)}`;
  return page(
    'Sign in to your work account',
    `<h1>Work account (stand-in)</h1>
<p class="note">A local stand-in for the organisation's sign-in. Demo password: <code>${escapeHtml(STAND_IN_PASSWORD)}</code></p>
${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
<form method="post" action="${action}/login" autocomplete="off">
<label for="username">Account</label><select id="username" name="username">${accountOptions}</select>
<label for="password">Password</label><input id="password" name="password" type="password" required autofocus>
<button type="submit">Sign in</button>
</form>
<form method="post" action="${action}/abort"><button type="submit">Cancel</button></form>`,
  );
}

function nodeBindings(c: Context): { incoming: IncomingMessage; outgoing: ServerResponse } | null {
  const env = c.env as Partial<HttpBindings> | undefined;
  return env?.incoming && env.outgoing ? { incoming: env.incoming, outgoing: env.outgoing } : null;
}

/**
 * Loads oidc-provider, only when the stand-in runs (SSO_STAND_IN=1, development and tests). On the
 * Node 20 LTS Cannery supports, the library prints "Unsupported runtime" as it loads; its suite
 * here passes on Node 20 (docs/decisions/oidc-provider-on-node-20.md), so that one line is dropped.
 */
async function loadOidcProvider() {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('oidc-provider WARNING: Unsupported runtime')) return;
    warn(...args);
  };
  try {
    return (await import('oidc-provider')).default;
  } finally {
    console.warn = warn;
  }
}

export async function createSsoStandIn(options: SsoStandInOptions): Promise<SsoStandIn> {
  const Provider = await loadOidcProvider();
  const issuer = options.issuer.replace(/\/+$/, '');
  const keys = await loadOrCreateKeys(options.db, issuer);
  const accountsBySub = new Map(STAND_IN_ACCOUNTS.map((account) => [account.sub, account]));

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: STAND_IN_CLIENT_ID,
        client_name: 'Cannery',
        // A public client, as a browser-only app would be; PKCE is what protects its codes.
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.redirectUris,
      },
    ],
    adapter: memoryAdapter(),
    jwks: { keys: [keys.privateJwk] },
    cookies: { keys: [keys.cookieSecret] },
    responseTypes: ['code'],
    pkce: { required: () => true },
    routes: {
      authorization: STAND_IN_PATHS.authorize,
      token: STAND_IN_PATHS.token,
      end_session: STAND_IN_PATHS.logout,
      jwks: STAND_IN_PATHS.jwks,
      userinfo: STAND_IN_PATHS.userinfo,
    },
    // Lifetimes like Microsoft's defaults: an hour for access and ID tokens, refresh for two weeks.
    ttl: {
      AccessToken: options.tokenSeconds ?? 3600,
      IdToken: options.tokenSeconds ?? 3600,
      AuthorizationCode: 60,
      RefreshToken: 14 * 24 * 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
    },
    scopes: ['openid', 'offline_access', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    // Microsoft puts email and name into the ID token itself; so does the stand-in.
    conformIdTokenClaims: false,
    findAccount: (_ctx: unknown, id: string): Account | undefined => {
      const account = accountsBySub.get(id);
      if (!account) return undefined;
      return {
        accountId: account.sub,
        claims: () => ({ sub: account.sub, email: account.email, email_verified: true, name: account.name, preferred_username: account.email }),
      };
    },
    // The client asks for offline_access with prompt=login, not prompt=consent, and the OpenID
    // rule then drops offline_access; Microsoft still issues refresh tokens there, so do the same.
    issueRefreshToken: (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) => client.grantTypeAllowed('refresh_token'),
    // Refresh tokens outlive the provider's browser session, as the client's refresh needs.
    expiresWithSession: () => false,
    // Consent is granted on the user's behalf: Cannery is the organisation's own app.
    loadExistingGrant: async (ctx: OidcContext) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const existingId = session.grantIdFor(client.clientId);
      const existing = existingId ? await ctx.oidc.provider.Grant.find(existingId) : undefined;
      // prompt=login may sign a different account into the same browser session: new grant then.
      const grant =
        existing && existing.accountId === session.accountId
          ? existing
          : new ctx.oidc.provider.Grant({ accountId: session.accountId, clientId: client.clientId });
      grant.addOIDCScope([...ctx.oidc.requestParamOIDCScopes].join(' '));
      grant.addOIDCClaims([...ctx.oidc.requestParamClaims]);
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${STAND_IN_MOUNT}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      // RFC 7009 revocation, as an administrator's "revoke sessions" would: the next refresh then fails.
      revocation: {
        enabled: true,
        // A client may revoke only tokens issued to itself.
        allowedPolicy: (_ctx: unknown, client: { clientId: string }, token: { clientId?: string }) => token.clientId === client.clientId,
      },
      rpInitiatedLogout: {
        enabled: true,
        // The logout-landing dialog should not ask: sign out at once (the form carries the xsrf value).
        logoutSource: (ctx: { body: string }, form: string) => {
          ctx.body = page(
            'Signing out',
            `${form}<input type="hidden" form="op.logoutForm" name="logout" value="yes"><p>Signing out…</p><noscript><button type="submit" form="op.logoutForm">Sign out</button></noscript><script>document.getElementById('op.logoutForm').submit()</script>`,
          );
        },
      },
    },
    renderError: (ctx: { type: string; body: string }, out: { error?: string; error_description?: string }) => {
      ctx.type = 'html';
      ctx.body = page('Sign-in error', `<h1>Sign-in error</h1><p>${escapeHtml(out.error ?? 'error')}: ${escapeHtml(out.error_description ?? '')}</p>`);
    },
  });
  provider.on('server_error', (_ctx: unknown, error: unknown) => options.logger.error({ err: error }, 'SSO stand-in failed'));
  const handle = provider.callback();

  const routes = new Hono();

  /** Gets the pending interaction of this browser, or answers why there is none. */
  const interactionOf = async (c: Context) => {
    const node = nodeBindings(c);
    if (!node) return { problem: c.text('The SSO stand-in runs only under the Node server.', 501) } as const;
    try {
      const details = await provider.interactionDetails(node.incoming, node.outgoing);
      if (details.uid !== c.req.param('uid')) throw new Error('interaction mismatch');
      return { details, node } as const;
    } catch {
      return { problem: c.html(page('Sign-in expired', '<h1>This sign-in has expired</h1><p>Close this window and start again.</p>'), 400) } as const;
    }
  };

  const finish = async (c: Context, node: { incoming: IncomingMessage; outgoing: ServerResponse }, result: InteractionResult) =>
    c.redirect(await provider.interactionResult(node.incoming, node.outgoing, result, { mergeWithLastSubmission: false }), 303);

  routes.get('/interaction/:uid', async (c) => {
    const found = await interactionOf(c);
    if ('problem' in found) return found.problem;
    c.header('Cache-Control', 'no-store');
    // loadExistingGrant grants consent, so only login is ever asked; anything else resumes.
    if (found.details.prompt.name !== 'login') return finish(c, found.node, {});
    const hint = typeof found.details.params.login_hint === 'string' ? found.details.params.login_hint : undefined;
    return c.html(loginPage(found.details.uid, hint ? { username: hint } : {}));
  });

  routes.post('/interaction/:uid/login', async (c) => {
    const found = await interactionOf(c);
    if ('problem' in found) return found.problem;
    const form = await c.req.parseBody();
    const username = typeof form.username === 'string' ? form.username.trim().toLowerCase() : '';
    const account = STAND_IN_ACCOUNTS.find((candidate) => candidate.email === username);
    if (!account || form.password !== STAND_IN_PASSWORD) {
      c.header('Cache-Control', 'no-store');
      return c.html(loginPage(found.details.uid, { error: 'Incorrect account or password.', username }), 200);
    }
    return finish(c, found.node, { login: { accountId: account.sub } });
  });

  routes.post('/interaction/:uid/abort', async (c) => {
    const found = await interactionOf(c);
    if ('problem' in found) return found.problem;
    return finish(c, found.node, { error: 'access_denied', error_description: 'The user cancelled the sign-in.' });
  });

  // Everything else is the provider's own protocol: hand the raw Node request to the Koa app with
  // the mount path stripped, the way Express mounting would, so it builds its URLs under it.
  routes.all('/*', async (c) => {
    const node = nodeBindings(c);
    if (!node) return c.text('The SSO stand-in runs only under the Node server.', 501);
    const { incoming, outgoing } = node;
    const original = incoming.url ?? '/';
    Object.assign(incoming, { originalUrl: original, url: original.slice(STAND_IN_MOUNT.length) || '/' });
    await new Promise<void>((resolve) => {
      outgoing.once('finish', resolve);
      outgoing.once('close', resolve);
      handle(incoming, outgoing);
    });
    // A clone is a native Response even once node-server has swapped in its lightweight class
    // (as it does when a server starts before this module loads), and only a native one is
    // recognised as already sent instead of being written out a second time.
    return RESPONSE_ALREADY_SENT.clone();
  });

  return { issuer, clientId: STAND_IN_CLIENT_ID, jwks: { keys: [publicJwk(keys.privateJwk)] }, routes };
}
