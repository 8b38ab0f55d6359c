import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { STAND_IN_PASSWORD } from '../../../server/sso/stand-in';
import { resetDatabase, testDatabase } from '../support/database';
import { givenAccount, givenUser } from '../support/given';
import {
  authorizeRequest,
  Browser,
  follow,
  fragmentOf,
  postJson,
  signInAtStandIn,
  startSsoServer,
  type SsoServer,
} from './support';

const SAM = { username: 'sam@aldercounty.example', password: STAND_IN_PASSWORD };
const STRANGER = { username: 'stranger@aldercounty.example', password: STAND_IN_PASSWORD };

let database: Database;
let sso: SsoServer;

beforeAll(async () => {
  database = await testDatabase();
  await resetDatabase(database);
  const account = await givenAccount(database.db, { name: 'Alder County' });
  await givenUser(database.db, account.id, { email: 'sam@aldercounty.example', cognitoSub: null, microsoftSub: 'demo-sso-sam' });
  sso = await startSsoServer(database);
});

afterAll(async () => {
  await sso.close();
});

interface Tokens {
  access_token: string;
  id_token: string;
  refresh_token: string;
}

/** The whole client-side dance: authorize, sign in, read the fragment, complete-pkce. */
async function signIn(account = SAM): Promise<Tokens> {
  const request = await authorizeRequest(sso);
  const landed = await signInAtStandIn(sso, request, account);
  const fragment = fragmentOf(landed);
  const response = await postJson(sso, '/api/complete-pkce', {
    code: fragment.get('code'),
    codeVerifier: request.codeVerifier,
    redirectUri: sso.redirectUri,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Tokens;
}

const userInfo = (idToken: string) => fetch(`${sso.origin}/api/user-info`, { headers: { Authorization: `Bearer ${idToken}` } });

describe('work-account sign-in against the stand-in', () => {
  it('publishes the stand-in in /api/config', async () => {
    const response = await fetch(`${sso.origin}/api/config`);
    expect((await response.json()) as unknown).toMatchObject({ sso: { authority: `${sso.origin}/sso-stand-in`, clientId: 'cannery-app' } });
  });

  it('publishes its endpoints on the origin the page asked on; the tokens name the one issuer either way', async () => {
    // The playground on plain HTTP and the task pane on HTTPS reach the stand-in on their own origin.
    const otherOrigin = sso.origin.replace('127.0.0.1', 'localhost');
    const config = (await (await fetch(`${otherOrigin}/api/config`)).json()) as { sso: Record<string, string> };
    expect(config.sso).toEqual({
      authority: sso.authority,
      clientId: 'cannery-app',
      authorizationEndpoint: `${otherOrigin}/sso-stand-in/oauth2/v2.0/authorize`,
      endSessionEndpoint: `${otherOrigin}/sso-stand-in/oauth2/v2.0/logout`,
    });

    const request = await authorizeRequest({ ...sso, authority: `${otherOrigin}/sso-stand-in` });
    const landed = await signInAtStandIn({ ...sso, origin: otherOrigin }, request, SAM);
    const response = await postJson(sso, '/api/complete-pkce', {
      code: fragmentOf(landed).get('code'),
      codeVerifier: request.codeVerifier,
      redirectUri: sso.redirectUri,
    });
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as Tokens;
    const claims = JSON.parse(Buffer.from(tokens.id_token.split('.')[1]!, 'base64url').toString()) as { iss: string };
    expect(claims.iss).toBe(sso.authority);
    expect((await userInfo(tokens.id_token)).status).toBe(200);
  });

  it('serves discovery with PKCE S256, fragment responses and Microsoft-style endpoints', async () => {
    // Cross-origin readable, so the task pane or the extension can read it from the browser.
    const response = await fetch(`${sso.authority}/.well-known/openid-configuration`, { headers: { Origin: 'https://taskpane.test' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('Access-Control-Allow-Origin')).toMatch(/^(\*|https:\/\/taskpane\.test)$/);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: sso.authority,
      authorization_endpoint: `${sso.authority}/oauth2/v2.0/authorize`,
      token_endpoint: `${sso.authority}/oauth2/v2.0/token`,
      end_session_endpoint: `${sso.authority}/oauth2/v2.0/logout`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(discovery.response_modes_supported).toContain('fragment');
  });

  it('returns the code and the state in the fragment of the redirect URI', async () => {
    const request = await authorizeRequest(sso);
    const landed = await signInAtStandIn(sso, request, SAM);
    expect(`${landed.origin}${landed.pathname}`).toBe(sso.redirectUri);
    expect(landed.search).toBe('');
    const fragment = fragmentOf(landed);
    expect(fragment.get('state')).toBe(request.state);
    expect(fragment.get('code')).toMatch(/\S{20,}/);
  });

  it('signs Sam in: the tokens are exactly the three, and the ID token authenticates the API', async () => {
    const tokens = await signIn();
    expect(Object.keys(tokens).sort()).toEqual(['access_token', 'id_token', 'refresh_token']);
    const response = await userInfo(tokens.id_token);
    expect(response.status).toBe(200);
    const { user } = (await response.json()) as { user: { email: string; microsoftAuth?: { sub: string } } };
    expect(user.email).toBe('sam@aldercounty.example');
    expect(user.microsoftAuth).toEqual({ sub: 'demo-sso-sam' });
  });

  it('signs the stranger in at the provider, but Cannery does not know them: 404 user_not_found', async () => {
    const tokens = await signIn(STRANGER);
    const response = await userInfo(tokens.id_token);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('user_not_found');
  });

  it('asks for the password again on every sign-in (prompt=login), even with a live session', async () => {
    const browser = new Browser();
    await signInAtStandIn(sso, await authorizeRequest(sso), SAM, browser);
    const again = await follow(browser, await browser.fetch((await authorizeRequest(sso)).url), sso.origin);
    if (again instanceof URL) throw new Error(`expected the login page, was sent to ${again.href}`);
    expect(await again.text()).toContain('name="password"');
  });

  it('refuses a wrong password on the login page', async () => {
    const request = await authorizeRequest(sso);
    const browser = new Browser();
    const page = await follow(browser, await browser.fetch(request.url), sso.origin);
    const action = /action="([^"]+\/login)"/.exec(await (page as Response).text())?.[1] ?? '';
    const response = await browser.fetch(new URL(action, sso.origin), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: SAM.username, password: 'wrong' }).toString(),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Incorrect account or password.');
  });

  it('requires PKCE: an authorize request without a code challenge comes back with an error', async () => {
    const request = await authorizeRequest(sso, { code_challenge: null, code_challenge_method: null });
    const landed = await follow(new Browser(), await fetch(request.url, { redirect: 'manual' }), sso.origin);
    expect(landed).toBeInstanceOf(URL);
    expect(fragmentOf(landed as URL).get('error')).toBe('invalid_request');
  });
});

describe('signing out of the stand-in (logout-landing)', () => {
  it('signs out without asking and returns to the registered page', async () => {
    const browser = new Browser();
    await signInAtStandIn(sso, await authorizeRequest(sso), SAM, browser);
    const logout = new URL(`${sso.authority}/oauth2/v2.0/logout`);
    logout.searchParams.set('client_id', sso.clientId);
    logout.searchParams.set('post_logout_redirect_uri', sso.redirectUri);
    const page = await browser.fetch(logout);
    expect(page.status).toBe(200);
    const html = await page.text();
    // The page submits itself; post its form as the script would.
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '';
    const fields = new URLSearchParams([...html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((match) => [match[1] ?? '', match[2] ?? '']));
    expect(fields.get('logout')).toBe('yes');
    const submitted = await follow(browser, await browser.fetch(new URL(action, sso.origin), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
    }), sso.origin);
    expect(submitted).toBeInstanceOf(URL);
    expect((submitted as URL).href).toBe(sso.redirectUri);
  });
});

describe('POST /api/complete-pkce', () => {
  it('answers 400 sso_failed for a wrong code verifier, without the provider’s details', async () => {
    const request = await authorizeRequest(sso);
    const code = fragmentOf(await signInAtStandIn(sso, request, SAM)).get('code');
    const response = await postJson(sso, '/api/complete-pkce', { code, codeVerifier: 'x'.repeat(128), redirectUri: sso.redirectUri });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('sso_failed');
    expect(body.error.message).not.toMatch(/invalid_grant|PKCE|verif/i);
  });

  it('redeems a code only once', async () => {
    const request = await authorizeRequest(sso);
    const code = fragmentOf(await signInAtStandIn(sso, request, SAM)).get('code');
    const body = { code, codeVerifier: request.codeVerifier, redirectUri: sso.redirectUri };
    expect((await postJson(sso, '/api/complete-pkce', body)).status).toBe(200);
    expect((await postJson(sso, '/api/complete-pkce', body)).status).toBe(400);
  });

  it('refuses a redirect URI that is not configured, before asking the provider', async () => {
    const request = await authorizeRequest(sso);
    const code = fragmentOf(await signInAtStandIn(sso, request, SAM)).get('code');
    const response = await postJson(sso, '/api/complete-pkce', { code, codeVerifier: request.codeVerifier, redirectUri: 'https://evil.example/' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_redirect_uri');
  });

  it.each([
    ['an empty code', { code: '', codeVerifier: 'a'.repeat(43) }],
    ['a short verifier', { code: 'abc', codeVerifier: 'a'.repeat(42) }],
    ['a verifier with reserved characters', { code: 'abc', codeVerifier: `${'a'.repeat(50)}/+` }],
    ['a code over 4096 characters', { code: 'c'.repeat(4097), codeVerifier: 'a'.repeat(43) }],
  ])('answers 400 invalid_request for %s', async (_label, fields) => {
    const response = await postJson(sso, '/api/complete-pkce', { ...fields, redirectUri: sso.redirectUri });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_request');
  });
});

describe('POST /api/refresh-tokens', () => {
  it('trades the refresh token for three new tokens; the new ID token works, the old refresh token no longer does', async () => {
    const first = await signIn();
    const response = await postJson(sso, '/api/refresh-tokens', { refreshToken: first.refresh_token, redirectUri: sso.redirectUri });
    expect(response.status).toBe(200);
    const second = (await response.json()) as Tokens;
    expect(Object.keys(second).sort()).toEqual(['access_token', 'id_token', 'refresh_token']);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await userInfo(second.id_token)).status).toBe(200);

    // The stand-in rotates refresh tokens (a public client's are single-use): reuse is refused.
    const replay = await postJson(sso, '/api/refresh-tokens', { refreshToken: first.refresh_token, redirectUri: sso.redirectUri });
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { error: { code: string } }).error.code).toBe('sso_refresh_failed');
  });

  it('answers 401 sso_refresh_failed once the provider has revoked the refresh token', async () => {
    const tokens = await signIn();
    const discovery = (await (await fetch(`${sso.authority}/.well-known/openid-configuration`)).json()) as { revocation_endpoint: string };
    const revoked = await fetch(discovery.revocation_endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.refresh_token, token_type_hint: 'refresh_token', client_id: sso.clientId }).toString(),
    });
    expect(revoked.status).toBe(200);
    const response = await postJson(sso, '/api/refresh-tokens', { refreshToken: tokens.refresh_token, redirectUri: sso.redirectUri });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('sso_refresh_failed');
  });

  it('answers 401 sso_refresh_failed for a refresh token the provider never issued', async () => {
    const response = await postJson(sso, '/api/refresh-tokens', { refreshToken: 'garbage-token', redirectUri: sso.redirectUri });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('sso_refresh_failed');
  });

  it('refuses a redirect URI that is not configured', async () => {
    const response = await postJson(sso, '/api/refresh-tokens', { refreshToken: 'anything', redirectUri: 'https://evil.example/' });
    expect(response.status).toBe(400);
  });
});

describe('a stand-in with a short token lifetime (CANNERY_SSO_STAND_IN_TOKEN_SECONDS)', () => {
  it('issues ID tokens that live that long', async () => {
    const short = await startSsoServer(database, { CANNERY_SSO_STAND_IN_TOKEN_SECONDS: '75' });
    try {
      const request = await authorizeRequest(short);
      const landed = await signInAtStandIn(short, request, SAM);
      const response = await postJson(short, '/api/complete-pkce', {
        code: fragmentOf(landed).get('code'),
        codeVerifier: request.codeVerifier,
        redirectUri: short.redirectUri,
      });
      const tokens = (await response.json()) as Tokens;
      const claims = JSON.parse(Buffer.from(tokens.id_token.split('.')[1]!, 'base64url').toString()) as { iat: number; exp: number };
      expect(claims.exp - claims.iat).toBe(75);
    } finally {
      await short.close();
    }
  });
});
