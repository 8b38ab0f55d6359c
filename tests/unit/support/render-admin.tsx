/**
 * Renders the admin app at a route, signed in, with its real API client talking to whatever MSW
 * serves (tests/unit/support/people-handlers.ts), so a test clicks and types as an admin does.
 */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createStore } from 'jotai';
import { Providers } from '../../../src/app/providers';
import { AppRoot } from '../../../src/app/router';
import { ADMIN_ROUTES } from '../../../src/admin/app/routes';
import { createApiClient } from '../../../src/api/client';
import type { AuthServices } from '../../../src/auth/auth-services';
import { authAtom, signedInState } from '../../../src/state/auth';
import { mailDeliveryAtom } from '../../../src/state/config';
import { makeFakeHost } from '../fake-host';

/** `mail`: what the server's config says becomes of its mail (left out: it is sent). */
export function renderAdmin(path: string, options: { mail?: 'sent' | 'held' | 'off' } = {}) {
  const hash = `#/${path}`;
  window.location.hash = hash;
  const store = createStore();
  if (options.mail) store.set(mailDeliveryAtom, options.mail);
  store.set(authAtom, signedInState('cognito', 'id-token', Date.now() + 3_600_000));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const services: AuthServices = {
    userPool: null,
    api: createApiClient({ baseUrl: '/api', getIdToken: () => store.get(authAtom).idToken, getCookie: () => null }),
    sso: null,
  };
  const view = render(
    <Providers platform={makeFakeHost()} store={store} queryClient={queryClient} auth={services}>
      <AppRoot initialHash={hash} routes={ADMIN_ROUTES} />
    </Providers>,
  );
  return { ...view, user: userEvent.setup(), queryClient, store };
}
