import { z } from './zod';
import { DEFAULT_MOST_FREQUENT, MAX_MOST_FREQUENT } from './block';
import { DEFAULT_SESSION_IDLE_MINUTES, MAX_SESSION_IDLE_MINUTES } from './session';

/**
 * `GET /api/config`: what a client needs to know before anyone signs in, published by the server
 * so one build of the app runs against any deployment.
 * - `apiBase`: where the REST API lives; a path is relative to the config's own URL.
 * - `userPool`: the pool Amplify signs in against; `endpoint` is the built-in pool's (`<origin>/identity`,
 *   absolute or a path), left out for AWS Cognito, whose endpoint Amplify derives from the pool id.
 * - `numMostFreqAutoResponses`: how many blocks Home's Frequently Used group asks for (rules §9).
 * - `sessionIdleMinutes`: how long without interaction ends a usage session (rules §4 leaves it open).
 * - `signInLockoutMinutes`: how long the built-in pool refuses an account after repeated wrong
 *   passwords, for the sign-in screen; absent for AWS Cognito.
 * - `mail`: `sent`, `held` (no mail server in development: the outbox keeps it) or `off` (none on
 *   purpose); the admin app says so when inviting. `sent` when a server does not say.
 * - `sso`: the work-account provider or null; its endpoints when the server knows them (its own
 *   stand-in), else the client reads the provider's discovery document.
 */
export const clientConfig = z.object({
  apiBase: z.string().min(1),
  userPool: z.object({
    poolId: z.string().regex(/^[\w-]+_[0-9a-zA-Z]+$/, 'must look like <region>_<name>'),
    clientId: z.string().min(1),
    endpoint: z.string().min(1).optional(),
  }),
  sso: z
    .object({
      authority: z.url(),
      clientId: z.string().min(1),
      authorizationEndpoint: z.url().optional(),
      endSessionEndpoint: z.url().optional(),
    })
    .nullable(),
  numMostFreqAutoResponses: z.number().int().min(1).max(MAX_MOST_FREQUENT).default(DEFAULT_MOST_FREQUENT),
  sessionIdleMinutes: z.number().int().min(1).max(MAX_SESSION_IDLE_MINUTES).default(DEFAULT_SESSION_IDLE_MINUTES),
  signInLockoutMinutes: z.number().int().min(1).max(24 * 60).optional(),
  mail: z.enum(['sent', 'held', 'off']).default('sent'),
});
export type ClientConfig = z.infer<typeof clientConfig>;
