/**
 * Authenticator apps, the user's side: AssociateSoftwareToken issues a secret (signed in, with an
 * access token; or during sign-in's MFA_SETUP, with its Session), VerifySoftwareToken takes the
 * first code for it, SetUserMFAPreference turns the authenticator on or off, and GetUser reports
 * it (`mfaFieldsOf`). As in Cognito, a secret verified with an access token is turned on only by
 * SetUserMFAPreference; one set up during sign-in is on (and preferred) when that sign-in ends.
 *
 * The account's policy rules (authenticator.ts): 'off' refuses a new authenticator, 'required'
 * refuses turning it off. Turning it off drops its secret and forgets the user's devices. A new
 * secret replaces one waiting for its code, never a verified one until it is verified itself.
 */
import { eq } from 'drizzle-orm';
import { acceptCode, mfaPolicyOf, promotePendingSecret, storePendingSecret, turnAuthenticatorOff } from './authenticator';
import { closeChallenge, openChallenge, openChallengeOf } from './challenges';
import type { PoolContext, PoolOperation } from './context';
import { CognitoError, MESSAGES, invalidParameter, missingParameter } from './errors';
import { optionalObject, optionalString, requiredString } from './input';
import { admit } from './caps';
import { identityUsers } from './schema';
import { sessionExpired, userOfChallenge, wrongCode } from './second-factor';
import { userOfAccessToken } from './sessions';
import { newTotpSecret } from './totp';

const DEFAULT_NAME = 'My TOTP device';

/** Only authenticator apps exist in this pool: a request to turn SMS or email codes on is refused. */
export function refuseOtherMfa(input: Record<string, unknown>): void {
  for (const other of ['SMSMfaSettings', 'EmailMfaSettings']) {
    const settings = optionalObject(input, other);
    if (settings?.Enabled === true || settings?.PreferredMfa === true) {
      throw invalidParameter(`${other} cannot be turned on: this user pool offers authenticator apps only.`);
    }
  }
}

/** The MFA_SETUP challenge's next step for `user`, kept on the device of the sign-in it continues. */
function setupChallenge(context: PoolContext, user: { username: string; id: string }, pending: { deviceKey?: string | null } | null | undefined, stage: 'associated' | 'verified') {
  return openChallenge(context, { kind: 'MFA_SETUP', username: user.username, userId: user.id, deviceKey: pending?.deviceKey ?? null, stage });
}

// --- operations -----------------------------------------------------------------------------------

/** Amplify's `setUpTOTP` (AccessToken) and the MFA_SETUP sign-in step (Session). */
export const associateSoftwareToken: PoolOperation = async (context, input, request) => {
  const accessToken = optionalString(input, 'AccessToken');
  const session = optionalString(input, 'Session');
  const secret = newTotpSecret();
  if (accessToken) {
    const { user } = await userOfAccessToken(context, accessToken);
    if ((await mfaPolicyOf(context, user.id)) === 'off') throw invalidParameter(MESSAGES.mfaOff);
    await storePendingSecret(context, user, secret);
    return { SecretCode: secret };
  }
  if (!session) throw missingParameter('AccessToken');
  await admit(context, [context.caps.challengeAnswersByIp, request.ip]);
  const pending = await closeChallenge(context, session, 'MFA_SETUP');
  const user = await userOfChallenge(context, pending, undefined);
  await storePendingSecret(context, user, secret);
  const next = await setupChallenge(context, user, pending, 'associated');
  return { SecretCode: secret, Session: next };
};

/** Amplify's `verifyTOTPSetup` (AccessToken) and the MFA_SETUP sign-in step (Session). */
export const verifySoftwareToken: PoolOperation = async (context, input, request) => {
  const code = requiredString(input, 'UserCode');
  const name = optionalString(input, 'FriendlyDeviceName') || DEFAULT_NAME;
  const accessToken = optionalString(input, 'AccessToken');
  const session = optionalString(input, 'Session');
  const noPending = () => new CognitoError('EnableSoftwareTokenMFAException', MESSAGES.noPendingTotp);
  if (accessToken) {
    const { user } = await userOfAccessToken(context, accessToken);
    if (!user.totpPendingSecret) throw noPending();
    if (!(await acceptCode(context, user, 'pending', code))) throw new CognitoError('CodeMismatchException', MESSAGES.totpCodeMismatch);
    await promotePendingSecret(context, user, name, false);
    return { Status: 'SUCCESS' };
  }
  if (!session) throw missingParameter('AccessToken');
  await admit(context, [context.caps.challengeAnswersByIp, request.ip]);
  const pending = await openChallengeOf(context, session, 'MFA_SETUP');
  if (pending && pending.stage !== 'associated') throw sessionExpired();
  const user = await userOfChallenge(context, pending, undefined);
  if (!user.totpPendingSecret) throw noPending();
  if (!(await acceptCode(context, user, 'pending', code))) return wrongCode(context, user, session, 'MFA_SETUP');
  if (!(await closeChallenge(context, session, 'MFA_SETUP'))) throw sessionExpired();
  await promotePendingSecret(context, user, name, false);
  const next = await setupChallenge(context, user, pending, 'verified');
  return { Status: 'SUCCESS', Session: next };
};

/** Amplify's `updateMFAPreference`: only `totp` can be turned on in this pool. */
export const setUserMfaPreference: PoolOperation = async (context, input) => {
  const { user } = await userOfAccessToken(context, requiredString(input, 'AccessToken'));
  refuseOtherMfa(input);
  const totp = optionalObject(input, 'SoftwareTokenMfaSettings');
  if (!totp) return {};
  const policy = await mfaPolicyOf(context, user.id);
  const preferred = typeof totp.PreferredMfa === 'boolean' ? totp.PreferredMfa : undefined;
  if (totp.Enabled === false) {
    if (policy === 'required') throw invalidParameter(MESSAGES.mfaRequired);
    await turnAuthenticatorOff(context, user.id, context.now());
    return {};
  }
  if (totp.Enabled === true) {
    if (policy === 'off') throw invalidParameter(MESSAGES.mfaOff);
    if (!user.totpSecret) throw invalidParameter(MESSAGES.totpNotVerified);
    await context.db
      .update(identityUsers)
      .set({ totpEnabled: true, totpPreferred: preferred ?? user.totpPreferred, updatedAt: context.now() })
      .where(eq(identityUsers.id, user.id));
    return {};
  }
  if (preferred !== undefined && user.totpEnabled) {
    await context.db.update(identityUsers).set({ totpPreferred: preferred, updatedAt: context.now() }).where(eq(identityUsers.id, user.id));
  }
  return {};
};
