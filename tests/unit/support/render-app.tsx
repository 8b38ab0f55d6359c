/**
 * Renders the whole app at a route, as a host mounts it, with the fake host, a fake user pool and
 * a fake Cannery API behind the real API client, so a test types, blurs and clicks like a user.
 */
import { vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createStore } from 'jotai';
import { Providers } from '../../../src/app/providers';
import { AppRoot } from '../../../src/app/router';
import type { RouteList } from '../../../src/app/route-table';
import { PANE_ROUTES } from '../../../src/app/routes';
import { createApiClient } from '../../../src/api/client';
import type { AuthServices } from '../../../src/auth/auth-services';
import type { SsoSettings } from '../../../src/auth/sso';
import type { UserPoolClient } from '../../../src/auth/user-pool';
import { authAtom, type AuthState } from '../../../src/state/auth';
import type { User } from '../../../src/domain/types';
import { makeFakeHost, type FakeHost } from '../fake-host';
import { emailOfIdToken } from './fake-user-pool';
import { serveApiData } from './api-handlers';
import { recordRequests, type SeenRequest } from './api-server';

export interface FakeApi {
  /** The global `fetch`, which the shared request handlers answer (tests/unit/support/api-server.ts). */
  fetch: typeof fetch;
  /** Every request the app made: method, URL, headers and body. */
  requests: SeenRequest[];
  /** Cannery users by email; a pool account without one gets 404 from `/user-info`. */
  users: Map<string, User>;
}

/** The Cannery API as far as sign-in uses it: `GET /api/user-info` finds the bearer's user by the email in its ID token. */
export function makeFakeApi(users: User[] = []): FakeApi {
  const api: FakeApi = { users: new Map(users.map((user) => [user.email, user])), requests: recordRequests(), fetch: (input, init) => globalThis.fetch(input, init) };
  serveApiData({ userFor: (token) => api.users.get(emailOfIdToken(token) ?? '') });
  return api;
}

export interface RenderAppOptions {
  pool?: UserPoolClient | null;
  api?: FakeApi;
  /** The auth state at start; by default `unknown`, so the app restores the session as at start-up. */
  auth?: AuthState;
  host?: FakeHost;
  /** The work-account provider the server publishes; none by default (its button is then hidden). */
  sso?: SsoSettings;
  /** The app's routes: the task pane's by default, the admin app's for its tests. */
  routes?: RouteList;
}

export function renderApp(hash: string, options: RenderAppOptions = {}) {
  window.location.hash = hash;
  const host = options.host ?? makeFakeHost();
  const api = options.api ?? makeFakeApi();
  const store = createStore();
  if (options.auth) store.set(authAtom, options.auth);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const services: AuthServices = {
    userPool: options.pool === undefined ? null : options.pool,
    api: createApiClient({ baseUrl: '/api', getIdToken: () => store.get(authAtom).idToken, fetch: api.fetch, getCookie: () => null }),
    sso: options.sso ?? null,
    // The provider's discovery document is fetched with the same fake.
    fetch: api.fetch,
  };
  // Timers may be faked by the test; user-event then advances them itself.
  const user = userEvent.setup({ advanceTimers: (ms) => void (vi.isFakeTimers() && vi.advanceTimersByTime(ms)) });
  const view = render(
    <Providers host={host} store={store} queryClient={queryClient} auth={services}>
      <AppRoot initialHash={hash} routes={options.routes ?? PANE_ROUTES} />
    </Providers>,
  );
  return { ...view, host, api, store, queryClient, user, services };
}

/** The input labelled `label`. */
export function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label);
}

/** Types `text` into the field labelled `label` and moves focus away, as a user tabbing on would. */
export async function fillIn(user: ReturnType<typeof userEvent.setup>, label: string, text: string): Promise<void> {
  // The first screen shows once the session check at start-up is done.
  const input = await screen.findByLabelText<HTMLInputElement>(label);
  await user.clear(input);
  if (text !== '') await user.type(input, text);
  await user.tab();
}

/** Focuses the field labelled `label` and leaves it untouched. */
export async function touch(user: ReturnType<typeof userEvent.setup>, label: string): Promise<void> {
  await user.click(await screen.findByLabelText(label));
  await user.tab();
}
