import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { capturedLogger } from './identity/support';
import { makeTestApp } from './support/app';
import { givenAccount, givenUser } from './support/given';
import { makeTestIssuer } from './support/tokens';
import { freshWorld, type World } from './support/world';

let world: World;
beforeEach(async () => {
  ({ world } = await freshWorld());
});

const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

describe('bearer ID tokens', () => {
  it('rejects a request without a token with 401', async () => {
    const response = await world.call(null, '/user-info');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: 'unauthenticated', message: 'Sign in first: this request carries no bearer token.' } });
  });

  it('accepts user-pool and work-account tokens and finds the user by sub', async () => {
    const alice = await (await world.call(world.alice, '/user-info')).json();
    expect(alice.user.email).toBe('alice@alder.test');
    expect(alice.user.cognitoAuth).toEqual({ sub: world.alice.cognitoSub });
    const ada = await (await world.call(world.ada, '/user-info')).json();
    expect(ada.user).toMatchObject({ email: 'ada@alder.test', microsoftAuth: { sub: 'ms-ada' } });
  });

  it('rejects an expired token', async () => {
    const token = await world.cognito.idToken(world.alice.cognitoSub!, { expiresInSeconds: -120 });
    const response = await world.app.request('/api/user-info', bearer(token));
    expect(response.status).toBe(401);
    expect((await response.json()).error).toEqual({ code: 'invalid_token', message: 'The token has expired.' });
  });

  it('allows a few seconds of clock difference, but not ten', async () => {
    const justExpired = await world.cognito.idToken(world.alice.cognitoSub!, { expiresInSeconds: -2 });
    expect((await world.app.request('/api/user-info', bearer(justExpired))).status).toBe(200);
    const tenSecondsOld = await world.cognito.idToken(world.alice.cognitoSub!, { expiresInSeconds: -10 });
    expect((await world.app.request('/api/user-info', bearer(tenSecondsOld))).status).toBe(401);
  });

  it('rejects a tampered token', async () => {
    const token = await world.cognito.idToken(world.alice.cognitoSub!);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: world.bob.cognitoSub })).toString('base64url');
    const response = await world.app.request('/api/user-info', bearer(`${header}.${forged}.${signature}`));
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('invalid_token');
  });

  it('rejects a token of an issuer it does not trust, even with the same issuer name', async () => {
    const impostor = await makeTestIssuer('cognito', world.cognito.trusted.issuer);
    const response = await world.app.request('/api/user-info', bearer(await impostor.idToken(world.alice.cognitoSub!)));
    expect(response.status).toBe(401);
    const stranger = await makeTestIssuer('cognito', 'https://elsewhere.test/pool');
    const other = await world.app.request('/api/user-info', bearer(await stranger.idToken(world.alice.cognitoSub!)));
    expect((await other.json()).error.message).toBe('The token comes from an issuer this server does not trust.');
  });

  it('rejects a token for another client and a user-pool access token', async () => {
    const wrongAudience = await world.cognito.idToken(world.alice.cognitoSub!, { audience: 'someone-else' });
    expect((await world.app.request('/api/user-info', bearer(wrongAudience))).status).toBe(401);
    const access = await world.cognito.idToken(world.alice.cognitoSub!, { claims: { token_use: 'access' } });
    const response = await world.app.request('/api/user-info', bearer(access));
    expect(response.status).toBe(401);
    expect((await response.json()).error.message).toBe('An ID token is required.');
  });

  it('answers 404 user_not_found for a valid sign-in without a Cannery user', async () => {
    const response = await world.app.request('/api/user-info', bearer(await world.cognito.idToken('nobody-sub')));
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe('user_not_found');
  });

  it('refuses a cookie-carrying write whose XSRF header does not match', async () => {
    const token = await world.cognito.idToken(world.alice.cognitoSub!);
    const response = await world.app.request('/api/user-info', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, Cookie: 'XSRF-TOKEN=abc', 'X-XSRF-TOKEN': 'xyz' },
    });
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe('xsrf');
  });

  it('allows CORS for the configured origin only', async () => {
    const allowed = await world.app.request('/api/health', { headers: { Origin: 'https://taskpane.test' } });
    expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe('https://taskpane.test');
    const other = await world.app.request('/api/health', { headers: { Origin: 'https://evil.test' } });
    expect(other.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});

describe('callers are matched by issuer and sub', () => {
  it('refuses a token of a second trusted issuer of the same kind that carries the sub of a user of the first', async () => {
    const { database } = await freshWorld();
    const second = await makeTestIssuer('cognito', 'https://second-pool.test/pool');
    const first = await makeTestIssuer('cognito', 'https://first-pool.test/pool');
    const app = makeTestApp(database, { issuers: [first.trusted, second.trusted] });
    const account = await givenAccount(database.db);
    const carol = await givenUser(database.db, account.id, { email: 'carol@alder.test', cognitoIssuer: first.trusted.issuer });

    const own = await app.request('/api/user-info', bearer(await first.idToken(carol.cognitoSub!)));
    expect(own.status).toBe(200);
    const foreign = await app.request('/api/user-info', bearer(await second.idToken(carol.cognitoSub!)));
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error.code).toBe('user_not_found');
  });

  it('does the same for work accounts', async () => {
    const { database } = await freshWorld();
    const tenantA = await makeTestIssuer('microsoft', 'https://login.test/tenant-a/v2.0');
    const tenantB = await makeTestIssuer('microsoft', 'https://login.test/tenant-b/v2.0');
    const app = makeTestApp(database, { issuers: [tenantA.trusted, tenantB.trusted] });
    const account = await givenAccount(database.db);
    await givenUser(database.db, account.id, { cognitoSub: null, microsoftSub: 'ms-dana', microsoftIssuer: tenantA.trusted.issuer });
    expect((await app.request('/api/user-info', bearer(await tenantA.idToken('ms-dana')))).status).toBe(200);
    expect((await app.request('/api/user-info', bearer(await tenantB.idToken('ms-dana')))).status).toBe(404);
  });

  it('binds a user linked without an issuer to the one trusted issuer of its kind at first use', async () => {
    const { world, database } = await freshWorld();
    expect((await world.call(world.alice, '/user-info')).status).toBe(200);
    const [row] = await database.db.select().from(users).where(eq(users.id, world.alice.id));
    expect(row!.cognitoIssuer).toBe(world.cognito.trusted.issuer);

    // Once a second issuer of that kind is trusted, the bound user answers to the first only.
    const other = await makeTestIssuer('cognito', 'https://other-pool.test/pool');
    const app = makeTestApp(database, { issuers: [world.cognito.trusted, other.trusted] });
    expect((await app.request('/api/user-info', bearer(await world.cognito.idToken(world.alice.cognitoSub!)))).status).toBe(200);
    expect((await app.request('/api/user-info', bearer(await other.idToken(world.alice.cognitoSub!)))).status).toBe(404);
  });

  it('refuses a user linked without an issuer while several issuers of its kind are trusted, and says so in the log without ids', async () => {
    const { world, database } = await freshWorld();
    const other = await makeTestIssuer('cognito', 'https://other-pool.test/pool');
    const { logger, lines } = capturedLogger();
    const app = makeTestApp(database, { issuers: [world.cognito.trusted, other.trusted], logger });
    for (const issuer of [world.cognito, other]) {
      expect((await app.request('/api/user-info', bearer(await issuer.idToken(world.alice.cognitoSub!)))).status).toBe(404);
    }
    const text = lines.join('\n');
    expect(text).toContain('several issuers of its kind');
    expect(text).not.toContain(world.alice.cognitoSub!);
    expect(text).not.toContain('alice@alder.test');
  });
});
