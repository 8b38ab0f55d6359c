/**
 * The sign-in steps after the password: an authenticator code (SOFTWARE_TOKEN_MFA, or first the
 * choice SELECT_MFA_TYPE when the authenticator is on but not preferred), its setup when the
 * account requires one (MFA_SETUP, after AssociateSoftwareToken and VerifySoftwareToken with the
 * Session, mfa.ts), or instead of the code the proof of a remembered device (DEVICE_SRP_AUTH, then
 * DEVICE_PASSWORD_VERIFIER: SRP against the device's verifier, with the device group key as the
 * pool name and the device key as the username).
 *
 * Wrong codes and failed device proofs count toward the user's lockout like wrong passwords; a
 * code session takes `codeAttempts` wrong codes and then closes. A sign-in completed with a code
 * gets a new device (NewDeviceMetadata) unless the client named one this user already has; other
 * sign-ins get none, since a remembered device exists to skip the code.
 */
import { eq } from 'drizzle-orm';
import { closeChallenge, countWrongAnswer, openChallenge, openChallengeOf, type Challenge, type ChallengeKind } from './challenges';
import type { PoolContext } from './context';
import { acceptCode, mfaPolicyOf } from './authenticator';
import { deviceOfUser, issueDevice, rememberedDevice, touchDevice } from './devices';
import { CognitoError, MESSAGES, badCredentials, invalidParameter, missingParameter } from './errors';
import type { StringMap } from './input';
import { clearFailures, isLocked, recordFailure } from './lockout';
import { identityUsers } from './schema';
import { startSession } from './sessions';
import { claimSignature, isSrpTimestamp, parseClientA, serverEphemeral, sessionKey, signatureMatches } from './srp';
import { normalizeUsername, poolUserById, type PoolUser } from './users';

/** What the sign-in knows besides the user: the device the client named, and where it is. */
export interface SignInFrom {
  deviceKey: string | undefined;
  ip: string;
}

export const sessionExpired = () => new CognitoError('NotAuthorizedException', MESSAGES.sessionExpired);

/** Tokens for a sign-in that is complete; a new device when it was completed with a code. */
export async function finishSignIn(context: PoolContext, user: PoolUser, from: SignInFrom, withCode: boolean) {
  const current = (await poolUserById(context.db, user.id)) ?? user;
  await clearFailures(context, current);
  context.logger.info({ sub: user.id }, 'pool sign-in');
  const result = await startSession(context, current);
  if (withCode && !(await deviceOfUser(context, user.id, from.deviceKey))) {
    result.NewDeviceMetadata = await issueDevice(context, current, from.ip);
  }
  return { ChallengeParameters: {}, AuthenticationResult: result };
}

async function challenge(context: PoolContext, user: PoolUser, kind: ChallengeKind, deviceKey: string | null | undefined, parameters: Record<string, string> = {}) {
  const session = await openChallenge(context, { kind, username: user.username, userId: user.id, deviceKey: deviceKey ?? null });
  return { ChallengeName: kind, Session: session, ChallengeParameters: parameters };
}

/** After the password proved right (and the account is usable): the second step, or the tokens. */
export async function secondFactor(context: PoolContext, user: PoolUser, from: SignInFrom) {
  const policy = await mfaPolicyOf(context, user.id);
  if (policy !== 'off' && user.totpEnabled && user.totpSecret) {
    if (await rememberedDevice(context, user.id, from.deviceKey)) return challenge(context, user, 'DEVICE_SRP_AUTH', from.deviceKey);
    if (user.totpPreferred) return challenge(context, user, 'SOFTWARE_TOKEN_MFA', from.deviceKey);
    return challenge(context, user, 'SELECT_MFA_TYPE', from.deviceKey, { MFAS_CAN_CHOOSE: '["SOFTWARE_TOKEN_MFA"]' });
  }
  if (policy === 'required') return challenge(context, user, 'MFA_SETUP', from.deviceKey, { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' });
  return finishSignIn(context, user, from, false);
}

/** The user an open challenge is for, when the answer names the same user and may sign in. */
export async function userOfChallenge(context: PoolContext, pending: Challenge | undefined, username: string | undefined): Promise<PoolUser> {
  if (!pending?.userId) throw sessionExpired();
  if (username && normalizeUsername(username) !== pending.username) throw sessionExpired();
  const user = await poolUserById(context.db, pending.userId);
  if (!user) throw sessionExpired();
  if (!user.enabled) throw new CognitoError('NotAuthorizedException', MESSAGES.userDisabled);
  if (await isLocked(context, user, user.username)) throw new CognitoError('NotAuthorizedException', MESSAGES.lockedOut);
  return user;
}

/** A wrong code on an open session: a failed sign-in, and one try fewer on the session. */
export async function wrongCode(context: PoolContext, user: PoolUser, session: string, kind: ChallengeKind): Promise<never> {
  await recordFailure(context, user, user.username);
  await countWrongAnswer(context, session, kind);
  throw new CognitoError('CodeMismatchException', MESSAGES.totpCodeMismatch);
}

export async function answerSoftwareTokenMfa(context: PoolContext, responses: StringMap, session: string | undefined, ip: string) {
  if (!session) throw missingParameter('Session');
  const code = responses.SOFTWARE_TOKEN_MFA_CODE;
  if (!code) throw missingParameter('SOFTWARE_TOKEN_MFA_CODE');
  const pending = await openChallengeOf(context, session, 'SOFTWARE_TOKEN_MFA');
  const user = await userOfChallenge(context, pending, responses.USERNAME);
  if (!(await acceptCode(context, user, 'verified', code))) return wrongCode(context, user, session, 'SOFTWARE_TOKEN_MFA');
  if (!(await closeChallenge(context, session, 'SOFTWARE_TOKEN_MFA'))) throw sessionExpired();
  return finishSignIn(context, user, { deviceKey: responses.DEVICE_KEY ?? pending?.deviceKey ?? undefined, ip }, true);
}

export async function answerSelectMfaType(context: PoolContext, responses: StringMap, session: string | undefined) {
  if (!session) throw missingParameter('Session');
  if (!responses.ANSWER) throw missingParameter('ANSWER');
  if (responses.ANSWER !== 'SOFTWARE_TOKEN_MFA') throw invalidParameter('ANSWER must be SOFTWARE_TOKEN_MFA: this user pool has authenticator apps only.');
  const pending = await closeChallenge(context, session, 'SELECT_MFA_TYPE');
  const user = await userOfChallenge(context, pending, responses.USERNAME);
  return challenge(context, user, 'SOFTWARE_TOKEN_MFA', pending?.deviceKey);
}

/** The last step of MFA_SETUP: the authenticator verified with this session becomes the user's. */
export async function answerMfaSetup(context: PoolContext, responses: StringMap, session: string | undefined, ip: string) {
  if (!session) throw missingParameter('Session');
  const open = await openChallengeOf(context, session, 'MFA_SETUP');
  if (open && open.stage !== 'verified') throw invalidParameter('Set up the authenticator app first: AssociateSoftwareToken, then VerifySoftwareToken.');
  const pending = await closeChallenge(context, session, 'MFA_SETUP');
  const user = await userOfChallenge(context, pending, responses.USERNAME);
  if (!user.totpSecret) throw sessionExpired();
  await context.db
    .update(identityUsers)
    .set({ totpEnabled: true, totpPreferred: true, updatedAt: context.now() })
    .where(eq(identityUsers.id, user.id));
  return finishSignIn(context, user, { deviceKey: responses.DEVICE_KEY ?? pending?.deviceKey ?? undefined, ip }, true);
}

export async function answerDeviceSrpAuth(context: PoolContext, responses: StringMap, session: string | undefined) {
  if (!session) throw missingParameter('Session');
  for (const name of ['USERNAME', 'SRP_A', 'DEVICE_KEY']) if (!responses[name]) throw missingParameter(name);
  const a = parseClientA(responses.SRP_A ?? '');
  if (a === null) throw invalidParameter('SRP_A is not a valid SRP value.');
  const pending = await closeChallenge(context, session, 'DEVICE_SRP_AUTH');
  const user = await userOfChallenge(context, pending, responses.USERNAME);
  if (responses.DEVICE_KEY !== pending?.deviceKey) throw sessionExpired();
  const device = await rememberedDevice(context, user.id, responses.DEVICE_KEY);
  if (!device?.srpVerifier || !device.srpSalt) throw new CognitoError('ResourceNotFoundException', MESSAGES.deviceNotFound);
  const { b, bigB } = serverEphemeral(device.srpVerifier);
  const handle = await openChallenge(context, {
    kind: 'DEVICE_PASSWORD_VERIFIER',
    username: user.username,
    userId: user.id,
    deviceKey: device.deviceKey,
    srpState: { a: a.toString(16), b, bigB },
  });
  return {
    ChallengeName: 'DEVICE_PASSWORD_VERIFIER',
    Session: handle,
    ChallengeParameters: { SALT: device.srpSalt, SRP_B: bigB, SECRET_BLOCK: handle, USERNAME: user.username, DEVICE_KEY: device.deviceKey },
  };
}

export async function answerDevicePasswordVerifier(context: PoolContext, responses: StringMap, session: string | undefined, ip: string) {
  for (const name of ['USERNAME', 'PASSWORD_CLAIM_SECRET_BLOCK', 'PASSWORD_CLAIM_SIGNATURE', 'TIMESTAMP', 'DEVICE_KEY']) {
    if (!responses[name]) throw missingParameter(name);
  }
  const secretBlock = responses.PASSWORD_CLAIM_SECRET_BLOCK ?? '';
  if (session && session !== secretBlock) throw sessionExpired();
  const pending = await closeChallenge(context, secretBlock, 'DEVICE_PASSWORD_VERIFIER');
  const user = await userOfChallenge(context, pending, responses.USERNAME);
  const device = pending?.deviceKey === responses.DEVICE_KEY ? await rememberedDevice(context, user.id, responses.DEVICE_KEY) : undefined;
  const timestamp = responses.TIMESTAMP ?? '';
  const key = device?.srpVerifier && pending?.srpState ? sessionKey({ ...pending.srpState, verifier: device.srpVerifier }) : null;
  const proved =
    device !== undefined &&
    key !== null &&
    isSrpTimestamp(timestamp) &&
    signatureMatches(claimSignature(key, device.groupKey, device.deviceKey, secretBlock, timestamp), responses.PASSWORD_CLAIM_SIGNATURE ?? '');
  if (!device || !proved) {
    await recordFailure(context, user, user.username);
    throw badCredentials();
  }
  await touchDevice(context, device, ip);
  return finishSignIn(context, user, { deviceKey: device.deviceKey, ip }, false);
}
