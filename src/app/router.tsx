import { Suspense, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Spinner } from '@fluentui/react-components';
import { authAtom } from '../state/auth';
import { readProviderRedirect } from '../auth/sso';
import { navigate, usePath } from '../state/location';
import { pageTitle, resolveRouteIn, type RouteList } from './route-table';
import { SignedOutScreen, SsoRedirectScreen } from './sso-redirect';

/** Renders the route of the current hash among `routes`, applying the guards and setting the page title. */
export function Router(props: { routes: RouteList }) {
  const path = usePath();
  const { status } = useAtomValue(authAtom);
  const resolution = resolveRouteIn(props.routes, path, status);
  const redirectTo = resolution.kind === 'redirect' ? resolution.to : null;
  const title = pageTitle(resolution.kind === 'render' ? resolution.match.route : null);

  useEffect(() => {
    if (redirectTo !== null) navigate(redirectTo, { replace: true });
  }, [redirectTo]);

  useEffect(() => {
    document.title = title;
  }, [title]);

  const { preload } = props.routes;
  useEffect(() => {
    if (!preload) return;
    // The screens loaded on demand come in while the user reads the first one, so opening one is instant.
    const idle = typeof requestIdleCallback === 'function';
    const handle = idle ? requestIdleCallback(() => void preload(), { timeout: 5000 }) : window.setTimeout(() => void preload(), 2000);
    return () => (idle ? cancelIdleCallback(handle) : window.clearTimeout(handle));
  }, [preload]);

  if (resolution.kind === 'wait') return <Spinner label="Loading..." />;
  if (resolution.kind === 'redirect') return null;
  return <Suspense fallback={<Spinner label="Loading..." />}>{resolution.match.route.render(resolution.match.params)}</Suspense>;
}

/**
 * The app's root: a work-account provider that returns to the app with its answer in the fragment
 * is finished first (rules §2), and so is a return from its sign-out (`returnedFromSignOut`, read by
 * `mountCannery`); everything else goes through the router.
 */
export function AppRoot(props: { initialHash: string; routes: RouteList; returnedFromSignOut?: boolean }) {
  const [redirect, setRedirect] = useState(() => readProviderRedirect(props.initialHash));
  const [signedOut, setSignedOut] = useState(props.returnedFromSignOut === true);
  if (redirect) return <SsoRedirectScreen redirect={redirect} onFinished={() => setRedirect(null)} />;
  if (signedOut) return <SignedOutScreen onFinished={() => setSignedOut(false)} />;
  return <Router routes={props.routes} />;
}
