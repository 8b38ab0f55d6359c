import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchAuthSession, signIn, signOut, updatePassword } from 'aws-amplify/auth';
import { createTokenVerifier } from '../../../server/auth/verifier';
import type { Database } from '../../../server/db/database';
import { identityRefreshTokens } from '../../../server/identity/schema';
import { resetDatabase, testDatabase } from '../support/database';
import { ROTATION_GRACE_SECONDS } from '../../../server/identity/sessions';
import { CLIENT_ID, GOOD_PASSWORD, OTHER_PASSWORD, capturedLogger, configureAmplify, rejection, servePool, type MemoryStorage, type ServedPool } from './support';

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

  it('refuses the older REFRESH_TOKEN_AUTH flow, as Cognito does for an app client that rotates refresh tokens', async () => {
    const refreshToken = storage.refreshToken()!;
    const response = await served.call('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: CLIENT_ID, AuthParameters: { REFRESH_TOKEN: refreshToken } });
    expect(response.status).toBe(400);
    expect(response.body.__type).toBe('InvalidParameterException');
    expect(response.body.message).toContain('GetTokensFromRefreshToken');
    // The refused request did not use the token up.
    expect((await refreshWith(refreshToken)).status).toBe(200);
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

describe('refresh token rotation', () => {
  /** Moves the pool's clock past the grace of a rotated-out token. */
  const pastGrace = () => served.advance(ROTATION_GRACE_SECONDS + 1);

  it('answers a new refresh token on each refresh, which the real Amplify client stores and uses next', async () => {
    const first = storage.refreshToken()!;
    await fetchAuthSession({ forceRefresh: true });
    const second = storage.refreshToken()!;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    await fetchAuthSession({ forceRefresh: true });
    const third = storage.refreshToken()!;
    expect(third).not.toBe(second);
    expect(served.operations).toEqual(['GetTokensFromRefreshToken', 'GetTokensFromRefreshToken']);
    // Amplify sent each stored token once: the first, then its successor.
    expect(served.requests.slice(-2).map((request) => (JSON.parse(request.body) as { RefreshToken: string }).RefreshToken)).toEqual([first, second]);
    // One family, one row per token, the older two retired.
    const rows = await database.db.select().from(identityRefreshTokens);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((row) => row.familyId)).size).toBe(1);
    expect(rows.filter((row) => row.rotatedAt === null)).toHaveLength(1);
    // Rotation never lengthens the sign-in: every token of the family expires when the first does.
    expect(new Set(rows.map((row) => row.expiresAt.getTime())).size).toBe(1);
  });

  it('keeps auth_time and names the new token in origin_jti, so revoking it ends the new access token', async () => {
    const before = (await fetchAuthSession()).tokens!;
    const after = (await fetchAuthSession({ forceRefresh: true })).tokens!;
    expect(after.idToken!.payload.auth_time).toBe(before.idToken!.payload.auth_time);
    expect(after.accessToken.payload.origin_jti).not.toBe(before.accessToken.payload.origin_jti);
    expect((await served.call('GetUser', { AccessToken: after.accessToken.toString() })).status).toBe(200);
  });

  it('revokes the whole family when a rotated-out token comes back after the grace', async () => {
    const stolen = storage.refreshToken()!;
    await fetchAuthSession({ forceRefresh: true });
    const current = storage.refreshToken()!;
    const accessToken = (await fetchAuthSession()).tokens!.accessToken.toString();
    pastGrace();

    // The thief's replay is refused, and so is everything the user holds from that sign-in.
    expect((await refreshWith(stolen)).body).toEqual({ __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
    expect((await refreshWith(current)).body).toEqual({ __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
    // Amplify gives up the session on the refused refresh.
    expect((await fetchAuthSession({ forceRefresh: true })).tokens).toBeUndefined();
    // Every token of the sign-in is revoked, so is every access token naming one (origin_jti).
    const rows = await database.db.select().from(identityRefreshTokens);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
    served.advance(-(ROTATION_GRACE_SECONDS + 1));
    expect((await served.call('GetUser', { AccessToken: accessToken })).body.message).toBe('Access Token has been revoked');
  });

  it('revokes the family when the thief refreshed first and the user then refreshes with the retired token', async () => {
    const shared = storage.refreshToken()!;
    const thief = await refreshWith(shared);
    expect(thief.status).toBe(200);
    pastGrace();
    expect((await fetchAuthSession({ forceRefresh: true })).tokens).toBeUndefined();
    expect((await refreshWith(thief.body.AuthenticationResult.RefreshToken)).body.message).toBe('Refresh Token has been revoked');
  });

  it('holds across instances on one database: rotated on one, replayed on another after the grace, the family ends on both', async () => {
    const other = await servePool(database, { lifetimes: { idTokenSeconds: LIFETIME, accessTokenSeconds: LIFETIME } });
    try {
      const stolen = storage.refreshToken()!;
      // The user's refresh is answered by this instance...
      await fetchAuthSession({ forceRefresh: true });
      const current = storage.refreshToken()!;
      // ...and the other instance already knows that token: it refreshes with it.
      const onOther = await other.call('GetTokensFromRefreshToken', { ClientId: CLIENT_ID, RefreshToken: current });
      expect(onOther.status).toBe(200);
      // Well past the grace on the other instance's clock (this file's clock has moved in earlier tests).
      other.advance(10 * 60);
      // The replay of the retired token reaches the other instance, which ends the family for both.
      expect((await other.call('GetTokensFromRefreshToken', { ClientId: CLIENT_ID, RefreshToken: stolen })).body.message).toBe('Refresh Token has been revoked');
      expect((await refreshWith(onOther.body.AuthenticationResult.RefreshToken)).body.message).toBe('Refresh Token has been revoked');
    } finally {
      await other.close();
    }
  });

  it('lets two tabs refresh with the same token at once (the grace): each gets a working successor', async () => {
    const shared = storage.refreshToken()!;
    const [a, b] = await Promise.all([refreshWith(shared), refreshWith(shared)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const successors = [a.body.AuthenticationResult.RefreshToken as string, b.body.AuthenticationResult.RefreshToken as string];
    expect(successors[0]).not.toBe(successors[1]);
    for (const token of successors) expect((await refreshWith(token)).status).toBe(200);
    // Past the grace, the shared token is a replay again and ends the family, both tabs' tokens included.
    pastGrace();
    expect((await refreshWith(shared)).body.message).toBe('Refresh Token has been revoked');
    expect((await refreshWith(successors[0]!)).body.message).toBe('Refresh Token has been revoked');
  });

  it('keeps other sign-ins of the same user when one family is revoked', async () => {
    const other = await served.call('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { USERNAME: 'alice@alder.test', PASSWORD: GOOD_PASSWORD },
    });
    const stolen = storage.refreshToken()!;
    await fetchAuthSession({ forceRefresh: true });
    pastGrace();
    expect((await refreshWith(stolen)).status).toBe(400);
    expect((await refreshWith(other.body.AuthenticationResult.RefreshToken)).status).toBe(200);
  });

  it('logs the reuse without the token, the user or the address', async () => {
    const { logger, lines } = capturedLogger();
    const logged = await servePool(database, { logger });
    try {
      await logged.pool.createUser({ email: 'bob@alder.test', password: GOOD_PASSWORD });
      const signedIn = await logged.call('InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: CLIENT_ID,
        AuthParameters: { USERNAME: 'bob@alder.test', PASSWORD: GOOD_PASSWORD },
      });
      const token = signedIn.body.AuthenticationResult.RefreshToken as string;
      await logged.call('GetTokensFromRefreshToken', { ClientId: CLIENT_ID, RefreshToken: token });
      logged.advance(ROTATION_GRACE_SECONDS + 1);
      expect((await logged.call('GetTokensFromRefreshToken', { ClientId: CLIENT_ID, RefreshToken: token })).status).toBe(400);
      const text = lines.join('\n');
      expect(text).toContain('rotated-out refresh token');
      expect(text).not.toContain(token);
      expect(text).not.toContain('bob@alder.test');
      expect(text).not.toContain('127.0.0.1');
    } finally {
      await logged.close();
    }
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
