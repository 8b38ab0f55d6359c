/**
 * The form rules of rules §5 for sign-in and passwords, as pure functions from committed values to
 * a message per field (absent when the field is fine). The messages are the spec's, verbatim.
 */

/** Minimum password length (rules §9). */
export const MIN_PASSWORD_LENGTH = 12;

export const VALIDATION = {
  emailRequired: 'Email is required.',
  passwordRequired: 'Password is required.',
  emailWhitespace: 'Email should not contain whitespace.',
  currentPasswordRequired: 'Current password is required.',
  newPasswordMismatch: 'New Password and new password confirmation do not match',
  newPasswordMissing: 'Must provide value for new password and new password confirmation',
  newPasswordTooShort: 'New password must be at least 12 chars long',
  resetPasswordMismatch: 'New Password and Confirm New Password fields do not match.',
  resetPasswordMissing: 'Please ensure new password and confirm new password fields are filled out',
  verificationCodeRequired: 'Please provide verification code',
  forgotPasswordEmailMissing: 'Please provide your email in the field above.',
  /** Not in the spec's catalogue: the code of an authenticator app (multi-factor sign-in). */
  authenticatorCodeRequired: 'Enter the 6-digit code from your authenticator app.',
  authenticatorCodeShape: 'The code is 6 digits, as your authenticator app shows it.',
} as const;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/**
 * A field's problem as a sentence. The API's contract words a field's problem as a predicate
 * ("must not be empty", "must be at most 200 characters"), so the server can name the field by its
 * path; a form says it of what the user sees: "Category 2 must not be empty." A message that is
 * already a sentence (it starts with a capital letter, as the spec's messages do) is kept exactly.
 */
export function fieldSentence(subject: string, message: string): string {
  if (!/^[a-z]/.test(message)) return message;
  const sentence = `${subject} ${message}`;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.values(errors).some(Boolean);
}

/** Login email: required, and no whitespace anywhere (a pasted address often carries a space). */
export function validateLoginEmail(email: string): string | undefined {
  if (email === '') return VALIDATION.emailRequired;
  if (/\s/.test(email)) return VALIDATION.emailWhitespace;
  return undefined;
}

export function validateLoginPassword(password: string): string | undefined {
  return password === '' ? VALIDATION.passwordRequired : undefined;
}

export function validateLogin(values: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  return { email: validateLoginEmail(values.email), password: validateLoginPassword(values.password) };
}

export function validateChangePassword(values: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}): FieldErrors<'currentPassword' | 'newPassword' | 'confirmPassword'> {
  const errors: FieldErrors<'currentPassword' | 'newPassword' | 'confirmPassword'> = {};
  if (values.currentPassword === '') errors.currentPassword = VALIDATION.currentPasswordRequired;
  if (values.newPassword === '' || values.confirmPassword === '') errors.newPassword = VALIDATION.newPasswordMissing;
  else if (values.newPassword !== values.confirmPassword) errors.confirmPassword = VALIDATION.newPasswordMismatch;
  return errors;
}

export function validateFirstTimePassword(values: { newPassword: string; confirmPassword: string }): FieldErrors<'newPassword' | 'confirmPassword'> {
  const errors: FieldErrors<'newPassword' | 'confirmPassword'> = {};
  if (values.newPassword.length < MIN_PASSWORD_LENGTH) errors.newPassword = VALIDATION.newPasswordTooShort;
  if (values.newPassword !== values.confirmPassword) errors.confirmPassword = VALIDATION.newPasswordMismatch;
  return errors;
}

export function validateRetrieveAccount(values: {
  email: string;
  code: string;
  newPassword: string;
  confirmPassword: string;
}): FieldErrors<'email' | 'code' | 'newPassword' | 'confirmPassword'> {
  const errors: FieldErrors<'email' | 'code' | 'newPassword' | 'confirmPassword'> = {};
  const email = validateLoginEmail(values.email);
  if (email) errors.email = email;
  if (values.code.trim() === '') errors.code = VALIDATION.verificationCodeRequired;
  if (values.newPassword === '' || values.confirmPassword === '') errors.newPassword = VALIDATION.resetPasswordMissing;
  else {
    if (values.newPassword.length < MIN_PASSWORD_LENGTH) errors.newPassword = VALIDATION.newPasswordTooShort;
    if (values.newPassword !== values.confirmPassword) errors.confirmPassword = VALIDATION.resetPasswordMismatch;
  }
  return errors;
}

/** A code as authenticator apps show it, spaces or a dash in the middle allowed: its 6 digits, or null. */
export function authenticatorCodeDigits(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** The code of an authenticator app: required, and 6 digits. */
export function validateAuthenticatorCode(values: { code: string }): FieldErrors<'code'> {
  if (values.code.trim() === '') return { code: VALIDATION.authenticatorCodeRequired };
  return authenticatorCodeDigits(values.code) ? {} : { code: VALIDATION.authenticatorCodeShape };
}
