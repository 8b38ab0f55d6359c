/**
 * What the user reads when an identity call fails (rules §8). Amplify passes the identity service's
 * error type through as `error.name` (`NotAuthorizedException`, ...) and its text as
 * `error.message`; each flow maps names to the catalogue's words, which appear here verbatim.
 */

export const MESSAGES = {
  currentPasswordIncorrect: 'Current password is incorrect.',
  passwordPolicy:
    'New password must be at least 12 chars long and include at least one number, special char (@,!,etc), upper case letter, and lower case letter',
  passwordGeneric: 'An error has occurred in your submission. Please try again, and if the problem persists contact our team',
  forgotPasswordUserNotFound:
    'Sorry, it does not look like that email is on record. Please check that you have spelled your email correctly and contact our team if the problem persists.',
  retrieveUserNotFound: 'Could not find user with specified email.',
  codeMismatch: 'Verification code is incorrect.',
  pendingSignIn: 'Pending sign-in attempt already in progress',
  /** Any failure of the work-account sign-in (rules §8). */
  ssoFailed: 'An error occurred while logging in.\n Please try again.',
  /** The work-account sign-in pop-up was closed (rules §8, Office code 12006). */
  dialogClosed: 'Dialog window closed',
  notAuthenticated: 'The user is not authenticated.',
  /** Not in the catalogue: the server published no user pool (see `src/api/config.ts`). */
  signInUnavailable:
    'Sign-in is not available right now: the server did not provide its sign-in settings. Please try again later, and if the problem persists contact our team.',
  /** A device operation refused for the device's settings (rules §8: InvalidParameterException). */
  deviceConfig: 'This device could not be changed because of its sign-in settings. Please reload and try again, and if the problem persists contact our team.',
  /** A device operation that did not reach the identity service (rules §8: NetworkError). */
  network: 'Could not reach the sign-in service. Please check your connection and try again.',
  /** Any other failure of a second-factor or device operation. */
  securityGeneric: 'An error has occurred. Please try again, and if the problem persists contact our team.',
  /** A login failure that carries no message of its own. */
  unknownLoginError: 'An error occurred while logging in. Please try again.',
  /** An authenticator code the pool refused (its own text, "Invalid code received for user", names no remedy). */
  /** Not in the catalogue: the session could not be renewed (it ran out, or was ended elsewhere). */
  sessionEnded: 'You were signed out because your session ended. Please sign in again.',
  /** Not in the catalogue: said with the above when what the user was typing was kept. */
  workKept: 'What you were typing is kept in this window: sign in again here to go back to it.',
  authenticatorCodeWrong: 'That code did not work. Enter the 6-digit code your authenticator app shows now, and check that your phone’s clock is set automatically.',
} as const;

/** The pool's message for an account paused after repeated wrong passwords (Cognito's wording). */
export const PASSWORD_ATTEMPTS_EXCEEDED = 'Password attempts exceeded';

/**
 * Messages of the identity service that mean the stored session is no longer any good (rules §8):
 * the local session is cleaned up and the user signed out.
 */
export const SESSION_INVALID_MESSAGES: readonly string[] = [
  'Access Token has been revoked',
  'Refresh Token has been revoked',
  'Refresh Token has expired',
  'User is disabled.',
  'User does not exist.',
];

interface NamedError {
  name: string;
  message: string;
}

function asNamedError(error: unknown): NamedError {
  if (error instanceof Error) return { name: error.name, message: error.message };
  if (typeof error === 'object' && error !== null) {
    const { name, message } = error as { name?: unknown; message?: unknown };
    return { name: typeof name === 'string' ? name : '', message: typeof message === 'string' ? message : '' };
  }
  return { name: '', message: typeof error === 'string' ? error : '' };
}

/** The identity service's error type (`UserNotFoundException`, ...), or '' for anything else. */
export function errorName(error: unknown): string {
  return asNamedError(error).name;
}

export function isSessionInvalid(error: unknown): boolean {
  return SESSION_INVALID_MESSAGES.includes(asNamedError(error).message);
}

function isPolicyError(name: string): boolean {
  return name === 'InvalidPasswordException' || name === 'InvalidParameterException';
}

/** Change password (rules §8): wrong current password, policy, or anything else. */
export function changePasswordErrorMessage(error: unknown): string {
  const { name } = asNamedError(error);
  if (name === 'NotAuthorizedException') return MESSAGES.currentPasswordIncorrect;
  if (isPolicyError(name)) return MESSAGES.passwordPolicy;
  return MESSAGES.passwordGeneric;
}

/** Setting the first password after a temporary one: policy, or anything else. */
export function newPasswordErrorMessage(error: unknown): string {
  return isPolicyError(asNamedError(error).name) ? MESSAGES.passwordPolicy : MESSAGES.passwordGeneric;
}

/** Forgot password: an unknown email has its own message; other failures are password errors. */
export function forgotPasswordErrorMessage(error: unknown): string {
  return asNamedError(error).name === 'UserNotFoundException' ? MESSAGES.forgotPasswordUserNotFound : MESSAGES.passwordGeneric;
}

/** Retrieve account (reset with the emailed code). */
export function retrieveAccountErrorMessage(error: unknown): string {
  const { name } = asNamedError(error);
  if (name === 'UserNotFoundException') return MESSAGES.retrieveUserNotFound;
  if (name === 'CodeMismatchException') return MESSAGES.codeMismatch;
  if (isPolicyError(name)) return MESSAGES.passwordPolicy;
  return MESSAGES.passwordGeneric;
}

/** How long the pool pauses an account after repeated wrong passwords, when the server said (`/api/config`). */
export interface LockoutHint {
  minutes: number | null;
  now: Date;
}

/**
 * Login failures show the identity service's own message (rules §8). An account paused after
 * repeated wrong passwords also says when to try again: by the clock, when the server published
 * how long its pool pauses an account (the pause began at the latest now, so that time is never
 * too early); "in a few minutes" for AWS Cognito, whose pause grows with each failure.
 */
export function loginErrorMessage(error: unknown, lockout?: LockoutHint): string {
  const { message } = asNamedError(error);
  if (message === PASSWORD_ATTEMPTS_EXCEEDED && lockout) {
    const when =
      lockout.minutes === null
        ? 'in a few minutes'
        : `after ${new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(new Date(lockout.now.getTime() + lockout.minutes * 60_000))}`;
    return `${message}. For your security, sign-in to this account is paused: try again ${when}, or reset your password.`;
  }
  return message || MESSAGES.unknownLoginError;
}

/** Device operations (rules §8): a refused device setting, a network failure, or anything else. */
export function deviceErrorMessage(error: unknown): string {
  const { name } = asNamedError(error);
  if (name === 'InvalidParameterException') return MESSAGES.deviceConfig;
  if (name === 'NetworkError') return MESSAGES.network;
  return MESSAGES.securityGeneric;
}

/**
 * A code or authenticator step that failed: the identity service's own message for a refused
 * code (as for a failed login), a network failure, or the generic message.
 */
export function codeErrorMessage(error: unknown): string {
  const { name, message } = asNamedError(error);
  if (name === 'NetworkError') return MESSAGES.network;
  if (name === 'CodeMismatchException' || name === 'EnableSoftwareTokenMFAException') return MESSAGES.authenticatorCodeWrong;
  return message || MESSAGES.securityGeneric;
}
