/**
 * Errors in Cognito's wire form: HTTP 400, `{ "__type": name, "message": text }` and the
 * `x-amzn-errortype` header. Amplify turns `__type` into `error.name` and keeps `message`; the
 * client maps names (and, for session-invalid errors, messages) to what the user sees (spec §8),
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
  | 'UnknownOperationException'
  | 'InternalErrorException';

export class CognitoError extends Error {
  constructor(
    readonly type: CognitoErrorName,
    message: string,
    readonly status: 400 | 500 = 400,
  ) {
    super(message);
    this.name = type;
  }
}

/** Cognito's messages, verbatim where the client (or spec §8's session-invalid list) reads them. */
export const MESSAGES = {
  badCredentials: 'Incorrect username or password.',
  lockedOut: 'Password attempts exceeded',
  userDisabled: 'User is disabled.',
  userDoesNotExist: 'User does not exist.',
  passwordResetRequired: 'Password reset required for the user',
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
  noVerifiedEmail: 'Cannot reset password for the user as there is no registered/verified email or phone_number',
} as const;

export const badCredentials = () => new CognitoError('NotAuthorizedException', MESSAGES.badCredentials);

export const missingParameter = (name: string) => new CognitoError('InvalidParameterException', `Missing required parameter ${name}`);
