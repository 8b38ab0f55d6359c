/**
 * Authenticator-app codes: RFC 6238 TOTP with SHA-1, 30-second steps and 6 digits (what every
 * authenticator app and Cognito use), a code accepted one step early or late for clock drift.
 * A code is accepted once: the user's last accepted step is kept, and no step at or before it
 * counts again, so a code seen over a shoulder or in a log cannot be replayed.
 */
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_SECONDS = 30;
/** 160 bits, as RFC 4226 recommends and Cognito issues. */
const SECRET_BYTES = 20;

/** A new secret, base32 without padding (what SecretCode carries and authenticator apps take). */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

const totpOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS });

/** The time step a moment falls in. */
export const stepAt = (at: Date) => Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/**
 * The step of the code, when `code` is right for `secret` at `at` (±1 step) and newer than
 * `lastStep`; null otherwise.
 */
export function acceptedStep(secret: string, code: string, at: Date, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: at.getTime(), window: 1 });
  if (delta === null) return null;
  const step = stepAt(at) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The code for `secret` at `at` (the demo script and tests). */
export function totpCode(secret: string, at: Date): string {
  return totpOf(secret).generate({ timestamp: at.getTime() });
}
