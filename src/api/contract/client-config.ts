import { z } from './zod';
import { DEFAULT_MOST_FREQUENT, MAX_MOST_FREQUENT } from './block';
import { DEFAULT_SESSION_IDLE_MINUTES, MAX_SESSION_IDLE_MINUTES } from './session';

/**
 * `GET /api/config`: what a client needs to know before anyone signs in, published by the server
 * so one build of the app runs against any deployment.
 *
 * - `apiBase`: where the REST API lives; a path is taken relative to the config's own URL.
 * - `userPool`: the user pool Amplify signs in against. `endpoint` is the pool's Cognito-protocol
 *   endpoint (the built-in pool's `<origin>/identity`, absolute or as a path); it is left out for a
 *   real AWS Cognito pool, whose endpoint Amplify derives from the pool id's region.
 * - `numMostFreqAutoResponses`: how many blocks Home's Frequently Used group asks for (spec §9).
 * - `sessionIdleMinutes`: how long without interaction ends a usage session (spec §4 leaves it open).
 * - `signInLockoutMinutes`: how long the built-in pool refuses an account after repeated wrong
 *   passwords, so the sign-in screen can say when to try again; absent for AWS Cognito.
 * - `mail`: what becomes of the mail the server queues: `sent`, `held` (a development server
 *   without a mail server: it waits in the outbox) or `off` (the deployment sends none on purpose).
 *   The admin app says so when inviting; `sent` when a server does not say.
 * - `sso`: the work-account provider, or null when single sign-on is not configured. Its
 *   `authorizationEndpoint` and `endSessionEndpoint` are given when the server knows them (its own
 *   stand-in provider); otherwise the client reads them from the provider's discovery document.
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
