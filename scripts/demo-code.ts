/**
 * Prints the current authenticator code of the demo user who signs in with one
 * (`avery@aldercounty.example`), from the demo secret in server/seed/demo-data.ts:
 *
 *   npm run -s demo:code
 *
 * Codes change every 30 seconds; the line says how long this one has left.
 */
import { DEMO_AUTHENTICATOR } from '../server/seed/demo-data';
import { TOTP_PERIOD_SECONDS, totpCode } from '../server/identity/totp';

const now = new Date();
const left = TOTP_PERIOD_SECONDS - (Math.floor(now.getTime() / 1000) % TOTP_PERIOD_SECONDS);
console.log(`${totpCode(DEMO_AUTHENTICATOR.secret, now)}  (${DEMO_AUTHENTICATOR.email}, ${left} s left)`);
