/**
 * A work-account provider and the Cannery server's two SSO routes, in memory, for component tests:
 * discovery at the authority, `POST /api/complete-pkce` (which checks the code verifier against the
 * challenge the authorize address carried, as the real provider does) and `POST /api/refresh-tokens`.
 * Its ID tokens are JWT-shaped with `email` and `exp`, so the app can read their expiry and the shared
 * request handlers (`render-app.tsx`) find the user by email.
 */
import { http, HttpResponse } from 'msw';
import { createCodeChallenge } from '../../../src/domain/pkce';
import type { SsoTokens } from '../../../src/auth/sso';
import { server } from './api-server';

const json = (status: number, body: object) => HttpResponse.json(body, { status });

let providerSerial = 0;

export class FakeWorkAccountProvider {
  /** A fresh authority per provider, so the app's discovery cache never mixes tests. */
  readonly authority = `https://login.example.test/tenant-${(providerSerial += 1)}/v2.0`;
  readonly clientId = 'cannery-test';
  tokenLifetimeMs = 3_600_000;
  /** Answers the next complete-pkce with only these tokens (a provider that leaves one out). */
  incompleteNext = false;
  /** Refuses refresh (401 sso_refresh_failed), as after a revocation. */
  refusing = false;
  /** Refresh fails as a server that cannot be reached. */
  offline = false;
  /** Runs when a refresh request arrives, before it is answered (another window acting meanwhile). */
  onRefresh: (() => Promise<void>) | null = null;
  readonly refreshTokens = new Map<string, string>();
  private readonly codes = new Map<string, { email: string; challenge: string; redirectUri: string }>();
  private serial = 0;

  get settings() {
    return { authority: this.authority, clientId: this.clientId };
  }

  get authorizationEndpoint() {
    return `${this.authority.replace(/\/v2\.0$/, '')}/oauth2/v2.0/authorize`;
  }

  get endSessionEndpoint() {
    return `${this.authority.replace(/\/v2\.0$/, '')}/oauth2/v2.0/logout`;
  }

  idToken(email: string, expiresAt = Date.now() + this.tokenLifetimeMs): string {
    this.serial += 1;
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    return `${part({ alg: 'RS256' })}.${part({ email, exp: Math.floor(expiresAt / 1000), n: this.serial })}.signature`;
  }

  tokensFor(email: string, expiresAt?: number): SsoTokens {
    const refreshToken = `refresh-${(this.serial += 1)}`;
    this.refreshTokens.set(refreshToken, email);
    return { id_token: this.idToken(email, expiresAt), access_token: `access-${this.serial}`, refresh_token: refreshToken };
  }

  /** The user signs in at the provider: the address it sends the pop-up back to, code and state in the fragment. */
  signIn(authorizeAddress: string, email: string): string {
    const url = new URL(authorizeAddress);
    const code = `code-${(this.serial += 1)}`;
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    this.codes.set(code, { email, challenge: url.searchParams.get('code_challenge') ?? '', redirectUri });
    return `${redirectUri}#code=${code}&state=${url.searchParams.get('state') ?? ''}&session_state=s1`;
  }

  /** Answers discovery at the authority and the server's two SSO routes, before the other API handlers. */
  serve(): void {
    server.use(
      http.get(`${this.authority}/.well-known/openid-configuration`, () =>
        HttpResponse.json({ issuer: this.authority, authorization_endpoint: this.authorizationEndpoint, end_session_endpoint: this.endSessionEndpoint }),
      ),
      http.post('/api/complete-pkce', async ({ request }) => this.completePkce((await request.json()) as Record<string, string>)),
      http.post('/api/refresh-tokens', async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        await this.onRefresh?.();
        return this.refresh(body);
      }),
    );
  }

  private async completePkce(body: Record<string, string>): Promise<Response> {
    const grant = this.codes.get(body.code ?? '');
    this.codes.delete(body.code ?? '');
    if (!grant || grant.redirectUri !== body.redirectUri || grant.challenge !== (await createCodeChallenge(body.codeVerifier ?? ''))) {
      return json(400, { error: { code: 'sso_failed', message: 'The work-account sign-in could not be completed. Please try again.' } });
    }
    const tokens = this.tokensFor(grant.email);
    if (this.incompleteNext) {
      this.incompleteNext = false;
      return json(200, { id_token: tokens.id_token, access_token: tokens.access_token });
    }
    return json(200, tokens);
  }

  private refresh(body: Record<string, string>): Response {
    if (this.offline) return HttpResponse.error();
    const email = this.refreshTokens.get(body.refreshToken ?? '');
    if (this.refusing || !email) return json(401, { error: { code: 'sso_refresh_failed', message: 'The work-account sign-in has expired. Please sign in again.' } });
    this.refreshTokens.delete(body.refreshToken ?? '');
    return json(200, this.tokensFor(email));
  }
}
