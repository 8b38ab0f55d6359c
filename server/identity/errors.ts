/**
 * Errors in Cognito's wire form: HTTP 400, `{ "__type": name, "message": text }` and the
 * `x-amzn-errortype` header. Amplify turns `__type` into `error.name` and keeps `message`; the
 * client maps names (and, for session-invalid errors, messages) to what the user sees (rules §8),
 * so names and messages below are Cognito's own wording.
 */

export type CognitoErrorName =
  | 'NotAuthorizedException'
  | 'UserNotFoundException'
  | 'InvalidPasswordException'
  | 'InvalidParameterException'
  | 'CodeMismatchException'
  | 'ExpiredCodeException'
  | 'LimitExceededException'
  | 'PasswordResetRequiredException'
  | 'TooManyRequestsException'
  | 'ResourceNotFoundException'
  | 'EnableSoftwareTokenMFAException'
  | 'UnknownOperationException'
  | 'UsernameExistsException'
  | 'UnrecognizedClientException'
  | 'InvalidSignatureException'
  | 'MissingAuthenticationTokenException'
  | 'IncompleteSignatureException'
  | 'AccessDeniedException'
  | 'InternalErrorException';

export class CognitoError extends Error {
  constructor(
    readonly type: CognitoErrorName,
    message: string,
    readonly status: 400 | 403 | 500 = 400,
  ) {
    super(message);
    this.name = type;
  }
}

/** Cognito's messages, verbatim where the client (or rules §8's session-invalid list) reads them. */
export const MESSAGES = {
  badCredentials: 'Incorrect username or password.',
  lockedOut: 'Password attempts exceeded',
  userDisabled: 'User is disabled.',
  userDoesNotExist: 'User does not exist.',
  passwordResetRequired: 'Password reset required for the user',
  temporaryPasswordExpired: 'Temporary password has expired and must be reset by an administrator.',
  userNotFound: 'Username/client id combination not found.',
  codeMismatch: 'Invalid verification code provided, please try again.',
  codeExpired: 'Invalid code provided, please request a code again.',
  attemptLimit: 'Attempt limit exceeded, please try after some time.',
  rateExceeded: 'Rate exceeded',
  sessionExpired: 'Invalid session for the user, session is expired.',
  invalidAccessToken: 'Invalid Access Token',
  accessTokenExpired: 'Access Token has expired',
  accessTokenRevoked: 'Access Token has been revoked',
  invalidRefreshToken: 'Invalid Refresh Token',
  refreshTokenExpired: 'Refresh Token has expired',
  refreshTokenRevoked: 'Refresh Token has been revoked',
  cannotResetInState: 'User password cannot be reset in the current state.',
  totpCodeMismatch: 'Invalid code received for user',
  totpNotVerified: 'User has not verified software token mfa',
  noPendingTotp: 'Secret code has not been set for the user. Call AssociateSoftwareToken first.',
  mfaOff: 'Multi-factor sign-in is turned off for this account.',
  mfaRequired: "Multi-factor sign-in is required for this account: the authenticator app cannot be turned off.",
  deviceNotFound: 'Device does not exist.',
  usernameExists: 'An account with the given email already exists.',
  noVerifiedEmail: 'Cannot reset password for the user as there is no registered/verified email or phone_number',
} as const;

export const badCredentials = () => new CognitoError('NotAuthorizedException', MESSAGES.badCredentials);

export const missingParameter = (name: string) => new CognitoError('InvalidParameterException', `Missing required parameter ${name}`);

export const tooManyRequests = () => new CognitoError('TooManyRequestsException', MESSAGES.rateExceeded);

export const attemptLimitExceeded = () => new CognitoError('LimitExceededException', MESSAGES.attemptLimit);

export const invalidParameter = (message: string) => new CognitoError('InvalidParameterException', message);

/** What the log keeps of an unexpected failure: its kind and its code, nothing it quotes. */
export interface FailureSummary {
  name: string;
  /** PostgreSQL's SQLSTATE (e.g. `22021`) or Node's error code (e.g. `ECONNREFUSED`), when there is one. */
  code?: string;
}

const SAFE_NAME = /^[A-Za-z][\w$]{0,63}$/;
const SAFE_CODE = /^[A-Z0-9_]{1,40}$/;

function codeOf(value: unknown): string | undefined {
  const code = (value as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && SAFE_CODE.test(code) ? code : undefined;
}

/**
 * An error reduced to what may be logged. A query error's message quotes the query and its
 * parameters (attempted usernames, codes, tokens), and a mail error's may quote an address, so
 * neither the message nor the error object itself reaches the log.
 */
export function summarizeFailure(error: unknown): FailureSummary {
  if (!(error instanceof Error)) return { name: error === null ? 'null' : typeof error };
  const name = SAFE_NAME.test(error.name) ? error.name : 'Error';
  const code = codeOf(error) ?? codeOf(error.cause);
  return code ? { name, code } : { name };
}
