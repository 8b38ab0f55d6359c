/**
 * Where the sign-in flows of `src/auth` meet the app's state: the auth atom, the query cache and
 * the location. `src/auth` cannot import app state (folder rules), so the glue lives here, shared
 * by the screens and by the app's providers.
 */
import { useCallback, useEffect, useEffectEvent, useMemo, useRef } from 'react';
import { useAtom, useSetAtom, useStore } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { HostError, type HostPlatform } from '../../hosts/host';
import { fetchUserInfo, userInfoQueryKey, useUserInfo } from '../api/user-info';
import { useAuthServices, type AuthServices } from '../auth/auth-services';
import { MESSAGES, isSessionInvalid } from '../auth/errors';
import { endSession, refreshPoolSession, refreshWorkAccountSession, restoreSession, useTokenRefresh } from '../auth/token-lifecycle';
import { lookUpUser, routeAfterSignIn, type SignInDeps, type SignInOutcome } from '../auth/sign-in-flow';
import { SsoError, signInWithWorkAccount, signOutOfWorkAccount, storeTokens, tokenExpiry, type SsoTokens } from '../auth/sso';
import { SIGNED_OUT, authAtom, signedInState, signedOutNoticeAtom, type AuthSource, type AuthState } from '../state/auth';
import { keepLiveWork, keptWorkAtom, keptWorkPathFor, workOwner } from '../state/kept-work';
import { usePlatform } from '../state/host-context';
import { navigate, usePath } from '../state/location';
import { useOutboxAtLogout } from '../tracking/usage-tracking';
import { useStoreCurrentUser } from './current-user';
import { pendingAuthenticatorSetupAtom } from './pending-authenticator';

/**
 * Why a logout happens: the user asked (a work-account user is then also signed out of the
 * provider, in the logout-landing pop-up), or the session could not be kept (nothing is opened).
 */
export type LogoutReason = 'user' | 'session-ended';

/**
 * Logout (rules §4): clears all local storage, signs out of the pool (or opens logout-landing for a
 * work-account user), drops every cached server answer of this user, resets the token to empty and
 * goes to login. A session that ended keeps what its forms held, in memory, for the same user's
 * next sign-in here (`src/state/kept-work.ts`); a logout the user asked for drops it.
 */
export function useLogout(): (reason?: LogoutReason) => Promise<void> {
  const host = usePlatform();
  const { userPool, api, sso, fetch } = useAuthServices();
  const store = useStore();
  const queryClient = useQueryClient();
  const outbox = useOutboxAtLogout();
  return useCallback(
    async (reason: LogoutReason = 'user') => {
      const source = store.get(authAtom).source;
      if (reason === 'session-ended') keepLiveWork(store);
      else store.set(keptWorkAtom, null);
      // Opened before anything is awaited, while the click still counts as the user's: browsers
      // block pop-ups that open later. It needs nothing from storage, which is cleared meanwhile.
      if (source === 'microsoft' && reason === 'user' && sso) void signOutOfWorkAccount({ host, api, settings: sso, fetch });
      // Records of block uses outlive the clearing of local storage: sent first (while the token
      // still works, so not when the session has already ended), or kept for the next sign-in.
      const unsent = await outbox.beforeClear({ send: reason === 'user' });
      try {
        await endSession(host.storage, source === 'microsoft' ? null : userPool);
      } catch (error) {
        console.warn('Clearing local storage at logout failed', error);
      } finally {
        await outbox.afterClear(unsent);
        queryClient.clear();
        // Location first: the guard of a signed-in-only screen would otherwise redirect on its own.
        navigate('login');
        store.set(authAtom, SIGNED_OUT);
      }
    },
    [host, userPool, api, sso, fetch, store, queryClient, outbox],
  );
}

/**
 * Ends a session the server refused for good (rules §8's session-invalid errors, "User is
 * disabled." above all): signs out and leaves the reason for the login screen. False for any other
 * error, which the caller handles.
 */
function useEndRefusedSession(): (error: unknown) => boolean {
  const store = useStore();
  const logout = useLogout();
  return useCallback(
    (error: unknown) => {
      if (!isSessionInvalid(error)) return false;
      store.set(signedOutNoticeAtom, (error as Error).message);
      void logout('session-ended');
      return true;
    },
    [store, logout],
  );
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
export function useApplySignInOutcome(): (outcome: SignInOutcome, source?: AuthSource) => string | null {
  const setAuth = useSetAtom(authAtom);
  const setPendingSetup = useSetAtom(pendingAuthenticatorSetupAtom);
  const queryClient = useQueryClient();
  const store = useStore();
  const endRefusedSession = useEndRefusedSession();
  return useCallback(
    (outcome: SignInOutcome, source: AuthSource = 'cognito') => {
      // A disabled person is told so, not that no user was found.
      if (outcome.kind === 'user-not-found' && endRefusedSession(outcome.error)) return null;
      if (outcome.kind === 'signed-in') queryClient.setQueryData(userInfoQueryKey, outcome.user);
      setPendingSetup(outcome.kind === 'setup-required' ? outcome.setup : null);
      const signedIn = outcome.kind === 'signed-in';
      // Back to the screen where the session ended, when this user's typing was kept there.
      const route = (signedIn ? keptWorkPathFor(store, workOwner(source, outcome.session.idToken)) : null) ?? routeAfterSignIn(outcome);
      // Location before the token: a guest screen seeing a signed-in user would send it home first.
      if (route) navigate(route);
      if (signedIn || outcome.kind === 'user-not-found') {
        setAuth(signedInState(source, outcome.session.idToken, outcome.session.expiresAt));
      }
      return outcome.kind === 'challenge' ? outcome.message : null;
    },
    [setAuth, setPendingSetup, queryClient, store, endRefusedSession],
  );
}

/**
 * Finishes a work-account sign-in with its three tokens: stores them under the spec's keys, looks
 * the user up and goes on as a password sign-in does (tips, or could-not-find-user).
 */
export function useFinishWorkAccountSignIn(): (tokens: SsoTokens) => Promise<void> {
  const host = usePlatform();
  const { api } = useAuthServices();
  const applyOutcome = useApplySignInOutcome();
  return useCallback(
    async (tokens: SsoTokens) => {
      await storeTokens(host.storage, tokens);
      const session = { idToken: tokens.id_token, expiresAt: tokenExpiry(tokens.id_token) };
      applyOutcome(await lookUpUser(session, (idToken) => fetchUserInfo(api, { idToken })), 'microsoft');
    },
    [host, api, applyOutcome],
  );
}

/**
 * The login screen's work-account button: runs the sign-in in the host's pop-up and finishes it.
 * Resolves with the message to show, or null (signed in, or the user closed the pop-up). Null while
 * single sign-on is not configured.
 */
export function useWorkAccountSignIn(): (() => Promise<string | null>) | null {
  const host = usePlatform();
  const { api, sso, fetch } = useAuthServices();
  const finish = useFinishWorkAccountSignIn();
  const logout = useLogout();
  const start = useCallback(async (): Promise<string | null> => {
    if (!sso) return MESSAGES.ssoFailed;
    try {
      await finish(await signInWithWorkAccount({ host, api, settings: sso, fetch }));
      return null;
    } catch (error) {
      // Closing the pop-up is the user's choice, not a failure to report (rules §8's rejection is logged).
      if (error instanceof HostError && error.code === 'dialog-closed') {
        console.info(MESSAGES.dialogClosed);
        return null;
      }
      console.warn('Work-account sign-in failed', error);
      // A response without all three tokens logs out (rules §5), leaving nothing half-stored.
      if (error instanceof SsoError && error.reason === 'incomplete-tokens') await logout('session-ended');
      return MESSAGES.ssoFailed;
    }
  }, [host, api, sso, fetch, finish, logout]);
  return sso ? start : null;
}

/** The auth state the stored session gives, or signed out. */
async function restoredAuth(services: Pick<AuthServices, 'userPool' | 'api' | 'sso'>, host: HostPlatform): Promise<AuthState> {
  const ssoRedirectUri = services.sso ? host.workAccount.redirectUri : null;
  const session = await restoreSession({ userPool: services.userPool, storage: host.storage, api: services.api, ssoRedirectUri });
  return session ? signedInState(session.source, session.idToken, session.expiresAt) : SIGNED_OUT;
}

/**
 * Restores the stored session into the auth state while the app starts, so the first screen
 * renders signed in (and Home with its cached blocks) in one pass instead of after another render.
 * Leaves a state that is no longer unknown (a sign-in meanwhile) as it is.
 */
export async function restoreSessionAtStart(store: ReturnType<typeof useStore>, services: Pick<AuthServices, 'userPool' | 'api' | 'sso'>, host: HostPlatform): Promise<void> {
  if (store.get(authAtom).status !== 'unknown') return;
  const state = await restoredAuth(services, host);
  if (store.get(authAtom).status === 'unknown') store.set(authAtom, state);
}

/**
 * The session's life in the app, mounted once by the providers: restores it at start (the auth
 * state is `unknown` until then), keeps the user-pool token fresh, logs out when the session ends,
 * and loads the user while a token is held, going to could-not-find-user when that fails (rules §8).
 */
export function useSessionKeeper(): void {
  const host = usePlatform();
  const { userPool, api, sso } = useAuthServices();
  const [auth, setAuth] = useAtom(authAtom);
  const store = useStore();
  const logout = useLogout();
  const ssoRedirectUri = sso ? host.workAccount.redirectUri : null;

  // The providers restore the session before the first screen renders (`restoreSessionAtStart`);
  // this covers an app given its services directly, whose state starts unknown.
  const restoring = auth.status === 'unknown';
  useEffect(() => {
    if (!restoring) return;
    let cancelled = false;
    void restoredAuth({ userPool, api, sso }, host).then((state) => {
      if (!cancelled) setAuth(state);
    });
    return () => {
      cancelled = true;
    };
  }, [restoring, userPool, host, api, sso, setAuth]);

  const signedInWith = auth.status === 'signed-in' ? auth.source : null;
  // Read by the refresh when it runs, not when it is scheduled.
  const heldIdToken = useRef(auth.idToken);
  heldIdToken.current = auth.idToken;
  const refresh = useMemo(() => {
    if (signedInWith === 'cognito' && userPool) return () => refreshPoolSession(userPool);
    if (signedInWith === 'microsoft' && ssoRedirectUri !== null) return () => refreshWorkAccountSession(host.storage, api, ssoRedirectUri, heldIdToken.current);
    return null;
  }, [signedInWith, userPool, host, api, ssoRedirectUri]);
  useTokenRefresh(refresh, auth.status === 'signed-in' ? auth.idTokenExpiresAt : null, {
    onRefreshed: (idToken, expiresAt) =>
      setAuth((current) => (current.status === 'signed-in' && current.source ? signedInState(current.source, idToken, expiresAt) : current)),
    onSessionEnded: () => {
      // Said on the login screen, with whether what the user was typing was kept.
      store.set(signedOutNoticeAtom, MESSAGES.sessionEnded);
      void logout('session-ended');
    },
  });

  // Not again on could-not-find-user: the lookup that sent the user there has just failed.
  const onUserNotFound = usePath() === 'could-not-find-user';
  const userInfo = useUserInfo(api, { enabled: auth.status === 'signed-in' && auth.idToken !== '' && !onUserNotFound });
  useStoreCurrentUser(userInfo.data);
  const userInfoFailed = userInfo.isError;
  const endRefusedSession = useEndRefusedSession();
  const onUserInfoFailed = useEffectEvent(() => {
    console.warn('GET /user-info failed', userInfo.error);
    if (!endRefusedSession(userInfo.error)) navigate('could-not-find-user');
  });
  // Only the change to failed navigates: retries replace the error object without news.
  useEffect(() => {
    if (userInfoFailed) onUserInfoFailed();
  }, [userInfoFailed]);
}
