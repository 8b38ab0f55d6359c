/**
 * The user pool as the app uses it: a thin layer over Amplify's Auth calls, behind an interface so
 * screens and tests can swap in a fake. It turns Amplify's outputs into the few cases the app
 * distinguishes and adds the spec's rule that a sign-in in progress blocks a second one (§4).
 */
import {
  confirmResetPassword,
  confirmSignIn,
  fetchAuthSession,
  getCurrentUser,
  resetPassword,
  signIn,
  signOut,
  updatePassword,
} from 'aws-amplify/auth';
import { MESSAGES } from './errors';

/** The pool's ID token and when it expires (ms since the epoch). */
export interface PoolSession {
  idToken: string;
  expiresAt: number;
}

/**
 * Where a sign-in stands after a call: signed in; the user must replace a temporary password (the
 * spec's first-time-auth event); or a challenge this app does not answer (MFA, TOTP, MFA setup,
 * custom challenge, MFA type selection, ...), named by Amplify's `signInStep`.
 */
export type SignInStep = { kind: 'done' } | { kind: 'new-password-required' } | { kind: 'challenge'; signInStep: string };

export interface PoolUser {
  username: string;
  userId: string;
}

export interface UserPoolClient {
  /** Starts a sign-in. Rejects with `PendingSignInError` while another sign-in call is running. */
  signIn(input: { username: string; password: string }): Promise<SignInStep>;
  /** Answers the new-password challenge of the pending sign-in. */
  confirmSignIn(input: { newPassword: string }): Promise<SignInStep>;
  /** Signs out of the pool on this device, revoking the refresh token where the pool can. */
  signOut(): Promise<void>;
  /** The current ID token, refreshed first when expired or when `forceRefresh`; null when signed out. */
  fetchAuthSession(options?: { forceRefresh?: boolean }): Promise<PoolSession | null>;
  /** Changes the signed-in user's password. */
  updatePassword(input: { oldPassword: string; newPassword: string }): Promise<void>;
  /** Sends a reset code to the user's email (forgot password). */
  resetPassword(input: { username: string }): Promise<void>;
  /** Sets a new password with the emailed code (retrieve account). */
  confirmResetPassword(input: { username: string; confirmationCode: string; newPassword: string }): Promise<void>;
  /** The signed-in user as the stored tokens name them; null when signed out. */
  getCurrentUser(): Promise<PoolUser | null>;
}

/** A second sign-in while one is running (spec §8 "Pending sign-in attempt already in progress"). */
export class PendingSignInError extends Error {
  constructor() {
    super(MESSAGES.pendingSignIn);
    this.name = 'PendingSignInException';
  }
}

export function isPendingSignInError(error: unknown): error is PendingSignInError {
  return error instanceof PendingSignInError;
}

interface AmplifySignInOutput {
  isSignedIn: boolean;
  nextStep: { signInStep: string };
}

interface AmplifyJwt {
  payload: { exp?: number };
  toString(): string;
}

/** The Amplify calls this layer needs, in the shapes it reads; the real ones by default, fakes in tests. */
export interface AmplifyAuthCalls {
  signIn(input: { username: string; password: string }): Promise<AmplifySignInOutput>;
  confirmSignIn(input: { challengeResponse: string }): Promise<AmplifySignInOutput>;
  signOut(): Promise<void>;
  fetchAuthSession(options: { forceRefresh?: boolean }): Promise<{ tokens?: { idToken?: AmplifyJwt } | undefined }>;
  updatePassword(input: { oldPassword: string; newPassword: string }): Promise<void>;
  resetPassword(input: { username: string }): Promise<unknown>;
  confirmResetPassword(input: { username: string; confirmationCode: string; newPassword: string }): Promise<void>;
  getCurrentUser(): Promise<PoolUser>;
}

const amplifyAuth: AmplifyAuthCalls = {
  signIn: (input) => signIn(input),
  confirmSignIn: (input) => confirmSignIn(input),
  signOut: () => signOut(),
  fetchAuthSession: (options) => fetchAuthSession(options),
  updatePassword: (input) => updatePassword(input),
  resetPassword: (input) => resetPassword(input),
  confirmResetPassword: (input) => confirmResetPassword(input),
  getCurrentUser: () => getCurrentUser(),
};

function stepOf(output: AmplifySignInOutput): SignInStep {
  const { signInStep } = output.nextStep;
  if (output.isSignedIn || signInStep === 'DONE') return { kind: 'done' };
  if (signInStep === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') return { kind: 'new-password-required' };
  return { kind: 'challenge', signInStep };
}

function errorNamed(error: unknown, name: string): boolean {
  return error instanceof Error && error.name === name;
}

/** The pool behind Amplify; call `configureAmplify` first. */
export function createAmplifyUserPool(calls: AmplifyAuthCalls = amplifyAuth): UserPoolClient {
  let signInRunning = false;

  /** Runs one sign-in call at a time; the spec refuses a second rather than queueing it. */
  async function exclusive<T>(run: () => Promise<T>): Promise<T> {
    if (signInRunning) throw new PendingSignInError();
    signInRunning = true;
    try {
      return await run();
    } finally {
      signInRunning = false;
    }
  }

  return {
    signIn: (input) =>
      exclusive(async () => {
        try {
          return stepOf(await calls.signIn(input));
        } catch (error) {
          // Tokens left behind by a session the app already considers over (a pane closed mid
          // logout) would block every sign-in; drop them and try once more.
          if (!errorNamed(error, 'UserAlreadyAuthenticatedException')) throw error;
          await calls.signOut();
          return stepOf(await calls.signIn(input));
        }
      }),
    confirmSignIn: ({ newPassword }) => exclusive(async () => stepOf(await calls.confirmSignIn({ challengeResponse: newPassword }))),
    signOut: () => calls.signOut(),
    async fetchAuthSession(options = {}) {
      const { tokens } = await calls.fetchAuthSession(options);
      const idToken = tokens?.idToken;
      if (!idToken) return null;
      return { idToken: idToken.toString(), expiresAt: (idToken.payload.exp ?? 0) * 1000 };
    },
    updatePassword: (input) => calls.updatePassword(input),
    async resetPassword(input) {
      await calls.resetPassword(input);
    },
    confirmResetPassword: (input) => calls.confirmResetPassword(input),
    async getCurrentUser() {
      try {
        const { username, userId } = await calls.getCurrentUser();
        return { username, userId };
      } catch (error) {
        if (errorNamed(error, 'UserUnAuthenticatedException')) return null;
        throw error;
      }
    },
  };
}
