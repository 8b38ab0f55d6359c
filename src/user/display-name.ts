/**
 * The signed-in user's display name: what `{{me.name}}` fills in and Settings shows. It travels
 * in the ID token's `name` claim: a work account's comes from the organisation's provider; a
 * password (user-pool) account's is the `name` attribute the user sets in Settings. Saving it
 * refreshes the session at once, so the new token (and the name) is used without signing out.
 */
import { useCallback } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { decodeJwt } from 'jose';
import { useAuthServices } from '../auth/auth-services';
import { authAtom, signedInState } from '../state/auth';

/** The `name` claim of an ID token, or undefined (none, or not a token: a stored session's placeholder). */
export function idTokenName(idToken: string): string | undefined {
  if (!idToken) return undefined;
  try {
    const name = decodeJwt(idToken).name;
    return typeof name === 'string' && name.trim() ? name : undefined;
  } catch {
    return undefined;
  }
}

/** The held ID token's name, or undefined. */
export function useDisplayName(): string | undefined {
  return idTokenName(useAtomValue(authAtom).idToken);
}

/**
 * Saves a password user's display name (empty removes it) and publishes a fresh ID token that
 * carries it. Null when the app has no user pool (work accounts only). Rejects with the pool's
 * error (Amplify's, named like Cognito's) when the name is refused.
 */
export function useSaveDisplayName(): ((name: string) => Promise<void>) | null {
  const { userPool } = useAuthServices();
  const setAuth = useSetAtom(authAtom);
  const save = useCallback(
    async (name: string) => {
      if (!userPool) return;
      await userPool.updateDisplayName({ name });
      const session = await userPool.fetchAuthSession({ forceRefresh: true });
      if (!session) return;
      setAuth((current) =>
        current.status === 'signed-in' && current.source === 'cognito' ? signedInState('cognito', session.idToken, session.expiresAt) : current,
      );
    },
    [userPool, setAuth],
  );
  return userPool ? save : null;
}
