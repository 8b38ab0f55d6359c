import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { confirmSignIn, fetchAuthSession, fetchUserAttributes, getCurrentUser, signIn, signOut } from 'aws-amplify/auth';
import { createTokenVerifier } from '../../../server/auth/verifier';
import type { Database } from '../../../server/db/database';
import { identityUsers } from '../../../server/identity/schema';
import { makeTestApp } from '../support/app';
import { resetDatabase, testDatabase } from '../support/database';
import { givenAccount, givenTeam } from '../support/given';
import { CLIENT_ID, GOOD_PASSWORD, OTHER_PASSWORD, POOL_ID, configureAmplify, rejection, servePool, type ServedPool } from './support';

/** Sign-in through the real aws-amplify client, against the pool served on a loopback port. */
let database: Database;
let served: ServedPool;

beforeAll(async () => {
  database = await testDatabase();
  served = await servePool(database);
  configureAmplify(served);
});
afterAll(() => served.close());
beforeEach(() => resetDatabase(database));
afterEach(() => signOut());

describe('signIn with SRP (Amplify default)', () => {
  it('signs a confirmed user in and keeps Cognito-shaped tokens', async () => {
    const { sub } = await served.pool.createUser({ email: 'Alice@Alder.test', password: GOOD_PASSWORD });

    const result = await signIn({ username: 'alice@alder.test', password: GOOD_PASSWORD });

    expect(result).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const { tokens } = await fetchAuthSession();
    expect(tokens?.idToken?.payload).toMatchObject({
      sub,
      aud: CLIENT_ID,
      iss: `${served.endpoint}/${POOL_ID}`,
      token_use: 'id',
      email: 'alice@alder.test',
      email_verified: true,
      'cognito:username': 'alice@alder.test',
    });
    expect(tokens?.accessToken.payload).toMatchObject({
      sub,
      client_id: CLIENT_ID,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      username: 'alice@alder.test',
    });
    expect(await getCurrentUser()).toMatchObject({ userId: sub, username: 'alice@alder.test' });
  });

  it('ignores the case and surrounding spaces of the email', async () => {
    await served.pool.createUser({ email: 'alice@alder.test', password: GOOD_PASSWORD });
    expect((await signIn({ username: '  ALICE@Alder.Test ', password: GOOD_PASSWORD })).isSignedIn).toBe(true);
  });

  it('refuses a wrong password with NotAuthorizedException', async () => {
    await served.pool.createUser({ email: 'alice@alder.test', password: GOOD_PASSWORD });
    const error = await rejection(signIn({ username: 'alice@alder.test', password: OTHER_PASSWORD }));
    expect(error).toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });

  it('answers an unknown user exactly as a wrong password', async () => {
    const error = await rejection(signIn({ username: 'nobody@alder.test', password: GOOD_PASSWORD }));
    expect(error).toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });

  it('gives an unknown user the same salt every time, so the challenge does not tell', async () => {
    const challenge = () =>
      served.call('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: CLIENT_ID, AuthParameters: { USERNAME: 'nobody@alder.test', SRP_A: 'abc123' } });
    const [first, second] = [await challenge(), await challenge()];
    expect(first.body.ChallengeName).toBe('PASSWORD_VERIFIER');
    expect(first.body.ChallengeParameters.SALT).toBe(second.body.ChallengeParameters.SALT);
    expect(first.body.ChallengeParameters.SALT).toMatch(/^[0-9a-f]{32}$/);
    expect(first.body.ChallengeParameters.SRP_B).not.toBe(second.body.ChallengeParameters.SRP_B);
  });

  it('refuses a disabled user, once the password is right', async () => {
    const { sub } = await served.pool.createUser({ email: 'alice@alder.test', password: GOOD_PASSWORD });
    await database.db.update(identityUsers).set({ enabled: false });
    expect(await rejection(signIn({ username: 'alice@alder.test', password: GOOD_PASSWORD }))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'User is disabled.',
    });
    expect(sub).toBeTruthy();
  });

  it('sends a user whose password must be reset to the reset step', async () => {
    await served.pool.createUser({ email: 'alice@alder.test', password: GOOD_PASSWORD });
    await database.db.update(identityUsers).set({ status: 'RESET_REQUIRED' });
    expect(await signIn({ username: 'alice@alder.test', password: GOOD_PASSWORD })).toEqual({
      isSignedIn: false,
      nextStep: { signInStep: 'RESET_PASSWORD' },
    });
  });
});

describe('signIn with USER_PASSWORD_AUTH', () => {
  it('signs in with the same stored verifier', async () => {
    await served.pool.createUser({ email: 'alice@alder.test', password: GOOD_PASSWORD });
    const result = await signIn({ username: 'alice@alder.test', password: GOOD_PASSWORD, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    expect(result.isSignedIn).toBe(true);
    expect((await fetchAuthSession()).tokens?.idToken?.payload.email).toBe('alice@alder.test');
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    await served.pool.createUser({ email: 'alice@alder.test', password: GOOD_PASSWORD });
    const options = { authFlowType: 'USER_PASSWORD_AUTH' as const };
    const wrong = await rejection(signIn({ username: 'alice@alder.test', password: OTHER_PASSWORD, options }));
    const unknown = await rejection(signIn({ username: 'nobody@alder.test', password: OTHER_PASSWORD, options }));
    for (const error of [wrong, unknown]) expect(error).toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });
});

describe('first sign-in with a temporary password', () => {
  it('asks for a new password, refuses one that breaks the policy, then signs in with a good one', async () => {
    await served.pool.createUser({ email: 'alice@alder.test', temporaryPassword: 'Temporary-Pass-1' });

    const first = await signIn({ username: 'alice@alder.test', password: 'Temporary-Pass-1' });
    expect(first).toEqual({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', missingAttributes: [] },
    });

    expect(await rejection(confirmSignIn({ challengeResponse: 'short-1A' }))).toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password does not conform to policy: Password not long enough',
    });
    expect(await rejection(confirmSignIn({ challengeResponse: 'no-digits-here-A' }))).toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password does not conform to policy: Password must have numeric characters',
    });

    const confirmed = await confirmSignIn({ challengeResponse: GOOD_PASSWORD });
    expect(confirmed).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const [user] = await database.db.select().from(identityUsers);
    expect(user?.status).toBe('CONFIRMED');

    await signOut();
    expect(await rejection(signIn({ username: 'alice@alder.test', password: 'Temporary-Pass-1' }))).toMatchObject({
      name: 'NotAuthorizedException',
    });
    expect((await signIn({ username: 'alice@alder.test', password: GOOD_PASSWORD })).isSignedIn).toBe(true);
  });

  it('works with USER_PASSWORD_AUTH too', async () => {
    await served.pool.createUser({ email: 'alice@alder.test', temporaryPassword: 'Temporary-Pass-1' });
    const first = await signIn({ username: 'alice@alder.test', password: 'Temporary-Pass-1', options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    expect((await confirmSignIn({ challengeResponse: GOOD_PASSWORD })).isSignedIn).toBe(true);
  });

  it('uses a new-password session once', async () => {
    await served.pool.createUser({ email: 'alice@alder.test', temporaryPassword: 'Temporary-Pass-1' });
    const started = await served.call('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { USERNAME: 'alice@alder.test', PASSWORD: 'Temporary-Pass-1' },
    });
    expect(started.body).toMatchObject({ ChallengeName: 'NEW_PASSWORD_REQUIRED', ChallengeParameters: { USER_ID_FOR_SRP: 'alice@alder.test', requiredAttributes: '[]' } });
    const answer = {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      ClientId: CLIENT_ID,
      Session: started.body.Session,
      ChallengeResponses: { USERNAME: 'alice@alder.test', NEW_PASSWORD: GOOD_PASSWORD },
    };
    const done = await served.call('RespondToAuthChallenge', answer);
    expect(done.body.AuthenticationResult).toMatchObject({ TokenType: 'Bearer', ExpiresIn: 3600 });
    const again = await served.call('RespondToAuthChallenge', answer);
    expect(again.body).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid session for the user, session is expired.' });
  });

  it('expires a new-password session after three minutes', async () => {
    await served.pool.createUser({ email: 'alice@alder.test', temporaryPassword: 'Temporary-Pass-1' });
    await signIn({ username: 'alice@alder.test', password: 'Temporary-Pass-1' });
    served.advance(181);
    try {
      expect(await rejection(confirmSignIn({ challengeResponse: GOOD_PASSWORD }))).toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Invalid session for the user, session is expired.',
      });
    } finally {
      served.advance(-181);
    }
  });
});

describe('tokens the API accepts', () => {
  it('verifies the ID token from fetchAuthSession with the pool as trusted issuer, and reads the user', async () => {
    const account = await givenAccount(database.db);
    const team = await givenTeam(database.db, account.id);
    const { sub, canneryUserId } = await served.pool.createUser({
      email: 'alice@alder.test',
      password: GOOD_PASSWORD,
      accountId: account.id,
      teams: [team.id],
    });
    await signIn({ username: 'alice@alder.test', password: GOOD_PASSWORD });
    const idToken = (await fetchAuthSession()).tokens?.idToken?.toString() ?? '';

    const verify = createTokenVerifier([served.pool.trustedIssuer]);
    expect(await verify(idToken)).toEqual({ kind: 'cognito', issuer: served.pool.issuer, soleIssuerOfKind: true, sub, email: 'alice@alder.test', emailVerified: true, tenant: null });

    const app = makeTestApp(database, { issuers: [served.pool.trustedIssuer] });
    const response = await app.request('/api/user-info', { headers: { Authorization: `Bearer ${idToken}` } });
    expect(response.status).toBe(200);
    expect((await response.json()).user).toMatchObject({ _id: canneryUserId, email: 'alice@alder.test', teams: [team.id], cognitoAuth: { sub } });
  });

  it('refuses the access token where an ID token is required', async () => {
    await served.pool.createUser({ email: 'alice@alder.test', password: GOOD_PASSWORD });
    await signIn({ username: 'alice@alder.test', password: GOOD_PASSWORD });
    const accessToken = (await fetchAuthSession()).tokens?.accessToken.toString() ?? '';
    await expect(createTokenVerifier([served.pool.trustedIssuer])(accessToken)).rejects.toThrow(/could not be verified|ID token is required/);
  });

  it('answers GetUser (fetchUserAttributes) with email, email_verified, sub and the multi-factor policy', async () => {
    const { sub } = await served.pool.createUser({ email: 'alice@alder.test', password: GOOD_PASSWORD });
    await signIn({ username: 'alice@alder.test', password: GOOD_PASSWORD });
    // A pool user without a Cannery account is 'optional'.
    expect(await fetchUserAttributes()).toEqual({ email: 'alice@alder.test', email_verified: 'true', sub, 'custom:mfa_policy': 'optional' });
  });
});
