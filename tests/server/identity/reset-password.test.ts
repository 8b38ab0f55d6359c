import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { confirmResetPassword, resetPassword, signIn, signOut } from 'aws-amplify/auth';
import { desc } from 'drizzle-orm';
import type { Database } from '../../../server/db/database';
import { identityUsers, identityVerificationCodes } from '../../../server/identity/schema';
import { mailQueue } from '../../../server/mail/schema';
import { resetDatabase, testDatabase } from '../support/database';
import { CLIENT_ID, GOOD_PASSWORD, OTHER_PASSWORD, configureAmplify, rejection, servePool, type ServedPool } from './support';

/** Forgotten password: resetPassword → code in the outbox → confirmResetPassword, through Amplify. */
let database: Database;
let served: ServedPool;

beforeAll(async () => {
  database = await testDatabase();
  // Every test calls from 127.0.0.1 for alice; the caps have their own tests (caps.test.ts).
  served = await servePool(database, { limits: { codeRequestsPerIp: 1000, codeRequestsPerUser: 1000, codeChecksPerIp: 1000, codeChecksPerUser: 1000 } });
  configureAmplify(served);
});
afterAll(() => served.close());
beforeEach(async () => {
  await resetDatabase(database);
  await served.pool.createUser({ email: 'alice@alder.test', password: GOOD_PASSWORD });
});
afterEach(() => signOut());

async function latestCode(): Promise<string> {
  const [message] = await database.db.select().from(mailQueue).orderBy(desc(mailQueue.createdAt)).limit(1);
  const code = /verification code is (\d{6})/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error('No code in the outbox');
  return code;
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('resetPassword', () => {
  it('sends a 6-digit code to the outbox and says where it went', async () => {
    const result = await resetPassword({ username: 'Alice@Alder.test' });
    expect(result).toEqual({
      isPasswordReset: false,
      nextStep: {
        resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE',
        codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: 'a***@a***', attributeName: 'email' },
      },
    });
    const messages = await database.db.select().from(mailQueue);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ kind: 'reset_code', toAddress: 'alice@alder.test', status: 'pending', sentAt: null });
    const code = await latestCode();
    // Only a keyed hash of the code is stored.
    const [stored] = await database.db.select().from(identityVerificationCodes);
    expect(stored?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(`"${code}"`);
  });

  it('answers an unknown email with UserNotFoundException', async () => {
    expect(await rejection(resetPassword({ username: 'nobody@alder.test' }))).toMatchObject({
      name: 'UserNotFoundException',
      message: 'Username/client id combination not found.',
    });
  });

  it('refuses a user who still has a temporary password', async () => {
    await served.pool.createUser({ email: 'new@alder.test', temporaryPassword: 'Temporary-Pass-1' });
    expect(await rejection(resetPassword({ username: 'new@alder.test' }))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'User password cannot be reset in the current state.',
    });
  });
});

describe('confirmResetPassword', () => {
  it('sets the new password with the code; the user signs in with it', async () => {
    await resetPassword({ username: 'alice@alder.test' });
    await confirmResetPassword({ username: 'alice@alder.test', confirmationCode: await latestCode(), newPassword: OTHER_PASSWORD });

    expect(served.operations.slice(-2)).toEqual(['ForgotPassword', 'ConfirmForgotPassword']);
    expect(await rejection(signIn({ username: 'alice@alder.test', password: GOOD_PASSWORD }))).toMatchObject({ name: 'NotAuthorizedException' });
    expect((await signIn({ username: 'alice@alder.test', password: OTHER_PASSWORD })).isSignedIn).toBe(true);
  });

  it('lets a user whose password must be reset sign in again', async () => {
    await database.db.update(identityUsers).set({ status: 'RESET_REQUIRED' });
    await resetPassword({ username: 'alice@alder.test' });
    await confirmResetPassword({ username: 'alice@alder.test', confirmationCode: await latestCode(), newPassword: OTHER_PASSWORD });
    expect((await signIn({ username: 'alice@alder.test', password: OTHER_PASSWORD })).isSignedIn).toBe(true);
  });

  it('refuses a wrong code with CodeMismatchException, and the right one still works', async () => {
    await resetPassword({ username: 'alice@alder.test' });
    const code = await latestCode();
    expect(await rejection(confirmResetPassword({ username: 'alice@alder.test', confirmationCode: wrongCode(code), newPassword: OTHER_PASSWORD }))).toMatchObject({
      name: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
    });
    await confirmResetPassword({ username: 'alice@alder.test', confirmationCode: code, newPassword: OTHER_PASSWORD });
  });

  it('refuses an expired code with ExpiredCodeException (codes live one hour)', async () => {
    await resetPassword({ username: 'alice@alder.test' });
    const code = await latestCode();
    served.advance(3601);
    try {
      expect(await rejection(confirmResetPassword({ username: 'alice@alder.test', confirmationCode: code, newPassword: OTHER_PASSWORD }))).toMatchObject({
        name: 'ExpiredCodeException',
        message: 'Invalid code provided, please request a code again.',
      });
    } finally {
      served.advance(-3601);
    }
  });

  it('allows five wrong guesses per code, then refuses even the right code', async () => {
    await resetPassword({ username: 'alice@alder.test' });
    const code = await latestCode();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const error = await rejection(confirmResetPassword({ username: 'alice@alder.test', confirmationCode: wrongCode(code), newPassword: OTHER_PASSWORD }));
      expect(error.name).toBe('CodeMismatchException');
    }
    // LimitExceededException is a throttling error to Amplify, which retries it before giving up.
    const direct = await served.call('ConfirmForgotPassword', { ClientId: CLIENT_ID, Username: 'alice@alder.test', ConfirmationCode: code, Password: OTHER_PASSWORD });
    expect(direct.body).toEqual({ __type: 'LimitExceededException', message: 'Attempt limit exceeded, please try after some time.' });
  });

  it('uses a code once, and a new code replaces the previous one', async () => {
    await resetPassword({ username: 'alice@alder.test' });
    const first = await latestCode();
    await resetPassword({ username: 'alice@alder.test' });
    const second = await latestCode();
    if (first !== second) {
      expect(await rejection(confirmResetPassword({ username: 'alice@alder.test', confirmationCode: first, newPassword: OTHER_PASSWORD }))).toMatchObject({
        name: 'CodeMismatchException',
      });
    }
    await confirmResetPassword({ username: 'alice@alder.test', confirmationCode: second, newPassword: OTHER_PASSWORD });
    expect(await rejection(confirmResetPassword({ username: 'alice@alder.test', confirmationCode: second, newPassword: GOOD_PASSWORD }))).toMatchObject({
      name: 'ExpiredCodeException',
    });
  });

  it('refuses a new password that breaks the policy without using up the code', async () => {
    await resetPassword({ username: 'alice@alder.test' });
    const code = await latestCode();
    expect(await rejection(confirmResetPassword({ username: 'alice@alder.test', confirmationCode: code, newPassword: 'too-weak' }))).toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password does not conform to policy: Password not long enough',
    });
    await confirmResetPassword({ username: 'alice@alder.test', confirmationCode: code, newPassword: OTHER_PASSWORD });
  });

  it('answers an unknown email with UserNotFoundException, as the request for a code does', async () => {
    expect(await rejection(confirmResetPassword({ username: 'nobody@alder.test', confirmationCode: '123456', newPassword: OTHER_PASSWORD }))).toMatchObject({
      name: 'UserNotFoundException',
    });
  });

  it('ends existing sessions: a reset may follow a stolen password', async () => {
    const signedIn = await served.call('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { USERNAME: 'alice@alder.test', PASSWORD: GOOD_PASSWORD },
    });
    await resetPassword({ username: 'alice@alder.test' });
    await confirmResetPassword({ username: 'alice@alder.test', confirmationCode: await latestCode(), newPassword: OTHER_PASSWORD });
    const refreshed = await served.call('GetTokensFromRefreshToken', { ClientId: CLIENT_ID, RefreshToken: signedIn.body.AuthenticationResult.RefreshToken });
    expect(refreshed.body.message).toBe('Refresh Token has been revoked');
  });
});
