import { atom } from 'jotai';
import type { TotpSetup } from '../auth/user-pool';

/**
 * The authenticator app a sign-in is setting up (the account requires a second factor and the user
 * has none yet): set when the pool asks for the setup, read by the setup screen, and dropped when
 * the sign-in finishes or is left. Kept in memory only: the secret is never stored.
 */
export const pendingAuthenticatorSetupAtom = atom<TotpSetup | null>(null);
