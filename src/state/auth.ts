import { atom } from 'jotai';

/**
 * Where sign-in stands. `unknown` while stored tokens are being checked at start-up, so guarded
 * routes wait instead of flashing the login screen to a user who is in fact signed in.
 */
export type AuthStatus = 'unknown' | 'signed-out' | 'signed-in';

/** Which identity service signed the user in (rules §3 "Identity provider source"). */
export type AuthSource = 'cognito' | 'microsoft';

export interface AuthState {
  status: AuthStatus;
  source: AuthSource | null;
  /**
   * The ID token every API request carries as its bearer. Empty when none is held: logout resets
   * it to empty (rules §4), and "if it is absent, the user is null", so nothing loads for it.
   */
  idToken: string;
  /** When `idToken` expires, in ms since the epoch; the refresh is scheduled 60 s before (rules §4). */
  idTokenExpiresAt: number | null;
}

export const SIGNED_OUT: Readonly<AuthState> = Object.freeze({ status: 'signed-out', source: null, idToken: '', idTokenExpiresAt: null });

/** The state of a user signed in by `source` with an ID token valid until `expiresAt` (ms). */
export function signedInState(source: AuthSource, idToken: string, expiresAt: number | null): AuthState {
  return { status: 'signed-in', source, idToken, idTokenExpiresAt: expiresAt };
}

export const authAtom = atom<AuthState>({ ...SIGNED_OUT, status: 'unknown' });

/**
 * Why the last session ended when the server refused it (a session-invalid error such as
 * "User is disabled."): the login screen shows it until the user tries again.
 */
export const signedOutNoticeAtom = atom<string | null>(null);
