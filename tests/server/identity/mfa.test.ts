import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  confirmSignIn,
  fetchAuthSession,
  fetchMFAPreference,
  fetchUserAttributes,
  setUpTOTP,
  signIn,
  signOut,
  updateMFAPreference,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/database';
import { identityUsers } from '../../../server/identity/schema';
import { totpCode } from '../../../server/identity/totp';
import { seedDemo, seedDemoIdentities } from '../../../server/seed';
import { DEMO_AUTHENTICATOR, DEMO_PASSWORD } from '../../../server/seed/demo-data';
import { resetDatabase, testDatabase } from '../support/database';
import { givenAccount } from '../support/given';
import { GOOD_PASSWORD, configureAmplify, rejection, servePool, type ServedPool } from './support';

/**
 * Authenticator apps through the real aws-amplify client: setting one up, signing in with a code,
 * the account policy (off, optional, required), and codes that are wrong, reused or too many.
 * The pool's clock is moved by `later`; codes are computed for it.
 */
let database: Database;
let served: ServedPool;
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
/** Moves the pool's clock to the next 30-second step, so the next code is a new one. */
const later = () => {
  offsetMs += 30_000;
};
const code = (secret: string) => totpCode(secret, now());
/** A code that is not the right one now (one digit changed). */
const wrong = (secret: string) => {
  const right = code(secret);
  return `${(Number(right[0]) + 1) % 10}${right.slice(1)}`;
};
const EMAIL = 'alice@alder.test';

beforeAll(async () => {
  database = await testDatabase();
  served = await servePool(database, { now, limits: { maxFailedSignIns: 3, codeAttempts: 2, signInsPerUsername: 1000, challengeAnswersPerIp: 1000 } });
  configureAmplify(served);
});
afterAll(() => served.close());
beforeEach(() => resetDatabase(database));
afterEach(() => signOut());

async function givenUser(policy?: 'off' | 'optional' | 'required') {
  const account = policy ? await givenAccount(database.db, { mfaPolicy: policy }) : undefined;
  return served.pool.createUser({ email: EMAIL, password: GOOD_PASSWORD, ...(account ? { accountId: account.id } : {}) });
}

/** Signs in, sets up an authenticator with the given preference, signs out; returns its secret. */
async function givenAuthenticator(preference: 'PREFERRED' | 'ENABLED' = 'PREFERRED'): Promise<string> {
  expect((await signIn({ username: EMAIL, password: GOOD_PASSWORD })).isSignedIn).toBe(true);
  const { sharedSecret } = await setUpTOTP();
  await verifyTOTPSetup({ code: code(sharedSecret) });
  await updateMFAPreference({ totp: preference });
  await signOut();
  later();
  return sharedSecret;
}

describe('setting up an authenticator app', () => {
  it('issues a 160-bit base32 secret, verifies a code, and reports it once preferred', async () => {
    await givenUser();
    await signIn({ username: EMAIL, password: GOOD_PASSWORD });
    const details = await setUpTOTP();
    const { sharedSecret } = details;
    expect(sharedSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect(details.getSetupUri('Cannery').protocol).toBe('otpauth:');
    await verifyTOTPSetup({ code: code(sharedSecret) });
    // Verified, but on only once the user says so (as in Cognito).
    expect(await fetchMFAPreference()).toEqual({ preferred: undefined, enabled: undefined });
    await updateMFAPreference({ totp: 'PREFERRED' });
    expect(await fetchMFAPreference()).toEqual({ preferred: 'TOTP', enabled: ['TOTP'] });
    expect(await fetchUserAttributes()).toMatchObject({ 'custom:mfa_policy': 'optional' });
  });

  it('refuses a wrong first code, and turning on an authenticator that was never verified', async () => {
    await givenUser();
    await signIn({ username: EMAIL, password: GOOD_PASSWORD });
    const { sharedSecret } = await setUpTOTP();
    expect(await rejection(verifyTOTPSetup({ code: wrong(sharedSecret) }))).toMatchObject({
      name: 'CodeMismatchException',
      message: 'Invalid code received for user',
    });
    expect(await rejection(updateMFAPreference({ totp: 'PREFERRED' }))).toMatchObject({
      name: 'InvalidParameterException',
      message: 'User has not verified software token mfa',
    });
  });

  it('answers a code with nothing set up with EnableSoftwareTokenMFAException', async () => {
    await givenUser();
    await signIn({ username: EMAIL, password: GOOD_PASSWORD });
    expect(await rejection(verifyTOTPSetup({ code: '123456' }))).toMatchObject({ name: 'EnableSoftwareTokenMFAException' });
  });

  it('keeps the secrets sealed in the database, never as their base32 text', async () => {
    const { sub } = await givenUser();
    const secret = await givenAuthenticator();
    const [row] = await database.db.select().from(identityUsers).where(eq(identityUsers.id, sub));
    expect(row?.totpSecret).toMatch(/^v1\./);
    expect(row?.totpSecret).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  it('keeps a verified authenticator until a new secret is verified', async () => {
    await givenUser();
    const first = await givenAuthenticator();
    await signIn({ username: EMAIL, password: GOOD_PASSWORD });
    await confirmSignIn({ challengeResponse: code(first) });
    await setUpTOTP();
    await signOut();
    later();
    expect((await signIn({ username: EMAIL, password: GOOD_PASSWORD })).nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    expect((await confirmSignIn({ challengeResponse: code(first) })).isSignedIn).toBe(true);
  });

  it('turns off: the secret is dropped and sign-in asks for no code', async () => {
    const { sub } = await givenUser();
    const secret = await givenAuthenticator();
    await signIn({ username: EMAIL, password: GOOD_PASSWORD });
    await confirmSignIn({ challengeResponse: code(secret) });
    await updateMFAPreference({ totp: 'DISABLED' });
    const [row] = await database.db.select().from(identityUsers).where(eq(identityUsers.id, sub));
    expect(row).toMatchObject({ totpSecret: null, totpEnabled: false });
    await signOut();
    expect((await signIn({ username: EMAIL, password: GOOD_PASSWORD })).isSignedIn).toBe(true);
  });
});

describe('signing in with a code', () => {
  it('asks for the code, and signs in with it', async () => {
    await givenUser();
    const secret = await givenAuthenticator();
    const first = await signIn({ username: EMAIL, password: GOOD_PASSWORD });
    expect(first).toEqual({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } });
    expect(await confirmSignIn({ challengeResponse: code(secret) })).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect((await fetchAuthSession()).tokens?.idToken?.payload.email).toBe(EMAIL);
  });

  it('refuses a wrong code, then takes the right one on the same session', async () => {
    await givenUser();
    const secret = await givenAuthenticator();
    await signIn({ username: EMAIL, password: GOOD_PASSWORD });
    expect(await rejection(confirmSignIn({ challengeResponse: wrong(secret) }))).toMatchObject({
      name: 'CodeMismatchException',
      message: 'Invalid code received for user',
    });
    expect((await confirmSignIn({ challengeResponse: code(secret) })).isSignedIn).toBe(true);
  });

  it('refuses a code already used (the same time step)', async () => {
    await givenUser();
    const secret = await givenAuthenticator();
    const used = code(secret);
    await signIn({ username: EMAIL, password: GOOD_PASSWORD });
    expect((await confirmSignIn({ challengeResponse: used })).isSignedIn).toBe(true);
    await signOut();
    await signIn({ username: EMAIL, password: GOOD_PASSWORD });
    expect(await rejection(confirmSignIn({ challengeResponse: used }))).toMatchObject({ name: 'CodeMismatchException' });
  });

  it('closes the code session after its wrong codes, and locks the user like failed passwords', async () => {
    await givenUser();
    const secret = await givenAuthenticator();
    await signIn({ username: EMAIL, password: GOOD_PASSWORD });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect(await rejection(confirmSignIn({ challengeResponse: wrong(secret) }))).toMatchObject({ name: 'CodeMismatchException' });
    }
    expect(await rejection(confirmSignIn({ challengeResponse: code(secret) }))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
    // The right password does not wipe the failed codes: the third locks the user.
    await signIn({ username: EMAIL, password: GOOD_PASSWORD });
    expect(await rejection(confirmSignIn({ challengeResponse: wrong(secret) }))).toMatchObject({ name: 'CodeMismatchException' });
    expect(await rejection(confirmSignIn({ challengeResponse: code(secret) }))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
    expect(await rejection(signIn({ username: EMAIL, password: GOOD_PASSWORD }))).toMatchObject({ message: 'Password attempts exceeded' });
  });

  it('asks which method first when the authenticator is on but not preferred', async () => {
    await givenUser();
    const secret = await givenAuthenticator('ENABLED');
    expect(await fetchMFAPreferenceAfter(secret)).toEqual({ preferred: undefined, enabled: ['TOTP'] });
    await signOut();
    later();
    const first = await signIn({ username: EMAIL, password: GOOD_PASSWORD });
    expect(first.nextStep).toEqual({ signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', allowedMFATypes: ['TOTP'] });
    expect((await confirmSignIn({ challengeResponse: 'TOTP' })).nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    expect((await confirmSignIn({ challengeResponse: code(secret) })).isSignedIn).toBe(true);
  });

  /** Signs in through the selection with a code and reads the preference. */
  async function fetchMFAPreferenceAfter(secret: string) {
    await signIn({ username: EMAIL, password: GOOD_PASSWORD });
    await confirmSignIn({ challengeResponse: 'TOTP' });
    await confirmSignIn({ challengeResponse: code(secret) });
    return fetchMFAPreference();
  }

  it('signs in with USER_PASSWORD_AUTH and a code too', async () => {
    await givenUser();
    const secret = await givenAuthenticator();
    const first = await signIn({ username: EMAIL, password: GOOD_PASSWORD, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    expect((await confirmSignIn({ challengeResponse: code(secret) })).isSignedIn).toBe(true);
  });
});

describe('the account policy', () => {
  it("'off' asks no code, and refuses a new authenticator", async () => {
    await givenUser('off');
    await signIn({ username: EMAIL, password: GOOD_PASSWORD });
    expect(await fetchUserAttributes()).toMatchObject({ 'custom:mfa_policy': 'off' });
    expect(await rejection(setUpTOTP())).toMatchObject({ name: 'InvalidParameterException', message: expect.stringMatching(/turned off for this account/) });
  });

  it("'off' set after the user turned an authenticator on: no code is asked", async () => {
    const { canneryUserId } = await givenUser('optional');
    const secret = await givenAuthenticator();
    expect(secret).toBeTruthy();
    const [user] = await database.db.select().from(identityUsers);
    expect(user?.totpEnabled).toBe(true);
    const accountId = (await database.db.query.users.findFirst({ where: (u, { eq: is }) => is(u.id, canneryUserId ?? '') }))?.accountId;
    await served.pool.setMfaPolicy(accountId ?? '', 'off');
    expect((await signIn({ username: EMAIL, password: GOOD_PASSWORD })).isSignedIn).toBe(true);
    // Off for the account: neither asked nor reported.
    expect(await fetchMFAPreference()).toEqual({ preferred: undefined, enabled: undefined });
  });

  it("'required' takes a user without an authenticator through its setup, and keeps it on", async () => {
    await givenUser('required');
    const first = await signIn({ username: EMAIL, password: GOOD_PASSWORD });
    expect(first.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
    const secret = first.nextStep.signInStep === 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP' ? first.nextStep.totpSetupDetails.sharedSecret : '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await rejection(confirmSignIn({ challengeResponse: wrong(secret) }))).toMatchObject({ name: 'CodeMismatchException' });
    expect(await confirmSignIn({ challengeResponse: code(secret) })).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect(await fetchMFAPreference()).toEqual({ preferred: 'TOTP', enabled: ['TOTP'] });
    expect(await rejection(updateMFAPreference({ totp: 'DISABLED' }))).toMatchObject({
      name: 'InvalidParameterException',
      message: expect.stringMatching(/required for this account/),
    });
    await signOut();
    later();
    expect((await signIn({ username: EMAIL, password: GOOD_PASSWORD })).nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
  });

  it('lets an administrator turn a lost authenticator off (reset-mfa)', async () => {
    await givenUser();
    await givenAuthenticator();
    await served.pool.resetMfa(EMAIL);
    expect((await signIn({ username: EMAIL, password: GOOD_PASSWORD })).isSignedIn).toBe(true);
  });
});

describe('the demo user with an authenticator', () => {
  it('is seeded with the demo secret, sealed, and signs in with its code', async () => {
    await seedDemo(database.db);
    await seedDemoIdentities(served.pool);
    const [row] = await database.db.select().from(identityUsers).where(eq(identityUsers.username, DEMO_AUTHENTICATOR.email));
    expect(row).toMatchObject({ totpEnabled: true, totpPreferred: true });
    expect(row?.totpSecret).not.toContain(DEMO_AUTHENTICATOR.secret);
    const first = await signIn({ username: DEMO_AUTHENTICATOR.email, password: DEMO_PASSWORD });
    expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    expect((await confirmSignIn({ challengeResponse: code(DEMO_AUTHENTICATOR.secret) })).isSignedIn).toBe(true);
    expect(await fetchUserAttributes()).toMatchObject({ 'custom:mfa_policy': 'optional' });
  });
});

describe('SMS and email', () => {
  it('cannot be turned on: the pool has authenticator apps only', async () => {
    await givenUser();
    await signIn({ username: EMAIL, password: GOOD_PASSWORD });
    expect(await rejection(updateMFAPreference({ sms: 'ENABLED' }))).toMatchObject({ name: 'InvalidParameterException' });
    expect(await rejection(updateMFAPreference({ email: 'PREFERRED' }))).toMatchObject({ name: 'InvalidParameterException' });
  });
});
