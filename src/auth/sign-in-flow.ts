/**
 * What happens after the user pool answers a sign-in (rules §2 "Login screen", §4): a signed-in
 * user is looked up in Cannery and sent to the tips, a temporary password is replaced first, a
 * challenge the app cannot answer is explained, and a sign-in without a Cannery user ends on
 * could-not-find-user.
 */
import type { User } from '../api/contract/user';
import { MESSAGES } from './errors';
import type { SignInStep, TotpSetup, UserPoolClient } from './user-pool';

/** The token a sign-in produced, and when it expires (ms since the epoch; null when unknown). */
export interface SignedInSession {
  idToken: string;
  expiresAt: number | null;
}

export type SignInOutcome =
  /** Signed in, and the Cannery user exists. */
  | { kind: 'signed-in'; session: SignedInSession; user: User }
  /** Signed in, but `GET /user-info` failed (rules §8: logged, then could-not-find-user). */
  | { kind: 'user-not-found'; session: SignedInSession; error: unknown }
  /** The account has a temporary password (the first-time-auth event). */
  | { kind: 'new-password-required' }
  /** The password was right; a code from the user's authenticator app comes next. */
  | { kind: 'code-required' }
  /** The account requires a second factor and the user has none: an authenticator app is set up now. */
  | { kind: 'setup-required'; setup: TotpSetup }
  /** A challenge this app does not answer; `message` says so. */
  | { kind: 'challenge'; message: string };

export interface SignInDeps {
  userPool: UserPoolClient;
  /** `GET /user-info` with the new token (the token is not yet published to the rest of the app). */
  fetchUser: (idToken: string) => Promise<User>;
}

/** Where each outcome leads; null keeps the user on the form to read the outcome's message. */
export function routeAfterSignIn(outcome: SignInOutcome): string | null {
  switch (outcome.kind) {
    case 'signed-in':
      return 'tips-screen';
    case 'user-not-found':
      return 'could-not-find-user';
    case 'new-password-required':
      return 'change-first-time-password';
    case 'code-required':
      return 'confirm-sign-in';
    case 'setup-required':
      return 'set-up-authenticator';
    case 'challenge':
      return null;
  }
}

/** Why a challenge cannot be answered here, in words the user can act on. */
export function challengeMessage(signInStep: string): string {
  switch (signInStep) {
    case 'CONFIRM_SIGN_IN_WITH_SMS_CODE':
    case 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE':
      return 'Your account asks for a code sent by text message or email, which Cannery does not support. Please ask your administrator to set up an authenticator app for you instead.';
    case 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP':
    case 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION':
    case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION':
      return 'Your account asks for a second sign-in step other than an authenticator app, which Cannery does not support. Please contact our team to sign in.';
    case 'CONFIRM_SIGN_UP':
      return 'Please confirm your account and use your credentials to sign in.';
    case 'RESET_PASSWORD':
      return 'Your password must be reset before you can sign in. Use Reset Password below.';
    default:
      return 'Your account asks for a sign-in step that Cannery does not support yet. Please contact our team to sign in.';
  }
}

/** Turns the pool's answer into an outcome, looking the user up once signed in. */
export async function finishSignIn(step: SignInStep, deps: SignInDeps): Promise<SignInOutcome> {
  if (step.kind === 'new-password-required') return { kind: 'new-password-required' };
  if (step.kind === 'totp-code') return { kind: 'code-required' };
  if (step.kind === 'totp-setup') return { kind: 'setup-required', setup: step.setup };
  if (step.kind === 'challenge') return { kind: 'challenge', message: challengeMessage(step.signInStep) };
  const session = await deps.userPool.fetchAuthSession();
  if (!session) throw new Error(MESSAGES.notAuthenticated);
  return lookUpUser(session, deps.fetchUser);
}

/** Looks the signed-in user up in Cannery with the new token (rules §2: could-not-find-user when that fails). */
export async function lookUpUser(session: SignedInSession, fetchUser: (idToken: string) => Promise<User>): Promise<SignInOutcome> {
  try {
    return { kind: 'signed-in', session, user: await fetchUser(session.idToken) };
  } catch (error) {
    console.warn('GET /user-info failed after sign-in', error);
    return { kind: 'user-not-found', session, error };
  }
}

export async function signInWithPassword(deps: SignInDeps, credentials: { username: string; password: string }): Promise<SignInOutcome> {
  return finishSignIn(await deps.userPool.signIn(credentials), deps);
}

/** Answers the first-time-auth event with the user's new password, then finishes as a sign-in. */
export async function completeNewPassword(deps: SignInDeps, newPassword: string): Promise<SignInOutcome> {
  return finishSignIn(await deps.userPool.confirmSignIn({ newPassword }), deps);
}

/**
 * Answers the code step of a sign-in with a code from the authenticator app (or finishes setting
 * one up), then finishes as a sign-in. With `rememberDevice`, a successful sign-in also asks the
 * pool to remember this device; a failure there is logged and the sign-in stands.
 */
export async function completeWithCode(deps: SignInDeps, input: { code: string; rememberDevice: boolean }): Promise<SignInOutcome> {
  const step = await deps.userPool.confirmSignInWithCode({ code: input.code });
  if (step.kind === 'done' && input.rememberDevice) {
    try {
      await deps.userPool.rememberDevice();
    } catch (error) {
      console.warn('Remembering this device failed', error);
    }
  }
  return finishSignIn(step, deps);
}
