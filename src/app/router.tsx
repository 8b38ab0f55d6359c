import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { Spinner } from '@fluentui/react-components';
import { authAtom } from '../state/auth';
import { fragmentParams, navigate, usePath } from '../state/location';
import { pageTitle, resolveRoute } from './routes';
import { SsoRedirectScreen } from './sso-redirect';

/** Renders the route of the current hash, applying the guards and setting the page title. */
export function Router() {
  const path = usePath();
  const { status } = useAtomValue(authAtom);
  const resolution = resolveRoute(path, status);
  const redirectTo = resolution.kind === 'redirect' ? resolution.to : null;
  const title = pageTitle(resolution.kind === 'render' ? resolution.match.route : null);

  useEffect(() => {
    if (redirectTo !== null) navigate(redirectTo, { replace: true });
  }, [redirectTo]);

  useEffect(() => {
    document.title = title;
  }, [title]);

  if (resolution.kind === 'wait') return <Spinner label="Loading..." />;
  if (resolution.kind === 'redirect') return null;
  return resolution.match.route.render(resolution.match.params);
}

/**
 * The app's root: a sign-in provider that returns to the app with `code` and `state` in the
 * fragment is finished first (spec §2), everything else goes through the router.
 */
export function AppRoot(props: { initialHash: string }) {
  const params = fragmentParams(props.initialHash);
  if (params.has('code') && params.has('state')) return <SsoRedirectScreen />;
  return <Router />;
}
