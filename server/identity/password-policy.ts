import { CognitoError } from './errors';

/**
 * The password policy of rules §5: at least 12 characters with a number, a special character, an
 * upper-case and a lower-case letter. Failures read as Cognito words them for ChangePassword,
 * ConfirmForgotPassword and NEW_PASSWORD_REQUIRED ("Password does not conform to policy: ..."),
 * first failing rule only, as Cognito reports it.
 */
export const MIN_PASSWORD_LENGTH = 12;
/** Cognito's limit on password length. */
export const MAX_PASSWORD_LENGTH = 256;

/** Cognito's special characters; a space inside the password also counts (leading/trailing spaces are refused). */
const SPECIAL = new Set('^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+- ');

export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'Password not long enough';
  if (!/[A-Z]/.test(password)) return 'Password must have uppercase characters';
  if (!/[a-z]/.test(password)) return 'Password must have lowercase characters';
  if (!/[0-9]/.test(password)) return 'Password must have numeric characters';
  if (![...password].some((char) => SPECIAL.has(char))) return 'Password must have symbol characters';
  return null;
}

/**
 * Throws InvalidParameterException for a password Cognito would refuse on shape (length, outer
 * whitespace) and InvalidPasswordException for one that breaks the policy.
 */
export function assertPasswordAllowed(password: string, field = 'password'): void {
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new CognitoError(
      'InvalidParameterException',
      `1 validation error detected: Value at '${field}' failed to satisfy constraint: Member must have length less than or equal to ${MAX_PASSWORD_LENGTH}`,
    );
  }
  if (/^\s|\s$/.test(password)) {
    throw new CognitoError(
      'InvalidParameterException',
      `1 validation error detected: Value at '${field}' failed to satisfy constraint: Member must satisfy regular expression pattern: ^[\\S]+.*[\\S]+$`,
    );
  }
  const problem = passwordProblem(password);
  if (problem) throw new CognitoError('InvalidPasswordException', `Password does not conform to policy: ${problem}`);
}
