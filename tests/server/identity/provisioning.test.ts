import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { confirmResetPassword, confirmSignIn, resetPassword, signIn, signOut } from 'aws-amplify/auth';
import { desc } from 'drizzle-orm';
import type { Database } from '../../../server/db/database';
import { mailQueue } from '../../../server/mail/schema';
import { ProvisioningError, type IdentityProvisioner } from '../../../server/identity/provisioning';
import { cognitoProvisioner } from '../../../server/identity/provisioning-cognito';
import { identityDevices, identityUsers } from '../../../server/identity/schema';
import { totpCode } from '../../../server/identity/totp';
import { resetDatabase, testDatabase } from '../support/database';
import { ADMIN_CREDENTIALS, CLIENT_ID, GOOD_PASSWORD, OTHER_PASSWORD, POOL_ID, configureAmplify, rejection, servePool, type MemoryStorage, type ServedPool } from './support';

/**
 * Provisioning, one suite for both implementations: the built-in pool in process, and the AWS
 * SDK implementation (real SDK, real SigV4 signing) pointed at the built-in pool's protocol
 * endpoint. Every effect is checked the way a user meets it: signing in with aws-amplify.
 */
let database: Database;
let served: ServedPool;
let storage: MemoryStorage;

beforeAll(async () => {
  // Amplify names a new device from navigator (getDeviceName), which Node 20 lacks: a browser's stand-in.
  if (!('navigator' in globalThis)) Object.defineProperty(globalThis, 'navigator', { value: { userAgent: 'Node test runner' }, configurable: true });
  database = await testDatabase();
  served = await servePool(database, {
    adminCredentials: ADMIN_CREDENTIALS,
    // Every test signs in from 127.0.0.1; the caps have their own tests (caps.test.ts).
    limits: { signInsPerIp: 10_000, signInsPerUsername: 10_000, challengeAnswersPerIp: 10_000, codeRequestsPerIp: 1000, codeRequestsPerUser: 1000, codeChecksPerIp: 1000, codeChecksPerUser: 1000 },
  });
  storage = configureAmplify(served);
});
afterAll(() => served.close());
beforeEach(async () => {
  await resetDatabase(database);
  // Amplify keeps a device per username: each test's user starts on a device the pool never saw.
  await storage.clear();
});
afterEach(() => signOut());

const EMAIL = 'clerk@alder.test';
const TEMPORARY = 'Temporary-Pass-19';

const IMPLEMENTATIONS: Array<[string, () => IdentityProvisioner]> = [
  ['built-in pool, in process', () => served.pool.provisioner],
  [
    'AWS SDK against the built-in pool endpoint',
    () => cognitoProvisioner({ userPoolId: POOL_ID, endpoint: served.endpoint, credentials: ADMIN_CREDENTIALS, maxAttempts: 1 }),
  ],
];

async function latestCode(): Promise<string> {
  const [message] = await database.db.select().from(mailQueue).orderBy(desc(mailQueue.createdAt)).limit(1);
  const code = /verification code is (\d{6})/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error('No code in the outbox');
  return code;
}

const refreshWith = (refreshToken: string) => served.call('GetTokensFromRefreshToken', { ClientId: CLIENT_ID, RefreshToken: refreshToken });

/** A confirmed user (they set their own password), signed in, with their refresh token. */
async function signedInUser(): Promise<string> {
  await served.pool.createUser({ email: EMAIL, password: GOOD_PASSWORD });
  expect((await signIn({ username: EMAIL, password: GOOD_PASSWORD })).isSignedIn).toBe(true);
  const refreshToken = storage.refreshToken();
  if (!refreshToken) throw new Error('Amplify holds no refresh token');
  expect((await refreshWith(refreshToken)).status).toBe(200);
  return refreshToken;
}

async function failure(promise: Promise<unknown>): Promise<ProvisioningError> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(ProvisioningError);
  return error as ProvisioningError;
}

describe.each(IMPLEMENTATIONS)('%s', (_name, provisionerOf) => {
  let provisioner: IdentityProvisioner;
  beforeEach(() => {
    provisioner = provisionerOf();
  });

  describe('createUser', () => {
    it('creates a user whose first sign-in asks for a new password, then is confirmed', async () => {
      const created = await provisioner.createUser({ email: 'Clerk@Alder.test', name: 'Casey Clerk', temporaryPassword: TEMPORARY });
      expect(created).toEqual({ sub: expect.stringMatching(/^[0-9a-f-]{36}$/) as string, status: 'FORCE_CHANGE_PASSWORD', enabled: true, authenticator: false });
      expect(await provisioner.getUser(EMAIL)).toEqual(created);

      const first = await signIn({ username: EMAIL, password: TEMPORARY });
      expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
      expect((await confirmSignIn({ challengeResponse: GOOD_PASSWORD })).isSignedIn).toBe(true);
      expect(await provisioner.getUser(EMAIL)).toMatchObject({ sub: created.sub, status: 'CONFIRMED', enabled: true });
      const [row] = await database.db.select().from(identityUsers);
      expect(row).toMatchObject({ name: 'Casey Clerk', emailVerified: true });
    });

    it('refuses a taken email, a password the policy refuses and an address that is not one, creating nothing', async () => {
      await provisioner.createUser({ email: EMAIL, temporaryPassword: TEMPORARY });
      expect(await failure(provisioner.createUser({ email: 'CLERK@alder.test', temporaryPassword: TEMPORARY }))).toMatchObject({
        reason: 'exists',
        message: 'An account with the given email already exists.',
      });
      expect(await failure(provisioner.createUser({ email: 'new@alder.test', temporaryPassword: 'weak' }))).toMatchObject({ reason: 'invalid' });
      expect(await failure(provisioner.createUser({ email: 'not an address', temporaryPassword: TEMPORARY }))).toMatchObject({ reason: 'invalid' });
      expect(await failure(provisioner.createUser({ email: 'new@alder.test', name: 'Line\u0000break', temporaryPassword: TEMPORARY }))).toMatchObject({ reason: 'invalid' });
      expect(await database.db.select().from(identityUsers)).toHaveLength(1);
    });
  });

  it('getUser answers null for an email the pool does not know', async () => {
    expect(await provisioner.getUser('nobody@alder.test')).toBeNull();
  });

  it('every change to a user the pool does not know is not_found "User does not exist."', async () => {
    for (const call of [
      () => provisioner.setTemporaryPassword('nobody@alder.test', TEMPORARY),
      () => provisioner.requirePasswordReset('nobody@alder.test'),
      () => provisioner.disableUser('nobody@alder.test'),
      () => provisioner.enableUser('nobody@alder.test'),
      () => provisioner.signOutEverywhere('nobody@alder.test'),
      () => provisioner.resetAuthenticator('nobody@alder.test'),
      () => provisioner.deleteUser('nobody@alder.test'),
    ]) {
      expect(await failure(call())).toMatchObject({ reason: 'not_found', message: 'User does not exist.' });
    }
  });

  it('disableUser refuses sign-in with "User is disabled." and the refresh token; enableUser restores sign-in', async () => {
    const refreshToken = await signedInUser();
    await signOut();
    await provisioner.disableUser(EMAIL);
    // Twice: disabling a disabled user succeeds, as in Cognito.
    await provisioner.disableUser(EMAIL);
    expect(await provisioner.getUser(EMAIL)).toMatchObject({ enabled: false });

    expect(await rejection(signIn({ username: EMAIL, password: GOOD_PASSWORD }))).toMatchObject({ name: 'NotAuthorizedException', message: 'User is disabled.' });
    const refreshed = await refreshWith(refreshToken);
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.__type).toBe('NotAuthorizedException');

    await provisioner.enableUser(EMAIL);
    await provisioner.enableUser(EMAIL);
    expect(await provisioner.getUser(EMAIL)).toMatchObject({ enabled: true, status: 'CONFIRMED' });
    expect((await signIn({ username: EMAIL, password: GOOD_PASSWORD })).isSignedIn).toBe(true);
    // The sessions of before the disabling stay ended.
    expect((await refreshWith(refreshToken)).body.__type).toBe('NotAuthorizedException');
  });

  it('signOutEverywhere revokes every refresh token of the user', async () => {
    const refreshToken = await signedInUser();
    await provisioner.signOutEverywhere(EMAIL);
    const refreshed = await refreshWith(refreshToken);
    expect(refreshed.body).toMatchObject({ __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
    // Signing in again works: only the sessions ended.
    await signOut();
    expect((await signIn({ username: EMAIL, password: GOOD_PASSWORD })).isSignedIn).toBe(true);
  });

  it('setTemporaryPassword makes the next sign-in ask for a new password (resending an invitation)', async () => {
    await provisioner.createUser({ email: EMAIL, temporaryPassword: TEMPORARY });
    await provisioner.setTemporaryPassword(EMAIL, OTHER_PASSWORD);
    expect(await rejection(signIn({ username: EMAIL, password: TEMPORARY }))).toMatchObject({ name: 'NotAuthorizedException' });
    const first = await signIn({ username: EMAIL, password: OTHER_PASSWORD });
    expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    expect((await confirmSignIn({ challengeResponse: GOOD_PASSWORD })).isSignedIn).toBe(true);
    expect(await failure(provisioner.setTemporaryPassword(EMAIL, 'weak'))).toMatchObject({ reason: 'invalid' });
  });

  it('requirePasswordReset makes sign-in answer PasswordResetRequiredException until the forgotten-password flow sets a new one', async () => {
    const refreshToken = await signedInUser();
    await signOut();
    await provisioner.requirePasswordReset(EMAIL);
    expect(await provisioner.getUser(EMAIL)).toMatchObject({ status: 'RESET_REQUIRED' });

    const attempt = await signIn({ username: EMAIL, password: GOOD_PASSWORD }).catch((error: unknown) => error);
    // Amplify answers the exception with its RESET_PASSWORD step (or rethrows it, by version).
    if (attempt instanceof Error) expect(attempt.name).toBe('PasswordResetRequiredException');
    else expect(attempt).toMatchObject({ isSignedIn: false, nextStep: { signInStep: 'RESET_PASSWORD' } });
    expect((await refreshWith(refreshToken)).body.__type).toBe('NotAuthorizedException');

    await resetPassword({ username: EMAIL });
    await confirmResetPassword({ username: EMAIL, confirmationCode: await latestCode(), newPassword: OTHER_PASSWORD });
    expect((await signIn({ username: EMAIL, password: OTHER_PASSWORD })).isSignedIn).toBe(true);
    expect(await provisioner.getUser(EMAIL)).toMatchObject({ status: 'CONFIRMED' });
  });

  it('requirePasswordReset refuses a user who never set a password', async () => {
    await provisioner.createUser({ email: EMAIL, temporaryPassword: TEMPORARY });
    expect(await failure(provisioner.requirePasswordReset(EMAIL))).toMatchObject({ reason: 'invalid', message: 'User password cannot be reset in the current state.' });
  });

  it('resetAuthenticator turns the authenticator app off and forgets remembered devices: the next sign-in asks for no code', async () => {
    await served.pool.createUser({ email: EMAIL, password: GOOD_PASSWORD });
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await served.pool.enableAuthenticator({ email: EMAIL, secret });
    expect(await provisioner.getUser(EMAIL)).toMatchObject({ authenticator: true });
    const asked = await signIn({ username: EMAIL, password: GOOD_PASSWORD });
    expect(asked.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    expect((await confirmSignIn({ challengeResponse: totpCode(secret, new Date()) })).isSignedIn).toBe(true);
    await signOut();
    // Amplify confirmed the device the code sign-in handed out.
    expect((await database.db.select().from(identityDevices)).filter((device) => device.srpVerifier !== null)).toHaveLength(1);

    served.operations.length = 0;
    await provisioner.resetAuthenticator(EMAIL);
    // Over the SDK, the devices are forgotten one by one before the authenticator is turned off.
    if (provisioner.kind === 'cognito') expect(served.operations).toEqual(['AdminListDevices', 'AdminForgetDevice', 'AdminSetUserMFAPreference']);
    expect(await provisioner.getUser(EMAIL)).toMatchObject({ authenticator: false });
    expect(await database.db.select().from(identityDevices)).toHaveLength(0);
    expect(await signIn({ username: EMAIL, password: GOOD_PASSWORD })).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
  });

  it('deleteUser removes the user: sign-in and refresh are refused, the email can be invited again', async () => {
    const refreshToken = await signedInUser();
    await signOut();
    await provisioner.deleteUser(EMAIL);
    expect(await provisioner.getUser(EMAIL)).toBeNull();
    expect(await rejection(signIn({ username: EMAIL, password: GOOD_PASSWORD }))).toMatchObject({ name: 'NotAuthorizedException' });
    expect((await refreshWith(refreshToken)).body.__type).toBe('NotAuthorizedException');
    expect(await failure(provisioner.deleteUser(EMAIL))).toMatchObject({ reason: 'not_found' });
    expect((await provisioner.createUser({ email: EMAIL, temporaryPassword: TEMPORARY })).status).toBe('FORCE_CHANGE_PASSWORD');
  });
});
