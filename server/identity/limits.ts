/**
 * The pool's brute-force and abuse limits, and the caps that enforce the per-address and
 * per-username ones. Every cap is counted in PostgreSQL, in fixed windows every instance shares
 * (`identity_rate_windows`), so a caller spread over instances meets the same cap as one that
 * reaches a single instance; each instance also keeps its own count of the same windows in memory
 * and refuses without a query once that alone is over the cap (an instance's count can never pass
 * the shared one), so a flood at one instance costs the database nothing. The per-user lockout is
 * in the database too (lockout.ts). The counting itself is in caps.ts.
 */
import { limitKeyOf } from '../http/client-address';
import { attemptLimitExceeded, tooManyRequests, type CognitoError } from './errors';
export interface PoolLimits {
  /** Failed sign-ins for one username within `failureWindowSeconds` that lock it... */
  maxFailedSignIns: number;
  failureWindowSeconds: number;
  /** ...for this long (NotAuthorizedException "Password attempts exceeded"). */
  lockoutSeconds: number;
  /** Password sign-ins (InitiateAuth) one address may start per window (TooManyRequestsException). */
  signInsPerIp: number;
  /** Password sign-ins one username may be the subject of per window (TooManyRequestsException). */
  signInsPerUsername: number;
  /** Challenge answers (RespondToAuthChallenge) one address may send per window (TooManyRequestsException). */
  challengeAnswersPerIp: number;
  signInWindowSeconds: number;
  /** ForgotPassword calls one address may make per window (LimitExceededException). */
  codeRequestsPerIp: number;
  /** Reset codes one username may be sent per window (LimitExceededException). */
  codeRequestsPerUser: number;
  /** ConfirmForgotPassword calls one address may make per window (LimitExceededException). */
  codeChecksPerIp: number;
  /** ConfirmForgotPassword calls for one username per window (LimitExceededException). */
  codeChecksPerUser: number;
  codeRequestWindowSeconds: number;
  /** A reset code's lifetime, and how many wrong guesses it survives. */
  codeSeconds: number;
  codeAttempts: number;
  /** How long a sign-in challenge (SRP exchange, new-password session) waits for its answer. */
  sessionSeconds: number;
  /** How long a temporary password (an invitation's) signs in; then an administrator sets a new one. */
  temporaryPasswordSeconds: number;
}

/** The product's policy (server/identity/README.md, "Security notes"); tests shrink them. */
export const DEFAULT_LIMITS: PoolLimits = {
  maxFailedSignIns: 5,
  failureWindowSeconds: 15 * 60,
  lockoutSeconds: 15 * 60,
  signInsPerIp: 100,
  signInsPerUsername: 30,
  challengeAnswersPerIp: 100,
  signInWindowSeconds: 10 * 60,
  codeRequestsPerIp: 10,
  codeRequestsPerUser: 5,
  codeChecksPerIp: 30,
  codeChecksPerUser: 10,
  codeRequestWindowSeconds: 60 * 60,
  codeSeconds: 60 * 60,
  codeAttempts: 5,
  sessionSeconds: 3 * 60,
  // Cognito's default for an admin-created user's temporary password.
  temporaryPasswordSeconds: 7 * 24 * 60 * 60,
};

/** One cap: how many events per window, and the error a caller over it gets. */
export interface Cap {
  /** Names the cap in the shared counters' keys. */
  name: string;
  limit: number;
  windowSeconds: number;
  refusal: () => CognitoError;
  /** Counts keys in groups: an address's /64 for IPv6 (client-address.ts `limitKeyOf`). */
  keyOf?: (key: string) => string;
}

/** The caps of the operations callers reach without signing in, by what they count. */
export interface PoolCaps {
  signInsByIp: Cap;
  signInsByUsername: Cap;
  challengeAnswersByIp: Cap;
  codeRequestsByIp: Cap;
  codeRequestsByUsername: Cap;
  codeChecksByIp: Cap;
  codeChecksByUsername: Cap;
}

export function createCaps(limits: PoolLimits): PoolCaps {
  const cap = (name: string, limit: number, windowSeconds: number, refusal: () => CognitoError): Cap => ({ name, limit, windowSeconds, refusal });
  const byAddress = (name: string, limit: number, windowSeconds: number, refusal: () => CognitoError): Cap => ({ ...cap(name, limit, windowSeconds, refusal), keyOf: limitKeyOf });
  const signIn = limits.signInWindowSeconds;
  const codes = limits.codeRequestWindowSeconds;
  return {
    signInsByIp: byAddress('sign-ins by address', limits.signInsPerIp, signIn, tooManyRequests),
    signInsByUsername: cap('sign-ins by username', limits.signInsPerUsername, signIn, tooManyRequests),
    challengeAnswersByIp: byAddress('challenge answers by address', limits.challengeAnswersPerIp, signIn, tooManyRequests),
    codeRequestsByIp: byAddress('code requests by address', limits.codeRequestsPerIp, codes, attemptLimitExceeded),
    codeRequestsByUsername: cap('code requests by username', limits.codeRequestsPerUser, codes, attemptLimitExceeded),
    codeChecksByIp: byAddress('code checks by address', limits.codeChecksPerIp, codes, attemptLimitExceeded),
    codeChecksByUsername: cap('code checks by username', limits.codeChecksPerUser, codes, attemptLimitExceeded),
  };
}

/** Most (cap, key) windows an instance remembers; past it the oldest are dropped (memory stays bounded). */
const MAX_LOCAL_WINDOWS = 10_000;

/** This instance's count of the shared windows, by cap and key. */
export class LocalWindows {
  private readonly windows = new Map<string, { start: number; count: number }>();
  lastSweep = 0;

  /** Events this instance counted for `id` in the window starting at `start`. */
  count(id: string, start: number): number {
    const entry = this.windows.get(id);
    return entry && entry.start === start ? entry.count : 0;
  }

  add(id: string, start: number): void {
    const entry = this.windows.get(id);
    if (entry && entry.start === start) {
      entry.count += 1;
      return;
    }
    this.windows.delete(id);
    if (this.windows.size >= MAX_LOCAL_WINDOWS) {
      const oldest = this.windows.keys().next();
      if (!oldest.done) this.windows.delete(oldest.value);
    }
    this.windows.set(id, { start, count: 1 });
  }
}
