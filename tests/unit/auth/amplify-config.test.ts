// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Amplify } from 'aws-amplify';
import { ConsoleLogger } from 'aws-amplify/utils';
import { configureAmplify, userPoolConfigFrom } from '../../../src/auth/amplify-config';
import { readStoredPoolSession } from '../../../src/auth/deferred-user-pool';
import { createAmplifyUserPool } from '../../../src/auth/user-pool';
import { makeFakeHost } from '../fake-host';
import { unsignedJwt as jwt } from '../support/unsigned-jwt';

const CLIENT_ID = 'cannery-app';
const ENDPOINT = 'http://localhost:8787/identity';

function tokensFor(username: string, exp: number, serial: number) {
  const common = { sub: 'sub-1', iss: ENDPOINT, exp, iat: exp - 3600, 'cognito:username': username };
  return {
    idToken: jwt({ ...common, token_use: 'id', aud: CLIENT_ID, email: username, serial }),
    accessToken: jwt({ ...common, token_use: 'access', client_id: CLIENT_ID, username, serial }),
  };
}

/** Puts a signed-in session where Amplify's token store keeps it, in the host's storage. */
async function storeSession(storage: ReturnType<typeof makeFakeHost>['storage'], username: string, exp: number) {
  const prefix = `CognitoIdentityServiceProvider.${CLIENT_ID}`;
  const { idToken, accessToken } = tokensFor(username, exp, 1);
  await storage.set(`${prefix}.LastAuthUser`, username);
  await storage.set(`${prefix}.${username}.idToken`, idToken);
  await storage.set(`${prefix}.${username}.accessToken`, accessToken);
  await storage.set(`${prefix}.${username}.refreshToken`, 'refresh-token-1');
  await storage.set(`${prefix}.${username}.clockDrift`, '0');
  return idToken;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Amplify configuration', () => {
  it('maps the published client config, resolving a relative endpoint against the config URL', () => {
    const config = { apiBase: '/api', userPool: { poolId: 'local_cannery', clientId: CLIENT_ID, endpoint: '/identity' }, sso: null };
    expect(userPoolConfigFrom(config, 'https://cannery.example.org/api/config')).toEqual({
      userPoolId: 'local_cannery',
      userPoolClientId: CLIENT_ID,
      userPoolEndpoint: 'https://cannery.example.org/identity',
    });
    const aws = { ...config, userPool: { poolId: 'us-east-1_AbC123', clientId: CLIENT_ID } };
    expect(userPoolConfigFrom(aws, '/api/config')).toEqual({ userPoolId: 'us-east-1_AbC123', userPoolClientId: CLIENT_ID });
  });

  it("configures the built-in pool's endpoint without Amplify's custom-endpoint warning, and leaves Amplify's other warnings on", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      configureAmplify({ userPoolId: 'local_cannery', userPoolClientId: CLIENT_ID, userPoolEndpoint: ENDPOINT }, makeFakeHost().storage);
      expect(warn).not.toHaveBeenCalled();
      expect(ConsoleLogger.LOG_LEVEL).toBeNull();
      new ConsoleLogger('Auth').warn('another warning');
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });

  it("keeps Amplify's tokens in the host's storage and talks to the configured endpoint", async () => {
    const host = makeFakeHost();
    configureAmplify({ userPoolId: 'local_cannery', userPoolClientId: CLIENT_ID, userPoolEndpoint: ENDPOINT }, host.storage);
    expect(Amplify.getConfig().Auth?.Cognito.userPoolEndpoint).toBe(ENDPOINT);

    const pool = createAmplifyUserPool();
    expect(await pool.fetchAuthSession()).toBeNull();

    const exp = Math.floor(Date.now() / 1000) + 3600;
    const idToken = await storeSession(host.storage, 'clerk@example.gov', exp);
    expect(await pool.fetchAuthSession()).toEqual({ idToken, expiresAt: exp * 1000 });
    expect(await pool.getCurrentUser()).toEqual({ username: 'clerk@example.gov', userId: 'sub-1' });

    // A forced refresh goes to the pool's endpoint with the stored refresh token; the new tokens land in host storage.
    const renewed = tokensFor('clerk@example.gov', exp + 600, 2);
    const requests: Array<{ url: string; target: string | null; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const url = input instanceof Request ? input.url : String(input);
        const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
        requests.push({ url, target: headers.get('x-amz-target'), body: JSON.parse(typeof init?.body === 'string' ? init.body : '{}') });
        const result = { AuthenticationResult: { IdToken: renewed.idToken, AccessToken: renewed.accessToken, ExpiresIn: 3600, TokenType: 'Bearer' } };
        return Promise.resolve(new Response(JSON.stringify(result), { status: 200, headers: { 'Content-Type': 'application/x-amz-json-1.1' } }));
      }),
    );
    const refreshed = await pool.fetchAuthSession({ forceRefresh: true });
    expect(refreshed).toEqual({ idToken: renewed.idToken, expiresAt: (exp + 600) * 1000 });
    expect(requests[0]?.url).toBe(ENDPOINT);
    // Amplify 6.22 renews through GetTokensFromRefreshToken (refresh-token rotation aware), not InitiateAuth.
    expect(requests[0]?.target).toBe('AWSCognitoIdentityProviderService.GetTokensFromRefreshToken');
    expect(requests[0]?.body).toMatchObject({ ClientId: CLIENT_ID, RefreshToken: 'refresh-token-1' });
    expect(host.data.get(`CognitoIdentityServiceProvider.${CLIENT_ID}.clerk@example.gov.idToken`)).toBe(renewed.idToken);
    // What Amplify wrote is what the start reads without Amplify (src/auth/deferred-user-pool.ts).
    expect(await readStoredPoolSession(host.storage, CLIENT_ID)).toEqual({ idToken: renewed.idToken, expiresAt: (exp + 600) * 1000 });
  });

  it('talks to a real AWS Cognito pool where the deployment publishes no endpoint: the region of the pool id names it', async () => {
    const host = makeFakeHost();
    // What /api/config says on AWS with a Cognito pool (server/entry/lambda.ts): a pool id and client id only.
    const published = { apiBase: '/api', userPool: { poolId: 'eu-west-1_Cann3ryPool', clientId: CLIENT_ID }, sso: null };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    configureAmplify(userPoolConfigFrom(published, 'https://d111111abcdef8.cloudfront.net/api/config'), host.storage);
    warn.mockRestore();
    expect(Amplify.getConfig().Auth?.Cognito.userPoolEndpoint).toBeUndefined();

    const exp = Math.floor(Date.now() / 1000) + 3600;
    await storeSession(host.storage, 'clerk@example.gov', exp);
    const renewed = tokensFor('clerk@example.gov', exp + 600, 2);
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        urls.push(input instanceof Request ? input.url : String(input));
        const result = { AuthenticationResult: { IdToken: renewed.idToken, AccessToken: renewed.accessToken, ExpiresIn: 3600, TokenType: 'Bearer' } };
        return Promise.resolve(new Response(JSON.stringify(result), { status: 200, headers: { 'Content-Type': 'application/x-amz-json-1.1' } }));
      }),
    );
    const refreshed = await createAmplifyUserPool().fetchAuthSession({ forceRefresh: true });
    expect(refreshed).toEqual({ idToken: renewed.idToken, expiresAt: (exp + 600) * 1000 });
    expect(urls).toEqual(['https://cognito-idp.eu-west-1.amazonaws.com/']);
  });
});
