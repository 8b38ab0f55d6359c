import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchAuthSession, signIn, signOut, updatePassword } from 'aws-amplify/auth';
import { createTokenVerifier } from '../../../server/auth/verifier';
import type { Database } from '../../../server/db/database';
import { identityRefreshTokens } from '../../../server/identity/schema';
import { resetDatabase, testDatabase } from '../support/database';
import { CLIENT_ID, GOOD_PASSWORD, OTHER_PASSWORD, configureAmplify, rejection, servePool, type MemoryStorage, type ServedPool } from './support';

/** Token refresh, sign-out and password change through the real aws-amplify client. */
let database: Database;
let served: ServedPool;
let storage: MemoryStorage;
const LIFETIME = 7;

beforeAll(async () => {
  database = await testDatabase();
  // Amplify refreshes 5 s before expiry, so a 7-second token is due for refresh 2 s after issue.
  served = await servePool(database, { lifetimes: { idTokenSeconds: LIFETIME, accessTokenSeconds: LIFETIME } });
  storage = configureAmplify(served);
});
afterAll(() => served.close());
beforeEach(async () => {
  await resetDatabase(database);
  await served.pool.createUser({ email: 'alice@alder.test', password: GOOD_PASSWORD });
  await signIn({ username: 'alice@alder.test', password: GOOD_PASSWORD });
  served.operations.length = 0;
});
afterEach(() => signOut());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const refreshWith = (refreshToken: string) => served.call('GetTokensFromRefreshToken', { ClientId: CLIENT_ID, RefreshToken: refreshToken });

describe('token refresh', () => {
  it('refreshes with GetTokensFromRefreshToken on forceRefresh, keeping sub and auth_time', async () => {
    const before = (await fetchAuthSession()).tokens!;
    const after = (await fetchAuthSession({ forceRefresh: true })).tokens!;

    expect(served.operations).toEqual(['GetTokensFromRefreshToken']);
    expect(after.idToken!.toString()).not.toBe(before.idToken!.toString());
    expect(after.idToken!.payload).toMatchObject({ sub: before.idToken!.payload.sub, auth_time: before.idToken!.payload.auth_time, token_use: 'id' });
    expect(await createTokenVerifier([served.pool.trustedIssuer])(after.idToken!.toString())).toMatchObject({ email: 'alice@alder.test' });
  });

  it('refreshes a token that is about to expire on its own', async () => {
    const before = (await fetchAuthSession()).tokens!;
    expect((before.idToken!.payload.exp ?? 0) - (before.idToken!.payload.iat ?? 0)).toBe(LIFETIME);
    await sleep(2500);
    const after = (await fetchAuthSession()).tokens!;
    expect(served.operations).toContain('GetTokensFromRefreshToken');
    expect(after.idToken!.payload.exp).toBeGreaterThan(before.idToken!.payload.exp!);
  });

  it('still answers the older REFRESH_TOKEN_AUTH flow, without a new refresh token', async () => {
    const refreshToken = storage.refreshToken()!;
    const response = await served.call('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: CLIENT_ID, AuthParameters: { REFRESH_TOKEN: refreshToken } });
    expect(response.status).toBe(200);
    expect(response.body.AuthenticationResult).toMatchObject({ TokenType: 'Bearer', ExpiresIn: LIFETIME });
    expect(response.body.AuthenticationResult.IdToken).toBeTruthy();
    expect(response.body.AuthenticationResult.RefreshToken).toBeUndefined();
  });

  it('refuses an unknown refresh token, one for another client, and an expired one', async () => {
    const refreshToken = storage.refreshToken()!;
    expect((await refreshWith('not-a-token')).body).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Refresh Token' });
    expect((await served.call('GetTokensFromRefreshToken', { ClientId: 'other', RefreshToken: refreshToken })).body.__type).toBe(
      'ResourceNotFoundException',
    );
    await database.db.update(identityRefreshTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await refreshWith(refreshToken)).body).toEqual({ __type: 'NotAuthorizedException', message: 'Refresh Token has expired' });
  });

  it('stores refresh tokens only as hashes', async () => {
    const refreshToken = storage.refreshToken()!;
    const rows = await database.db.select().from(identityRefreshTokens);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(refreshToken);
  });
});

describe('sign-out', () => {
  it('signOut({ global: true }) sends GlobalSignOut and revokes the refresh token', async () => {
    const refreshToken = storage.refreshToken()!;
    const accessToken = (await fetchAuthSession()).tokens!.accessToken.toString();
    await signOut({ global: true });

    expect(served.operations).toEqual(['GlobalSignOut']);
    expect((await fetchAuthSession()).tokens).toBeUndefined();
    expect((await refreshWith(refreshToken)).body).toEqual({ __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
    // The access token of the ended session no longer works for user operations either.
    expect((await served.call('GetUser', { AccessToken: accessToken })).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
  });

  it('global sign-out ends the sessions of every device', async () => {
    const other = await served.call('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { USERNAME: 'alice@alder.test', PASSWORD: GOOD_PASSWORD },
    });
    await signOut({ global: true });
    expect((await refreshWith(other.body.AuthenticationResult.RefreshToken)).body.message).toBe('Refresh Token has been revoked');
  });

  it('a local signOut() revokes this refresh token with RevokeToken (the access token carries origin_jti)', async () => {
    const refreshToken = storage.refreshToken()!;
    await signOut();
    expect(served.operations).toEqual(['RevokeToken']);
    expect((await refreshWith(refreshToken)).body.message).toBe('Refresh Token has been revoked');
  });
});

describe('updatePassword (ChangePassword)', () => {
  it('changes the password: the new one signs in, the old one no longer does', async () => {
    await updatePassword({ oldPassword: GOOD_PASSWORD, newPassword: OTHER_PASSWORD });
    expect(served.operations).toEqual(['ChangePassword']);
    // This device stays signed in.
    expect((await fetchAuthSession({ forceRefresh: true })).tokens?.idToken).toBeDefined();
    await signOut();
    expect(await rejection(signIn({ username: 'alice@alder.test', password: GOOD_PASSWORD }))).toMatchObject({ name: 'NotAuthorizedException' });
    expect((await signIn({ username: 'alice@alder.test', password: OTHER_PASSWORD })).isSignedIn).toBe(true);
  });

  it('refuses a wrong current password with NotAuthorizedException', async () => {
    expect(await rejection(updatePassword({ oldPassword: 'Not-The-Password-1', newPassword: OTHER_PASSWORD }))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });

  it('refuses a new password that breaks the policy with InvalidPasswordException', async () => {
    for (const [newPassword, rule] of [
      ['Sh0rt-pass', 'Password not long enough'],
      ['lower-case-only-1', 'Password must have uppercase characters'],
      ['UPPER-CASE-ONLY-1', 'Password must have lowercase characters'],
      ['No-Digits-Anywhere', 'Password must have numeric characters'],
      ['NoSymbolsAnywhere1', 'Password must have symbol characters'],
    ] as const) {
      expect(await rejection(updatePassword({ oldPassword: GOOD_PASSWORD, newPassword }))).toMatchObject({
        name: 'InvalidPasswordException',
        message: `Password does not conform to policy: ${rule}`,
      });
    }
  });

  it('ends the sessions of other devices but keeps this one', async () => {
    const other = await served.call('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { USERNAME: 'alice@alder.test', PASSWORD: GOOD_PASSWORD },
    });
    await updatePassword({ oldPassword: GOOD_PASSWORD, newPassword: OTHER_PASSWORD });
    expect((await refreshWith(other.body.AuthenticationResult.RefreshToken)).body.message).toBe('Refresh Token has been revoked');
    expect((await refreshWith(storage.refreshToken()!)).status).toBe(200);
  });
});
