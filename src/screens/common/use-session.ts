/**
 * Where the sign-in flows of `src/auth` meet the app's state: the auth atom, the query cache and
 * the location. `src/auth` cannot import app state (folder rules), so the glue lives here, shared
 * by the screens and by the app's providers.
 */
import { useCallback, useEffect, useEffectEvent, useMemo } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { fetchUserInfo, userInfoQueryKey, useUserInfo } from '../../api/user-info';
import { useAuthServices } from '../../auth/auth-services';
import { endSession, restoreSession, useTokenRefresh } from '../../auth/session';
import { routeAfterSignIn, type SignInDeps, type SignInOutcome } from '../../auth/sign-in-flow';
import { SIGNED_OUT, authAtom, signedInState } from '../../state/auth';
import { useHost } from '../../state/host-context';
import { navigate } from '../../state/location';

/**
 * Logout (spec §4): clears all local storage, signs out of the pool, drops every cached server
 * answer of this user, resets the token to empty and goes to login.
 */
export function useLogout(): () => Promise<void> {
  const host = useHost();
  const { userPool } = useAuthServices();
  const setAuth = useSetAtom(authAtom);
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await endSession(host.storage, userPool);
    } catch (error) {
      console.warn('Clearing local storage at logout failed', error);
    } finally {
      queryClient.clear();
      // Location first: the guard of a signed-in-only screen would otherwise redirect on its own.
      navigate('login');
      setAuth(SIGNED_OUT);
    }
  }, [host, userPool, setAuth, queryClient]);
}

/** What the sign-in flows need, or null when the server publishes no user pool. */
export function useSignInDeps(): SignInDeps | null {
  const { userPool, api } = useAuthServices();
  return useMemo(() => (userPool ? { userPool, fetchUser: (idToken: string) => fetchUserInfo(api, { idToken }) } : null), [userPool, api]);
}

/**
 * Applies a sign-in outcome: goes where the spec says, publishes the token, and keeps the user the
 * flow already loaded. Returns the message to show when the user stays on the form.
 */
export function useApplySignInOutcome(): (outcome: SignInOutcome) => string | null {
  const setAuth = useSetAtom(authAtom);
  const queryClient = useQueryClient();
  return useCallback(
    (outcome: SignInOutcome) => {
      if (outcome.kind === 'signed-in') queryClient.setQueryData(userInfoQueryKey, outcome.user);
      const route = routeAfterSignIn(outcome);
      // Location before the token: a guest screen seeing a signed-in user would send it home first.
      if (route) navigate(route);
      if (outcome.kind === 'signed-in' || outcome.kind === 'user-not-found') {
        setAuth(signedInState('cognito', outcome.session.idToken, outcome.session.expiresAt));
      }
      return outcome.kind === 'challenge' ? outcome.message : null;
    },
    [setAuth, queryClient],
  );
}

/**
 * The session's life in the app, mounted once by the providers: restores it at start (the auth
 * state is `unknown` until then), keeps the user-pool token fresh, logs out when the session ends,
 * and loads the user while a token is held, going to could-not-find-user when that fails (§8).
 */
export function useSessionKeeper(): void {
  const { userPool, api } = useAuthServices();
  const [auth, setAuth] = useAtom(authAtom);
  const logout = useLogout();

  const restoring = auth.status === 'unknown';
  useEffect(() => {
    if (!restoring) return;
    let cancelled = false;
    void restoreSession(userPool).then((session) => {
      if (cancelled) return;
      setAuth(session ? signedInState('cognito', session.idToken, session.expiresAt) : SIGNED_OUT);
    });
    return () => {
      cancelled = true;
    };
  }, [restoring, userPool, setAuth]);

  const poolSignedIn = auth.status === 'signed-in' && auth.source === 'cognito';
  useTokenRefresh(poolSignedIn ? userPool : null, poolSignedIn ? auth.idTokenExpiresAt : null, {
    onRefreshed: (session) =>
      setAuth((current) => (current.status === 'signed-in' ? signedInState('cognito', session.idToken, session.expiresAt) : current)),
    onSessionEnded: () => void logout(),
  });

  const userInfo = useUserInfo(api, { enabled: auth.status === 'signed-in' && auth.idToken !== '' });
  const userInfoFailed = userInfo.isError;
  const onUserInfoFailed = useEffectEvent(() => {
    console.warn('GET /user-info failed', userInfo.error);
    navigate('could-not-find-user');
  });
  // Only the change to failed navigates: retries replace the error object without news.
  useEffect(() => {
    if (userInfoFailed) onUserInfoFailed();
  }, [userInfoFailed]);
}
