import { atom } from 'jotai';

/**
 * Where sign-in stands. `unknown` while stored tokens are being checked at start-up, so guarded
 * routes wait instead of flashing the login screen to a user who is in fact signed in.
 */
export type AuthStatus = 'unknown' | 'signed-out' | 'signed-in';

export interface AuthState {
  status: AuthStatus;
  /** Which identity service signed the user in (spec §3 "Identity provider source"). */
  source: 'cognito' | 'microsoft' | null;
}

export const authAtom = atom<AuthState>({ status: 'signed-out', source: null });
