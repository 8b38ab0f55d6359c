/**
 * Passwords: the forgotten-password flow (ForgotPassword mails a code, ConfirmForgotPassword sets a
 * new password with it) and ChangePassword for a signed-in user.
 *
 * Reset codes are 6 digits, live `codeSeconds`, survive `codeAttempts` wrong guesses, and are
 * stored as an HMAC keyed from the pool's signing key. Both unauthenticated operations count the
 * caller's address and the username against their caps before any database read.
 *
 * What they reveal: both say when an address has no account (UserNotFoundException), as the spec's
 * catalogue expects ("Sorry, it does not look like that email is on record..." on the request,
 * "Could not find user with specified email." on the confirmation). The confirmation reveals no
 * more than the request does, and both are held to the same kind of caps, per address and per
 * username, counted before the database is read.
 */
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { addSeconds, type PoolContext, type PoolOperation } from './context';
import { CognitoError, MESSAGES, attemptLimitExceeded, badCredentials } from './errors';
import { requireClient, requiredString } from './input';
import { admit } from './caps';
import { isLocked, recordFailure } from './lockout';
import { enqueueMail, type MailMessage } from '../mail/queue';
import { assertPasswordAllowed } from './password-policy';
import { identityUsers, identityVerificationCodes } from './schema';
import { revokeSessions, userOfAccessToken } from './sessions';
import { computeVerifier, verifierMatches } from './srp';
import { findPoolUser, normalizeUsername, passwordColumns, type PoolUser } from './users';

/** `alice@example.org` → `a***@e***`, as Cognito shows a code's destination. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

function resetCodeMail(to: string, code: string, codeSeconds: number, expiresAt: Date): MailMessage {
  const minutes = Math.round(codeSeconds / 60);
  return {
    kind: 'reset_code',
    to,
    subject: 'Your Cannery password reset code',
    body: [
      'Someone asked to reset the password of your Cannery account.',
      '',
      `Your verification code is ${code}. It expires in ${minutes} minutes.`,
      '',
      'To use it, open Cannery, choose "Use verification code" under the sign-in form, and enter your email, this code and a new password.',
      '',
      'If this was not you, ignore this message: your password stays as it is.',
    ].join('\n'),
    // A code mailed after it expired would only confuse: the queue lets it go instead.
    discardAfter: expiresAt,
  };
}

// --- reset codes ----------------------------------------------------------------------------------

async function hashCode(context: PoolContext, owner: string, code: string): Promise<Buffer> {
  const secret = await context.keys.secret('verification codes');
  return createHmac('sha256', secret).update(`${owner}\n${code}`).digest();
}

/**
 * Stores a new reset code for the user (replacing any earlier one) and queues its mail, in one
 * transaction: the code exists exactly when its mail is queued, whatever happens to this process
 * after the answer.
 */
export async function issueResetCode(context: PoolContext, user: PoolUser): Promise<void> {
  const { db, limits } = context;
  const at = context.now();
  const expiresAt = addSeconds(at, limits.codeSeconds);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // Before the transaction: the secret may be read from the database the first time.
  const codeHash = (await hashCode(context, user.id, code)).toString('hex');
  await db.transaction(async (tx) => {
    await tx.delete(identityVerificationCodes).where(eq(identityVerificationCodes.userId, user.id));
    await tx.insert(identityVerificationCodes).values({
      id: randomUUID(),
      userId: user.id,
      purpose: 'forgot_password',
      codeHash,
      createdAt: at,
      expiresAt,
    });
    await enqueueMail(tx, resetCodeMail(user.email, code, limits.codeSeconds, expiresAt), at);
  });
  context.mailQueued();
}

async function latestResetCode(context: PoolContext, owner: string) {
  const [pending] = await context.db
    .select()
    .from(identityVerificationCodes)
    .where(and(eq(identityVerificationCodes.userId, owner), eq(identityVerificationCodes.purpose, 'forgot_password')))
    .orderBy(desc(identityVerificationCodes.createdAt))
    .limit(1);
  return pending;
}

async function countWrongGuess(context: PoolContext, codeId: string): Promise<void> {
  await context.db
    .update(identityVerificationCodes)
    .set({ attempts: sql`${identityVerificationCodes.attempts} + 1` })
    .where(eq(identityVerificationCodes.id, codeId));
}

/**
 * Checks a reset code and claims it (a code is used once); throws CodeMismatchException for a wrong
 * code, ExpiredCodeException for an expired or already used one.
 */
async function claimResetCode(context: PoolContext, user: PoolUser, code: string): Promise<void> {
  const pending = await latestResetCode(context, user.id);
  if (!pending) throw new CognitoError('ExpiredCodeException', MESSAGES.codeExpired);
  if (pending.attempts >= context.limits.codeAttempts) throw attemptLimitExceeded();
  if (pending.expiresAt.getTime() <= context.now().getTime()) throw new CognitoError('ExpiredCodeException', MESSAGES.codeExpired);
  const given = await hashCode(context, user.id, code.trim());
  const expected = Buffer.from(pending.codeHash, 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    await countWrongGuess(context, pending.id);
    throw new CognitoError('CodeMismatchException', MESSAGES.codeMismatch);
  }
  // Deleting is the claim: of two concurrent confirmations, one wins.
  const [claimed] = await context.db.delete(identityVerificationCodes).where(eq(identityVerificationCodes.id, pending.id)).returning();
  if (!claimed) throw new CognitoError('ExpiredCodeException', MESSAGES.codeExpired);
}

// --- operations -----------------------------------------------------------------------------------

/** Amplify's `resetPassword`: mails a code to a user who may reset their password. */
export const forgotPassword: PoolOperation = async (context, input, request) => {
  requireClient(context, input);
  const username = normalizeUsername(requiredString(input, 'Username'));
  const { caps } = context;
  await admit(context, [caps.codeRequestsByIp, request.ip], [caps.codeRequestsByUsername, username]);
  const user = await findPoolUser(context.db, context.poolId, username);
  if (!user) throw new CognitoError('UserNotFoundException', MESSAGES.userNotFound);
  if (!user.enabled) throw new CognitoError('NotAuthorizedException', MESSAGES.userDisabled);
  if (user.status === 'FORCE_CHANGE_PASSWORD') throw new CognitoError('NotAuthorizedException', MESSAGES.cannotResetInState);
  // Without mail (CANNERY_MAIL=off) no code can reach the user: Cognito's answer for "nowhere to send it".
  if (!user.emailVerified || context.mailOff) throw new CognitoError('InvalidParameterException', MESSAGES.noVerifiedEmail);
  await issueResetCode(context, user);
  context.logger.info({ sub: user.id }, 'pool password reset code issued');
  return { CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: maskEmail(user.email) } };
};

/** Amplify's `confirmResetPassword`: a new password, with the mailed code. */
export const confirmForgotPassword: PoolOperation = async (context, input, request) => {
  requireClient(context, input);
  const username = normalizeUsername(requiredString(input, 'Username'));
  const code = requiredString(input, 'ConfirmationCode');
  const password = requiredString(input, 'Password');
  const { caps, db } = context;
  await admit(context, [caps.codeChecksByIp, request.ip], [caps.codeChecksByUsername, username]);
  // Before the code is checked, so a refused password does not use the code up.
  assertPasswordAllowed(password);
  const user = await findPoolUser(db, context.poolId, username);
  if (!user) throw new CognitoError('UserNotFoundException', MESSAGES.userNotFound);
  await claimResetCode(context, user, code);
  await db
    .update(identityUsers)
    .set({ ...passwordColumns(context.poolId, user.username, password, 'CONFIRMED', context.now()), emailVerified: true })
    .where(eq(identityUsers.id, user.id));
  // Whoever might have known the old password loses their sessions.
  await revokeSessions(context, user.id);
  context.logger.info({ sub: user.id }, 'pool password reset with a code');
  return {};
};

/** Amplify's `updatePassword`: the signed-in user proves the current password and sets another. */
export const changePassword: PoolOperation = async (context, input) => {
  const { user, originJti } = await userOfAccessToken(context, requiredString(input, 'AccessToken'));
  const previous = requiredString(input, 'PreviousPassword');
  const proposed = requiredString(input, 'ProposedPassword');
  if (await isLocked(context, user, user.username)) throw attemptLimitExceeded();
  if (!verifierMatches(user.srpVerifier, computeVerifier(context.poolName, user.username, previous, user.srpSalt))) {
    await recordFailure(context, user, user.username);
    throw badCredentials();
  }
  assertPasswordAllowed(proposed, 'proposedPassword');
  await context.db
    .update(identityUsers)
    .set(passwordColumns(context.poolId, user.username, proposed, 'CONFIRMED', context.now()))
    .where(eq(identityUsers.id, user.id));
  // Other devices' sessions end with the old password; this one carries on.
  await revokeSessions(context, user.id, originJti);
  context.logger.info({ sub: user.id }, 'pool password changed');
  return {};
};
