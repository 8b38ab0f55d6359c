/**
 * The pool's brute-force and abuse limits, and the in-memory caps that enforce the per-address and
 * per-username ones. Every cap is checked before the operation reads the database, so a refused
 * request costs no query; the per-user lockout, which must hold across instances, is in the
 * database (lockout.ts).
 */
import { WindowCounter } from '../rate-limit';
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
};

/** One cap: a counter and the error a caller over it gets. */
export interface Cap {
  counter: WindowCounter;
  refusal: () => CognitoError;
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
  const cap = (limit: number, windowSeconds: number, refusal: () => CognitoError): Cap => ({
    counter: new WindowCounter(limit, windowSeconds * 1000),
    refusal,
  });
  const signIn = limits.signInWindowSeconds;
  const codes = limits.codeRequestWindowSeconds;
  return {
    signInsByIp: cap(limits.signInsPerIp, signIn, tooManyRequests),
    signInsByUsername: cap(limits.signInsPerUsername, signIn, tooManyRequests),
    challengeAnswersByIp: cap(limits.challengeAnswersPerIp, signIn, tooManyRequests),
    codeRequestsByIp: cap(limits.codeRequestsPerIp, codes, attemptLimitExceeded),
    codeRequestsByUsername: cap(limits.codeRequestsPerUser, codes, attemptLimitExceeded),
    codeChecksByIp: cap(limits.codeChecksPerIp, codes, attemptLimitExceeded),
    codeChecksByUsername: cap(limits.codeChecksPerUser, codes, attemptLimitExceeded),
  };
}

/**
 * Counts one request against each cap, in order, and throws the first cap's refusal that is full.
 * A request refused by one cap is not counted by the caps after it.
 */
export function admit(at: Date, ...checks: Array<[Cap, string]>): void {
  for (const [cap, key] of checks) {
    if (!cap.counter.take(key, at.getTime())) throw cap.refusal();
  }
}
