import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { HostAdapter } from '../../hosts/host';
import { createStore } from 'jotai';
import { apiBaseAtom } from '../state/config';
import { takeLogoutLandingMark } from '../state/location';
import { PERF_MARKS, mark } from '../ui/perf-marks';
import { Providers, type PlatformOrHost } from './providers';
import { AppRoot } from './router';
import type { RouteList } from './route-table';
import { PANE_ROUTES } from './routes';

export interface MountOptions {
  /**
   * Base URL of the Cannery API, e.g. `https://cannery.example.org/api`; same-origin `/api` by
   * default. The app first loads its client config (user pool, SSO) from `<apiBase>/config`.
   */
  apiBase?: string;
}

/** Mounts the shared Cannery app into `root` for the given host. Hosts call this and nothing else. */
export function mountCannery(root: HTMLElement, adapter: HostAdapter, options: MountOptions = {}): { unmount(): void } {
  return mountRoutes(root, { host: adapter }, PANE_ROUTES, options);
}

/**
 * Mounts the app with a route list: the task pane's (`mountCannery`, with its mail host) or the
 * admin app's (`src/admin/app/mount.tsx`, on a platform alone).
 */
export function mountRoutes(root: HTMLElement, where: PlatformOrHost, routes: RouteList, options: MountOptions = {}): { unmount(): void } {
  mark(PERF_MARKS.start);
  const store = createStore();
  store.set(apiBaseAtom, options.apiBase ?? '/api');
  const reactRoot = createRoot(root);
  reactRoot.render(
    <StrictMode>
      <Providers {...where} store={store}>
        <AppRoot initialHash={globalThis.location.hash} routes={routes} returnedFromSignOut={takeLogoutLandingMark()} />
      </Providers>
    </StrictMode>,
  );
  return { unmount: () => reactRoot.unmount() };
}
