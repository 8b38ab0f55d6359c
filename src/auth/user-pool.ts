/**
 * The user pool as the app uses it: a thin layer over Amplify's Auth calls, behind an interface so
 * screens and tests can swap in a fake. It turns Amplify's outputs into the few cases the app
 * distinguishes and adds the spec's rule that a sign-in in progress blocks a second one (rules §4).
 */
import {
  confirmResetPassword,
  confirmSignIn,
  fetchAuthSession,
  fetchDevices,
  fetchMFAPreference,
  fetchUserAttributes,
  forgetDevice,
  getCurrentUser,
  rememberDevice,
  resetPassword,
  setUpTOTP,
  signIn,
  signOut,
  updateMFAPreference,
  updatePassword,
  updateUserAttributes,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { MESSAGES } from './errors';

/** The pool's ID token and when it expires (ms since the epoch). */
export interface PoolSession {
  idToken: string;
  expiresAt: number;
}

/** An authenticator app to set up: its shared secret (base32) and the `otpauth://` link a QR code carries. */
export interface TotpSetup {
  secret: string;
  uri: string;
}

/**
 * Where a sign-in stands after a call: signed in; the user must replace a temporary password (the
 * spec's first-time-auth event); a code from the authenticator app is asked for; the account
 * requires an authenticator and the user sets one up now (MFA setup); or a challenge this app does
 * not answer (SMS or email codes, custom challenge, ...), named by Amplify's `signInStep`. A choice
 * of factor (select MFA type) is answered here with the authenticator app when the pool offers it.
 */
export type SignInStep =
  | { kind: 'done' }
  | { kind: 'new-password-required' }
  | { kind: 'totp-code' }
  | { kind: 'totp-setup'; setup: TotpSetup }
  | { kind: 'challenge'; signInStep: string };

/** The account's rule for a second factor, as the pool reports it (`custom:mfa_policy`). */
export type MfaPolicy = 'off' | 'optional' | 'required';

export interface MfaSettings {
  /** The user's authenticator app is turned on. */
  authenticator: boolean;
  policy: MfaPolicy;
}

/** A device the pool remembers for the user: signing in on it skips the code. */
export interface RememberedDevice {
  id: string;
  /** The name the browser gave it (its user agent, usually). */
  name: string;
  /** When it last signed in (ms since the epoch), when known. */
  lastSignInAt: number | null;
}

/** The app's name in authenticator apps, next to the user's email. */
export const AUTHENTICATOR_ISSUER = 'Cannery';

export interface PoolUser {
  username: string;
  userId: string;
}

export interface UserPoolClient {
  /** Starts a sign-in. Rejects with `PendingSignInError` while another sign-in call is running. */
  signIn(input: { username: string; password: string }): Promise<SignInStep>;
  /** Answers the new-password challenge of the pending sign-in. */
  confirmSignIn(input: { newPassword: string }): Promise<SignInStep>;
  /**
   * Answers the pending sign-in's code step (a code from the authenticator app), or finishes the
   * authenticator's setup during sign-in with the first code it shows.
   */
  confirmSignInWithCode(input: { code: string }): Promise<SignInStep>;
  /** Remembers this device for the signed-in user, so its next sign-ins skip the code. */
  rememberDevice(): Promise<void>;
  /** The signed-in user's authenticator app and the account's rule for it. */
  fetchMfaSettings(): Promise<MfaSettings>;
  /** Starts setting up an authenticator app for the signed-in user. */
  setUpAuthenticator(): Promise<TotpSetup>;
  /** Checks the first code of the app being set up, then turns it on as the user's second factor. */
  turnOnAuthenticator(input: { code: string }): Promise<void>;
  /** Turns the signed-in user's authenticator app off (sign-in then asks for the password only). */
  turnOffAuthenticator(): Promise<void>;
  /** The devices remembered for the signed-in user, most recently used first. */
  fetchRememberedDevices(): Promise<RememberedDevice[]>;
  /** Forgets one remembered device: its next sign-in asks for a code again. */
  forgetDevice(id: string): Promise<void>;
  /** Signs out of the pool on this device, revoking the refresh token where the pool can. */
  signOut(): Promise<void>;
  /** The current ID token, refreshed first when expired or when `forceRefresh`; null when signed out. */
  fetchAuthSession(options?: { forceRefresh?: boolean }): Promise<PoolSession | null>;
  /** Changes the signed-in user's password. */
  updatePassword(input: { oldPassword: string; newPassword: string }): Promise<void>;
  /**
   * Sets the signed-in user's display name (the `name` attribute; empty removes it). ID tokens
   * carry it from the next refresh on: `fetchAuthSession({ forceRefresh: true })` gets one.
   */
  updateDisplayName(input: { name: string }): Promise<void>;
  /** Sends a reset code to the user's email (forgot password). */
  resetPassword(input: { username: string }): Promise<void>;
  /** Sets a new password with the emailed code (retrieve account). */
  confirmResetPassword(input: { username: string; confirmationCode: string; newPassword: string }): Promise<void>;
  /** The signed-in user as the stored tokens name them; null when signed out. */
  getCurrentUser(): Promise<PoolUser | null>;
}

/** A second sign-in while one is running (rules §8 "Pending sign-in attempt already in progress"). */
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
  nextStep: {
    signInStep: string;
    allowedMFATypes?: string[] | undefined;
    totpSetupDetails?: { sharedSecret: string; getSetupUri(appName: string, accountName?: string): URL } | undefined;
  };
}

interface AmplifyDevice {
  id: string;
  name?: string | undefined;
  attributes?: Record<string, string> | undefined;
  lastAuthenticatedDate?: Date | undefined;
  lastModifiedDate?: Date | undefined;
}

type AmplifyMfaPreference = 'ENABLED' | 'DISABLED' | 'PREFERRED' | 'NOT_PREFERRED';

interface AmplifyJwt {
  payload: { exp?: number };
  toString(): string;
}

/** The Amplify calls this layer needs, in the shapes it reads; the real ones by default, fakes in tests. */
export interface AmplifyAuthCalls {
  signIn(input: { username: string; password: string }): Promise<AmplifySignInOutput>;
  confirmSignIn(input: { challengeResponse: string; options?: { friendlyDeviceName?: string } }): Promise<AmplifySignInOutput>;
  signOut(): Promise<void>;
  fetchAuthSession(options: { forceRefresh?: boolean }): Promise<{ tokens?: { idToken?: AmplifyJwt } | undefined }>;
  updatePassword(input: { oldPassword: string; newPassword: string }): Promise<void>;
  updateUserAttributes(input: { userAttributes: Record<string, string> }): Promise<unknown>;
  resetPassword(input: { username: string }): Promise<unknown>;
  confirmResetPassword(input: { username: string; confirmationCode: string; newPassword: string }): Promise<void>;
  getCurrentUser(): Promise<PoolUser>;
  rememberDevice(): Promise<void>;
  fetchMFAPreference(): Promise<{ enabled?: string[] | undefined; preferred?: string | undefined }>;
  fetchUserAttributes(): Promise<Partial<Record<string, string>>>;
  setUpTOTP(): Promise<{ sharedSecret: string; getSetupUri(appName: string, accountName?: string): URL }>;
  verifyTOTPSetup(input: { code: string; options?: { friendlyDeviceName?: string } }): Promise<void>;
  updateMFAPreference(input: { totp: AmplifyMfaPreference }): Promise<void>;
  fetchDevices(): Promise<AmplifyDevice[]>;
  forgetDevice(input: { device: { id: string } }): Promise<void>;
}

const amplifyAuth: AmplifyAuthCalls = {
  signIn: (input) => signIn(input),
  confirmSignIn: (input) => confirmSignIn(input),
  signOut: () => signOut(),
  fetchAuthSession: (options) => fetchAuthSession(options),
  updatePassword: (input) => updatePassword(input),
  updateUserAttributes: (input) => updateUserAttributes(input),
  resetPassword: (input) => resetPassword(input),
  confirmResetPassword: (input) => confirmResetPassword(input),
  getCurrentUser: () => getCurrentUser(),
  rememberDevice: () => rememberDevice(),
  fetchMFAPreference: () => fetchMFAPreference(),
  fetchUserAttributes: () => fetchUserAttributes(),
  setUpTOTP: () => setUpTOTP(),
  verifyTOTPSetup: (input) => verifyTOTPSetup(input),
  updateMFAPreference: (input) => updateMFAPreference(input),
  fetchDevices: () => fetchDevices(),
  forgetDevice: (input) => forgetDevice(input),
};

/** The name the pool gives the authenticator app (rules §9). */
export const TOTP_DEVICE_NAME = 'My TOTP device';

/** The factor Amplify names the authenticator app by. */
const TOTP = 'TOTP';

function totpSetupOf(details: { sharedSecret: string; getSetupUri(appName: string, accountName?: string): URL }, username: string): TotpSetup {
  return { secret: details.sharedSecret, uri: details.getSetupUri(AUTHENTICATOR_ISSUER, username).toString() };
}

function policyOf(value: string | undefined): MfaPolicy {
  return value === 'off' || value === 'required' ? value : 'optional';
}

function stepOf(output: AmplifySignInOutput, username: string): SignInStep {
  const { signInStep, totpSetupDetails } = output.nextStep;
  if (output.isSignedIn || signInStep === 'DONE') return { kind: 'done' };
  if (signInStep === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') return { kind: 'new-password-required' };
  if (signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return { kind: 'totp-code' };
  if (signInStep === 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP' && totpSetupDetails) return { kind: 'totp-setup', setup: totpSetupOf(totpSetupDetails, username) };
  return { kind: 'challenge', signInStep };
}

/** A choice of factor (to use, or to set up) that includes the authenticator app: the app's answer. */
function choosesAuthenticator(output: AmplifySignInOutput): boolean {
  const { signInStep, allowedMFATypes } = output.nextStep;
  const choice = signInStep === 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION' || signInStep === 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION';
  return choice && (allowedMFATypes ?? []).includes(TOTP);
}

function errorNamed(error: unknown, name: string): boolean {
  return error instanceof Error && error.name === name;
}

/** The pool behind Amplify; call `configureAmplify` first. */
export function createAmplifyUserPool(calls: AmplifyAuthCalls = amplifyAuth): UserPoolClient {
  let signInRunning = false;
  /** Who the sign-in in progress is for: the authenticator app labels its entry with it. */
  let signingIn = '';

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

  /** The step an answer leads to, choosing the authenticator app where the pool offers a choice. */
  async function next(output: AmplifySignInOutput): Promise<SignInStep> {
    const answered = choosesAuthenticator(output) ? await calls.confirmSignIn({ challengeResponse: TOTP }) : output;
    return stepOf(answered, signingIn);
  }

  return {
    signIn: (input) =>
      exclusive(async () => {
        signingIn = input.username.trim();
        try {
          return await next(await calls.signIn(input));
        } catch (error) {
          // Tokens left behind by a session the app already considers over (a pane closed mid
          // logout) would block every sign-in; drop them and try once more.
          if (!errorNamed(error, 'UserAlreadyAuthenticatedException')) throw error;
          await calls.signOut();
          return next(await calls.signIn(input));
        }
      }),
    confirmSignIn: ({ newPassword }) => exclusive(async () => next(await calls.confirmSignIn({ challengeResponse: newPassword }))),
    confirmSignInWithCode: ({ code }) =>
      exclusive(async () => next(await calls.confirmSignIn({ challengeResponse: code, options: { friendlyDeviceName: TOTP_DEVICE_NAME } }))),
    rememberDevice: () => calls.rememberDevice(),
    async fetchMfaSettings() {
      const [preference, attributes] = await Promise.all([calls.fetchMFAPreference(), calls.fetchUserAttributes()]);
      return { authenticator: (preference.enabled ?? []).includes(TOTP), policy: policyOf(attributes['custom:mfa_policy']) };
    },
    async setUpAuthenticator() {
      const [details, user] = await Promise.all([calls.setUpTOTP(), calls.getCurrentUser()]);
      return totpSetupOf(details, user.username);
    },
    async turnOnAuthenticator({ code }) {
      await calls.verifyTOTPSetup({ code, options: { friendlyDeviceName: TOTP_DEVICE_NAME } });
      await calls.updateMFAPreference({ totp: 'PREFERRED' });
    },
    turnOffAuthenticator: () => calls.updateMFAPreference({ totp: 'DISABLED' }),
    async fetchRememberedDevices() {
      const devices = await calls.fetchDevices();
      return devices
        .filter((device) => device.attributes?.device_remembered_status === 'remembered')
        .map((device) => ({ id: device.id, name: device.name ?? '', lastSignInAt: (device.lastAuthenticatedDate ?? device.lastModifiedDate)?.getTime() ?? null }))
        .sort((a, b) => (b.lastSignInAt ?? 0) - (a.lastSignInAt ?? 0));
    },
    forgetDevice: (id) => calls.forgetDevice({ device: { id } }),
    signOut: () => calls.signOut(),
    async fetchAuthSession(options = {}) {
      const { tokens } = await calls.fetchAuthSession(options);
      const idToken = tokens?.idToken;
      if (!idToken) return null;
      return { idToken: idToken.toString(), expiresAt: (idToken.payload.exp ?? 0) * 1000 };
    },
    updatePassword: (input) => calls.updatePassword(input),
    async updateDisplayName({ name }) {
      await calls.updateUserAttributes({ userAttributes: { name: name.trim() } });
    },
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
