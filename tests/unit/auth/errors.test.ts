// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  changePasswordErrorMessage,
  codeErrorMessage,
  deviceErrorMessage,
  forgotPasswordErrorMessage,
  isSessionInvalid,
  loginErrorMessage,
  newPasswordErrorMessage,
  retrieveAccountErrorMessage,
} from '../../../src/auth/errors';
import { poolError } from '../support/fake-user-pool';

const POLICY =
  'New password must be at least 12 chars long and include at least one number, special char (@,!,etc), upper case letter, and lower case letter';
const GENERIC = 'An error has occurred in your submission. Please try again, and if the problem persists contact our team';

describe('error catalogue (rules §8)', () => {
  it('maps change-password errors', () => {
    expect(changePasswordErrorMessage(poolError('NotAuthorizedException', 'Incorrect username or password.'))).toBe('Current password is incorrect.');
    expect(changePasswordErrorMessage(poolError('InvalidPasswordException', 'Password does not conform to policy'))).toBe(POLICY);
    expect(changePasswordErrorMessage(poolError('InvalidParameterException', '1 validation error detected'))).toBe(POLICY);
    expect(changePasswordErrorMessage(poolError('LimitExceededException', 'Attempt limit exceeded'))).toBe(GENERIC);
    expect(changePasswordErrorMessage(new TypeError('Failed to fetch'))).toBe(GENERIC);
    expect(newPasswordErrorMessage(poolError('InvalidPasswordException', 'x'))).toBe(POLICY);
    expect(newPasswordErrorMessage(poolError('NotAuthorizedException', 'Invalid session for the user, session is expired.'))).toBe(GENERIC);
  });

  it('maps forgot-password and retrieve-account errors', () => {
    expect(forgotPasswordErrorMessage(poolError('UserNotFoundException', 'Username/client id combination not found.'))).toBe(
      'Sorry, it does not look like that email is on record. Please check that you have spelled your email correctly and contact our team if the problem persists.',
    );
    expect(forgotPasswordErrorMessage(poolError('LimitExceededException', 'Attempt limit exceeded'))).toBe(GENERIC);
    expect(retrieveAccountErrorMessage(poolError('UserNotFoundException', 'x'))).toBe('Could not find user with specified email.');
    expect(retrieveAccountErrorMessage(poolError('CodeMismatchException', 'x'))).toBe('Verification code is incorrect.');
    expect(retrieveAccountErrorMessage(poolError('InvalidPasswordException', 'x'))).toBe(POLICY);
    expect(retrieveAccountErrorMessage(poolError('ExpiredCodeException', 'x'))).toBe(GENERIC);
  });

  it("shows the provider's message for a login failure", () => {
    expect(loginErrorMessage(poolError('NotAuthorizedException', 'Incorrect username or password.'))).toBe('Incorrect username or password.');
    expect(loginErrorMessage(poolError('NotAuthorizedException', 'Password attempts exceeded'))).toBe('Password attempts exceeded');
  });

  it('says when a paused account may try again: by the clock when the pause is known, else in a few minutes', () => {
    const locked = poolError('NotAuthorizedException', 'Password attempts exceeded');
    const now = new Date(2026, 10, 26, 16, 50);
    const at = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(new Date(2026, 10, 26, 17, 5));
    expect(loginErrorMessage(locked, { minutes: 15, now })).toBe(`Password attempts exceeded. For your security, sign-in to this account is paused: try again after ${at}, or reset your password.`);
    expect(loginErrorMessage(locked, { minutes: null, now })).toBe('Password attempts exceeded. For your security, sign-in to this account is paused: try again in a few minutes, or reset your password.');
    // Other failures are the provider's own message still.
    expect(loginErrorMessage(poolError('NotAuthorizedException', 'Incorrect username or password.'), { minutes: 15, now })).toBe('Incorrect username or password.');
  });

  it('recognises the session-invalid messages exactly', () => {
    for (const message of ['Access Token has been revoked', 'Refresh Token has been revoked', 'Refresh Token has expired', 'User is disabled.', 'User does not exist.']) {
      expect(isSessionInvalid(poolError('NotAuthorizedException', message)), message).toBe(true);
    }
    expect(isSessionInvalid(poolError('NotAuthorizedException', 'Incorrect username or password.'))).toBe(false);
    expect(isSessionInvalid(new Error('User is disabled'))).toBe(false);
    expect(isSessionInvalid(null)).toBe(false);
  });
});

describe('second-factor and device errors (rules §8)', () => {
  it('maps a refused device setting and a network failure, and anything else to the generic message', () => {
    expect(deviceErrorMessage(poolError('InvalidParameterException', 'Invalid device key given.'))).toBe(MESSAGES.deviceConfig);
    expect(deviceErrorMessage(poolError('NetworkError', 'A network error has occurred.'))).toBe(MESSAGES.network);
    expect(deviceErrorMessage(poolError('ResourceNotFoundException', 'Device does not exist.'))).toBe(MESSAGES.securityGeneric);
  });

  it('says what to do about a refused authenticator code, instead of the pool\'s "Invalid code received for user"', () => {
    expect(codeErrorMessage(poolError('CodeMismatchException', 'Invalid code received for user'))).toBe(MESSAGES.authenticatorCodeWrong);
    expect(codeErrorMessage(poolError('EnableSoftwareTokenMFAException', 'Code mismatch'))).toBe(MESSAGES.authenticatorCodeWrong);
    expect(codeErrorMessage(poolError('ExpiredCodeException', 'Your session has expired.'))).toBe('Your session has expired.');
    expect(codeErrorMessage(poolError('NetworkError', 'A network error has occurred.'))).toBe(MESSAGES.network);
    expect(codeErrorMessage({})).toBe(MESSAGES.securityGeneric);
  });
});
