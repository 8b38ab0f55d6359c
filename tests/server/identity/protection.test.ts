import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signIn, signOut } from 'aws-amplify/auth';
import { SignJWT, decodeJwt, decodeProtectedHeader, generateKeyPair } from 'jose';
import { createTokenVerifier } from '../../../server/auth/verifier';
import type { Database } from '../../../server/db/database';
import { createUserPool } from '../../../server/identity/pool';
import { resetDatabase, testDatabase } from '../support/database';
import { CLIENT_ID, GOOD_PASSWORD, OTHER_PASSWORD, POOL_ID, configureAmplify, rejection, servePool, type ServedPool } from './support';

/** Brute-force protection, throttling, token rejection and the protocol's edges. */
let database: Database;
let served: ServedPool;

beforeAll(async () => {
  database = await testDatabase();
  served = await servePool(database);
  configureAmplify(served);
});
afterAll(() => served.close());
beforeEach(async () => {
  await resetDatabase(database);
  await served.pool.createUser({ email: 'alice@alder.test', password: GOOD_PASSWORD });
});
afterEach(() => signOut());

const passwordSignIn = (pool: ServedPool, username: string, password: string) =>
  pool.call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: CLIENT_ID, AuthParameters: { USERNAME: username, PASSWORD: password } });

describe('lockout after repeated failures', () => {
  it('refuses even the right password for 15 minutes after 5 failures within 15 minutes', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(await rejection(signIn({ username: 'alice@alder.test', password: OTHER_PASSWORD }))).toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      });
    }
    expect(await rejection(signIn({ username: 'alice@alder.test', password: GOOD_PASSWORD }))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
    expect((await passwordSignIn(served, 'alice@alder.test', GOOD_PASSWORD)).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });

    served.advance(15 * 60 + 1);
    try {
      expect((await signIn({ username: 'alice@alder.test', password: GOOD_PASSWORD })).isSignedIn).toBe(true);
    } finally {
      served.advance(-(15 * 60 + 1));
    }
  });

  it('locks a username that does not exist the same way, so lockout does not reveal who exists', async () => {
    const messages: string[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      messages.push((await rejection(signIn({ username: 'nobody@alder.test', password: OTHER_PASSWORD }))).message);
    }
    expect(messages).toEqual([...Array<string>(5).fill('Incorrect username or password.'), 'Password attempts exceeded']);
  });

  it('counts failures within a 15-minute window only, and a success starts the count again', async () => {
    for (let attempt = 0; attempt < 4; attempt += 1) await passwordSignIn(served, 'alice@alder.test', OTHER_PASSWORD);
    served.advance(15 * 60 + 1);
    try {
      for (let attempt = 0; attempt < 4; attempt += 1) await passwordSignIn(served, 'alice@alder.test', OTHER_PASSWORD);
      expect((await passwordSignIn(served, 'alice@alder.test', GOOD_PASSWORD)).status).toBe(200);
      for (let attempt = 0; attempt < 4; attempt += 1) await passwordSignIn(served, 'alice@alder.test', OTHER_PASSWORD);
      expect((await passwordSignIn(served, 'alice@alder.test', GOOD_PASSWORD)).status).toBe(200);
    } finally {
      served.advance(-(15 * 60 + 1));
    }
  });
});

describe('per-IP throttling', () => {
  it('answers TooManyRequestsException to an IP that starts too many sign-ins', async () => {
    const throttled = await servePool(database, { limits: { signInsPerIp: 3 } });
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) expect((await passwordSignIn(throttled, 'alice@alder.test', GOOD_PASSWORD)).status).toBe(200);
      const refused = await passwordSignIn(throttled, 'alice@alder.test', GOOD_PASSWORD);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ __type: 'TooManyRequestsException', message: 'Rate exceeded' });
      expect(refused.headers.get('x-amzn-errortype')).toBe('TooManyRequestsException');
      const srp = await throttled.call('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: CLIENT_ID, AuthParameters: { USERNAME: 'alice@alder.test', SRP_A: '1f' } });
      expect(srp.body.__type).toBe('TooManyRequestsException');
    } finally {
      await throttled.close();
    }
  });

  it('answers LimitExceededException to an IP that asks for too many reset codes', async () => {
    const throttled = await servePool(database, { limits: { codeRequestsPerIp: 2 } });
    try {
      const forgot = () => throttled.call('ForgotPassword', { ClientId: CLIENT_ID, Username: 'alice@alder.test' });
      expect((await forgot()).status).toBe(200);
      expect((await forgot()).status).toBe(200);
      expect((await forgot()).body).toEqual({ __type: 'LimitExceededException', message: 'Attempt limit exceeded, please try after some time.' });
    } finally {
      await throttled.close();
    }
  });
});

describe('SRP exchange', () => {
  it('uses a SECRET_BLOCK once: a replayed proof is refused', async () => {
    served.requests.length = 0;
    expect((await signIn({ username: 'alice@alder.test', password: GOOD_PASSWORD })).isSignedIn).toBe(true);
    const proof = served.requests.find((request) => request.target.endsWith('RespondToAuthChallenge'));
    expect(JSON.parse(proof!.body)).toMatchObject({
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeResponses: { USERNAME: 'alice@alder.test', PASSWORD_CLAIM_SECRET_BLOCK: expect.any(String), PASSWORD_CLAIM_SIGNATURE: expect.any(String) },
    });
    expect((await served.call('RespondToAuthChallenge', JSON.parse(proof!.body))).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });

  it('refuses a proof with a forged signature and counts it as a failure', async () => {
    const started = await served.call('InitiateAuth', {
      AuthFlow: 'USER_SRP_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { USERNAME: 'alice@alder.test', SRP_A: 'abcdef0123456789' },
    });
    const parameters = started.body.ChallengeParameters;
    const answer = await served.call('RespondToAuthChallenge', {
      ChallengeName: 'PASSWORD_VERIFIER',
      ClientId: CLIENT_ID,
      ChallengeResponses: {
        USERNAME: parameters.USER_ID_FOR_SRP,
        PASSWORD_CLAIM_SECRET_BLOCK: parameters.SECRET_BLOCK,
        TIMESTAMP: 'Tue Mar 3 09:05:07 UTC 2026',
        PASSWORD_CLAIM_SIGNATURE: Buffer.alloc(32, 7).toString('base64'),
      },
    });
    expect(answer.body).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });

  it('refuses an SRP_A that is 0 mod N', async () => {
    const response = await served.call('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: CLIENT_ID, AuthParameters: { USERNAME: 'alice@alder.test', SRP_A: '0' } });
    expect(response.body.__type).toBe('InvalidParameterException');
  });
});

describe('tokens the API verifier refuses', () => {
  const verify = () => createTokenVerifier([served.pool.trustedIssuer]);
  const idTokenFrom = async (pool: ServedPool) => (await passwordSignIn(pool, 'alice@alder.test', GOOD_PASSWORD)).body.AuthenticationResult.IdToken as string;

  it('accepts the genuine token (control)', async () => {
    expect(await verify()(await idTokenFrom(served))).toMatchObject({ kind: 'cognito', email: 'alice@alder.test' });
  });

  it('refuses a token whose payload was altered', async () => {
    const [header, payload, signature] = (await idTokenFrom(served)).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    await expect(verify()(`${header}.${forged}.${signature}`)).rejects.toThrow('The token could not be verified.');
  });

  it('refuses an expired token', async () => {
    served.advance(-2 * 3600);
    let token: string;
    try {
      token = await idTokenFrom(served);
    } finally {
      served.advance(2 * 3600);
    }
    await expect(verify()(token)).rejects.toThrow('The token has expired.');
  });

  it('refuses a token of another pool, even one on the same database', async () => {
    const otherPool = createUserPool({ db: database.db, poolId: 'local_otherpool', clientId: CLIENT_ID, issuerBase: served.endpoint });
    await otherPool.createUser({ email: 'alice@alder.test', password: GOOD_PASSWORD });
    const result = await otherPool.handle(
      'InitiateAuth',
      { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: CLIENT_ID, AuthParameters: { USERNAME: 'alice@alder.test', PASSWORD: GOOD_PASSWORD } },
      { ip: 'test' },
    );
    const token = (result as { AuthenticationResult: { IdToken: string } }).AuthenticationResult.IdToken;
    expect(await createTokenVerifier([otherPool.trustedIssuer])(token)).toMatchObject({ kind: 'cognito' });
    await expect(verify()(token)).rejects.toThrow('The token comes from an issuer this server does not trust.');
  });

  it("refuses a token signed with another key that claims this pool's issuer", async () => {
    const genuine = decodeJwt(await idTokenFrom(served));
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ ...genuine })
      .setProtectedHeader({ alg: 'RS256', kid: decodeProtectedHeader(await idTokenFrom(served)).kid! })
      .sign(privateKey);
    await expect(verify()(forged)).rejects.toThrow('The token could not be verified.');
  });

  it('refuses a token for another app client', async () => {
    const verifier = createTokenVerifier([{ ...served.pool.trustedIssuer, audience: ['another-client'] }]);
    await expect(verifier(await idTokenFrom(served))).rejects.toThrow('The token could not be verified.');
  });

  it('keeps verifying after a restart: the signing key lives in the database', async () => {
    const options = { db: database.db, poolId: 'local_restarted', clientId: CLIENT_ID, issuerBase: served.endpoint };
    const before = createUserPool(options);
    await before.createUser({ email: 'alice@alder.test', password: GOOD_PASSWORD });
    const signedIn = (await before.handle(
      'InitiateAuth',
      { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: CLIENT_ID, AuthParameters: { USERNAME: 'alice@alder.test', PASSWORD: GOOD_PASSWORD } },
      { ip: 'test' },
    )) as { AuthenticationResult: { IdToken: string; RefreshToken: string } };

    const after = createUserPool(options);
    expect(await createTokenVerifier([after.trustedIssuer])(signedIn.AuthenticationResult.IdToken)).toMatchObject({ email: 'alice@alder.test' });
    expect((await after.jwks()).keys.map((key) => key.kid)).toEqual([decodeProtectedHeader(signedIn.AuthenticationResult.IdToken).kid]);
    const refreshed = await after.handle('GetTokensFromRefreshToken', { ClientId: CLIENT_ID, RefreshToken: signedIn.AuthenticationResult.RefreshToken }, { ip: 'test' });
    expect(refreshed).toMatchObject({ AuthenticationResult: { TokenType: 'Bearer' } });
  });
});

describe('the protocol edges', () => {
  const post = (headers: Record<string, string>, body: string) => fetch(served.endpoint, { method: 'POST', headers, body });

  it('answers an operation it does not implement with UnknownOperationException', async () => {
    // Admin operations, served or not, need a signature first (admin-protocol.test.ts).
    const response = await served.call('SignUp', { ClientId: 'test-client', Username: 'alice@alder.test', Password: 'x' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ __type: 'UnknownOperationException', message: 'The operation SignUp is not supported by this user pool.' });
    expect(response.headers.get('x-amzn-errortype')).toBe('UnknownOperationException');
    expect(response.headers.get('content-type')).toBe('application/x-amz-json-1.1');
  });

  it('answers a request without X-Amz-Target, or with a body that is not JSON', async () => {
    expect((await (await post({ 'Content-Type': 'application/x-amz-json-1.1' }, '{}')).json()).__type).toBe('UnknownOperationException');
    const broken = await post({ 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth' }, '{');
    expect(broken.status).toBe(400);
    expect((await broken.json()).__type).toBe('InvalidParameterException');
  });

  it('answers an unknown app client with ResourceNotFoundException and an unsupported flow with InvalidParameterException', async () => {
    const wrongClient = await served.call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: 'nope', AuthParameters: {} });
    expect(wrongClient.body).toEqual({ __type: 'ResourceNotFoundException', message: 'User pool client nope does not exist.' });
    const custom = await served.call('InitiateAuth', { AuthFlow: 'CUSTOM_AUTH', ClientId: CLIENT_ID, AuthParameters: { USERNAME: 'alice@alder.test' } });
    expect(custom.body.__type).toBe('InvalidParameterException');
    const missing = await served.call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: CLIENT_ID, AuthParameters: { USERNAME: 'alice@alder.test' } });
    expect(missing.body).toEqual({ __type: 'InvalidParameterException', message: 'Missing required parameter PASSWORD' });
  });

  it("lets Cannery's own origins call it with the headers Amplify sends, and no other origin", async () => {
    const own = await servePool(database, { corsOrigins: ['chrome-extension://abcdefghijklmnop'] });
    try {
      const preflight = (origin: string) =>
        fetch(own.endpoint, {
          method: 'OPTIONS',
          headers: {
            Origin: origin,
            'Access-Control-Request-Method': 'POST',
            'Access-Control-Request-Headers': 'content-type,x-amz-target,x-amz-user-agent,cache-control,amz-sdk-invocation-id,amz-sdk-request',
          },
        });
      const allowed = await preflight('chrome-extension://abcdefghijklmnop');
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe('chrome-extension://abcdefghijklmnop');
      expect(allowed.headers.get('access-control-allow-headers')).toContain('x-amz-target');
      const foreign = await preflight('https://evil.example');
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await own.close();
    }
  });

  it('publishes its JWKS and OpenID configuration under the issuer', async () => {
    const token = (await passwordSignIn(served, 'alice@alder.test', GOOD_PASSWORD)).body.AuthenticationResult.IdToken as string;
    const jwks = await (await fetch(`${served.endpoint}/${POOL_ID}/.well-known/jwks.json`)).json();
    expect(jwks.keys).toEqual([expect.objectContaining({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: decodeProtectedHeader(token).kid })]);
    expect(JSON.stringify(jwks)).not.toMatch(/"d"|PRIVATE/);
    const openid = await (await fetch(`${served.endpoint}/${POOL_ID}/.well-known/openid-configuration`)).json();
    expect(openid).toMatchObject({ issuer: `${served.endpoint}/${POOL_ID}`, jwks_uri: `${served.endpoint}/${POOL_ID}/.well-known/jwks.json` });
    expect(decodeJwt(token).iss).toBe(openid.issuer);
    expect((await fetch(`${served.endpoint}/local_elsewhere/.well-known/jwks.json`)).status).toBe(404);
  });

  it('shows the outbox page only when the pool is told to', async () => {
    await served.call('ForgotPassword', { ClientId: CLIENT_ID, Username: 'alice@alder.test' });
    expect((await fetch(`${served.endpoint}/dev/outbox`)).status).toBe(404);

    const dev = await servePool(database, { devOutbox: true });
    try {
      const page = await fetch(`${dev.endpoint}/dev/outbox`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      const html = await page.text();
      expect(html).toContain('alice@alder.test');
      expect(html).toMatch(/verification code is \d{6}/);
    } finally {
      await dev.close();
    }
  });
});
