/**
 * Sign-in: InitiateAuth and RespondToAuthChallenge.
 *
 * - USER_SRP_AUTH (Amplify's default): InitiateAuth answers the PASSWORD_VERIFIER challenge (salt,
 *   server ephemeral, a single-use SECRET_BLOCK); RespondToAuthChallenge checks the proof.
 * - USER_PASSWORD_AUTH: the password itself, checked against the stored verifier.
 * - REFRESH_TOKEN_AUTH: a refresh (sessions.ts).
 * - NEW_PASSWORD_REQUIRED: a user with a temporary password sets a permanent one.
 * - Then, by the account's policy and the user's authenticator: a code, a remembered device's
 *   proof, or the authenticator's setup (second-factor.ts).
 *
 * Sign-in never says whether a user exists: an unknown username gets a stable decoy salt, a random
 * verifier, the same error and the same lockout. The per-address and per-username caps are
 * counted before the user is looked up.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { closeChallenge, openChallenge, openChallengeOf } from './challenges';
import type { PoolContext, PoolOperation } from './context';
import { CognitoError, MESSAGES, badCredentials, invalidParameter, missingParameter } from './errors';
import { requireClient, requiredString, optionalString, stringMap, type StringMap } from './input';
import { admit } from './caps';
import { clearFailures, isLocked, recordFailure } from './lockout';
import { assertPasswordAllowed } from './password-policy';
import { identityUsers } from './schema';
import {
  answerDevicePasswordVerifier,
  answerDeviceSrpAuth,
  answerMfaSetup,
  answerSelectMfaType,
  answerSoftwareTokenMfa,
  secondFactor,
  type SignInFrom,
} from './second-factor';
import {
  N,
  claimSignature,
  computeVerifier,
  isSrpTimestamp,
  padHex,
  parseClientA,
  serverEphemeral,
  sessionKey,
  signatureMatches,
  verifierMatches,
} from './srp';
import { findPoolUser, normalizeUsername, passwordColumns, poolUserById, type PoolUser } from './users';

const FLOWS = ['USER_SRP_AUTH', 'USER_PASSWORD_AUTH', 'REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN'];

// --- stand-ins for users that do not exist, so their answers look and cost the same ---------------

async function decoySalt(context: PoolContext, username: string): Promise<string> {
  const secret = await context.keys.lastingSecret('decoy salt');
  return createHmac('sha256', secret).update(`${context.poolId}\n${username}`).digest('hex').slice(0, 32);
}

const decoyVerifier = () => padHex(BigInt(`0x${randomBytes(384).toString('hex')}`) % N);

// --- steps ----------------------------------------------------------------------------------------

/** The username a password flow names, counted against the sign-in caps before any lookup. */
async function admitSignIn(context: PoolContext, parameters: StringMap, ip: string): Promise<string> {
  const username = normalizeUsername(parameters.USERNAME ?? '');
  if (!username) throw missingParameter('USERNAME');
  const { caps } = context;
  await admit(context, [caps.signInsByIp, ip], [caps.signInsByUsername, username]);
  return username;
}

/** After the password proved right: the next step by account state, or the tokens. */
async function completeSignIn(context: PoolContext, user: PoolUser, from: SignInFrom) {
  // With an authenticator on, the failures stand until the code (or device) is right too.
  if (!user.totpEnabled) await clearFailures(context, user);
  if (!user.enabled) throw new CognitoError('NotAuthorizedException', MESSAGES.userDisabled);
  if (user.status === 'RESET_REQUIRED') throw new CognitoError('PasswordResetRequiredException', MESSAGES.passwordResetRequired);
  if (user.status === 'FORCE_CHANGE_PASSWORD') {
    // As Cognito: an invitation's temporary password signs in for a limited time only.
    if (context.now().getTime() - user.passwordChangedAt.getTime() > context.limits.temporaryPasswordSeconds * 1000) {
      throw new CognitoError('NotAuthorizedException', MESSAGES.temporaryPasswordExpired);
    }
    const session = await openChallenge(context, { kind: 'NEW_PASSWORD_REQUIRED', username: user.username, userId: user.id });
    return {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: session,
      ChallengeParameters: {
        USER_ID_FOR_SRP: user.username,
        requiredAttributes: '[]',
        userAttributes: JSON.stringify({ email_verified: String(user.emailVerified), email: user.email }),
      },
    };
  }
  return secondFactor(context, user, from);
}

async function startSrp(context: PoolContext, username: string, parameters: StringMap) {
  if (!parameters.SRP_A) throw missingParameter('SRP_A');
  const a = parseClientA(parameters.SRP_A);
  if (a === null) throw invalidParameter('SRP_A is not a valid SRP value.');
  const user = await findPoolUser(context.db, context.poolId, username);
  const salt = user?.srpSalt ?? (await decoySalt(context, username));
  const { b, bigB } = serverEphemeral(user?.srpVerifier ?? decoyVerifier());
  const secretBlock = await openChallenge(context, {
    kind: 'PASSWORD_VERIFIER',
    username,
    userId: user?.id ?? null,
    srpState: { a: a.toString(16), b, bigB },
  });
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeParameters: { SALT: salt, SRP_B: bigB, SECRET_BLOCK: secretBlock, USER_ID_FOR_SRP: username, USERNAME: username },
  };
}

async function passwordSignIn(context: PoolContext, username: string, parameters: StringMap, ip: string) {
  const password = parameters.PASSWORD;
  if (!password) throw missingParameter('PASSWORD');
  const user = await findPoolUser(context.db, context.poolId, username);
  if (await isLocked(context, user, username)) throw new CognitoError('NotAuthorizedException', MESSAGES.lockedOut);
  const candidate = computeVerifier(context.poolName, username, password, user?.srpSalt ?? (await decoySalt(context, username)));
  if (!user || !verifierMatches(user.srpVerifier, candidate)) {
    await recordFailure(context, user, username);
    throw badCredentials();
  }
  return completeSignIn(context, user, { deviceKey: parameters.DEVICE_KEY, ip });
}

async function answerPasswordVerifier(context: PoolContext, responses: StringMap, ip: string) {
  for (const name of ['USERNAME', 'PASSWORD_CLAIM_SECRET_BLOCK', 'PASSWORD_CLAIM_SIGNATURE', 'TIMESTAMP']) {
    if (!responses[name]) throw missingParameter(name);
  }
  const username = normalizeUsername(responses.USERNAME ?? '');
  const secretBlock = responses.PASSWORD_CLAIM_SECRET_BLOCK ?? '';
  const timestamp = responses.TIMESTAMP ?? '';
  const session = await closeChallenge(context, secretBlock, 'PASSWORD_VERIFIER');
  if (!session?.srpState || session.username !== username) throw badCredentials();
  const user = session.userId ? await poolUserById(context.db, session.userId) : undefined;
  if (await isLocked(context, user, username)) throw new CognitoError('NotAuthorizedException', MESSAGES.lockedOut);
  const key = sessionKey({ ...session.srpState, verifier: user?.srpVerifier ?? decoyVerifier() });
  const proved =
    key !== null &&
    isSrpTimestamp(timestamp) &&
    signatureMatches(claimSignature(key, context.poolName, username, secretBlock, timestamp), responses.PASSWORD_CLAIM_SIGNATURE ?? '');
  if (!user || !proved) {
    await recordFailure(context, user, username);
    throw badCredentials();
  }
  return completeSignIn(context, user, { deviceKey: responses.DEVICE_KEY, ip });
}

async function answerNewPassword(context: PoolContext, responses: StringMap, session: string | undefined, ip: string) {
  if (!session) throw missingParameter('Session');
  const newPassword = responses.NEW_PASSWORD;
  if (!newPassword) throw missingParameter('NEW_PASSWORD');
  const expired = () => new CognitoError('NotAuthorizedException', MESSAGES.sessionExpired);
  const pending = await openChallengeOf(context, session, 'NEW_PASSWORD_REQUIRED');
  if (!pending?.userId) throw expired();
  if (responses.USERNAME && normalizeUsername(responses.USERNAME) !== pending.username) throw expired();
  // Checked before the session is used up, so the user can try another password with it.
  assertPasswordAllowed(newPassword);
  if (!(await closeChallenge(context, session, 'NEW_PASSWORD_REQUIRED'))) throw expired();
  const user = await poolUserById(context.db, pending.userId);
  if (!user || user.status !== 'FORCE_CHANGE_PASSWORD') throw expired();
  const [updated] = await context.db
    .update(identityUsers)
    .set(passwordColumns(context.poolId, user.username, newPassword, 'CONFIRMED', context.now()))
    .where(eq(identityUsers.id, user.id))
    .returning();
  return completeSignIn(context, updated ?? user, { deviceKey: responses.DEVICE_KEY, ip });
}

// --- operations -----------------------------------------------------------------------------------

export const initiateAuth: PoolOperation = async (context, input, request) => {
  requireClient(context, input);
  const flow = requiredString(input, 'AuthFlow');
  const parameters = stringMap(input, 'AuthParameters');
  switch (flow) {
    case 'USER_SRP_AUTH':
      return startSrp(context, await admitSignIn(context, parameters, request.ip), parameters);
    case 'USER_PASSWORD_AUTH':
      return passwordSignIn(context, await admitSignIn(context, parameters, request.ip), parameters, request.ip);
    case 'REFRESH_TOKEN_AUTH':
    case 'REFRESH_TOKEN':
      // As in Cognito, an app client that rotates refresh tokens refreshes with
      // GetTokensFromRefreshToken only: this flow's answer has no place for the new refresh token
      // clients of it would keep, and a refresh that does not rotate would dodge reuse detection.
      throw invalidParameter('Refresh token rotation is enabled for this app client: refresh with GetTokensFromRefreshToken.');
    case 'CUSTOM_AUTH':
    case 'USER_AUTH':
      throw invalidParameter(`${flow} flow not enabled for this client`);
    default:
      throw invalidParameter(`AuthFlow must be one of ${FLOWS.join(', ')}`);
  }
};

export const respondToAuthChallenge: PoolOperation = async (context, input, request) => {
  requireClient(context, input);
  const challenge = requiredString(input, 'ChallengeName');
  await admit(context, [context.caps.challengeAnswersByIp, request.ip]);
  const responses = stringMap(input, 'ChallengeResponses');
  const session = optionalString(input, 'Session');
  const { ip } = request;
  switch (challenge) {
    case 'PASSWORD_VERIFIER':
      return answerPasswordVerifier(context, responses, ip);
    case 'NEW_PASSWORD_REQUIRED':
      return answerNewPassword(context, responses, session, ip);
    case 'SOFTWARE_TOKEN_MFA':
      return answerSoftwareTokenMfa(context, responses, session, ip);
    case 'SELECT_MFA_TYPE':
      return answerSelectMfaType(context, responses, session);
    case 'MFA_SETUP':
      return answerMfaSetup(context, responses, session, ip);
    case 'DEVICE_SRP_AUTH':
      return answerDeviceSrpAuth(context, responses, session);
    case 'DEVICE_PASSWORD_VERIFIER':
      return answerDevicePasswordVerifier(context, responses, session, ip);
  }
  throw invalidParameter(`The challenge ${challenge} is not used by this user pool.`);
};
