/**
 * Routing without any screen: route definitions, matching a hash path, the spec's guards and page
 * titles. The task pane's route list is `routes.tsx`; the admin app has its own (`src/admin/app/routes.tsx`),
 * so neither build carries the other's screens.
 */
import type { ReactElement } from 'react';

/**
 * Who may open a route (rules §2): `auth` needs a signed-in user (else login), `guest` sends a
 * signed-in user home, `none` is open to both. `signedInGoesHome` is the spec's rule for
 * change-first-time-password, which is open to anyone yet sends a signed-in user home.
 */
export type RouteAccess = 'auth' | 'guest' | 'none';

export interface RouteDefinition {
  /** Path pattern; `{name}` captures one segment. */
  pattern: string;
  access: RouteAccess;
  signedInGoesHome?: boolean;
  /** Shown after the product name in the page title. */
  title: string;
  render: (params: Record<string, string>) => ReactElement;
}

export const LOGIN_PATH = 'login';
export const HOME_PATH = 'home';

export interface RouteMatch {
  route: RouteDefinition;
  params: Record<string, string>;
}

/** Finds the route for `path`; `null` for an unknown path (which the router sends to splash-screen). */
export function matchRoute(path: string, routes: readonly RouteDefinition[]): RouteMatch | null {
  const segments = path.split('/').filter(Boolean);
  for (const route of routes) {
    const parts = route.pattern.split('/');
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = parts.every((part, index) => {
      const segment = segments[index] ?? '';
      const capture = /^\{(\w+)\}$/.exec(part);
      if (capture?.[1]) {
        params[capture[1]] = decodeURIComponent(segment);
        return segment.length > 0;
      }
      return part === segment;
    });
    if (matches) return { route, params };
  }
  return null;
}

export type Resolution = { kind: 'render'; match: RouteMatch } | { kind: 'redirect'; to: string } | { kind: 'wait' };

/** A list of routes and where an unknown path goes. */
export interface RouteList {
  routes: readonly RouteDefinition[];
  fallback: string;
  /** Loads the screens the list loads on demand; the router calls it once the first screen is up and the browser is idle. */
  preload?: () => unknown;
}

/** Applies the spec's guards: what to show for `path` given the sign-in state, among `list`'s routes. */
export function resolveRouteIn(list: RouteList, path: string, status: 'unknown' | 'signed-out' | 'signed-in'): Resolution {
  const match = matchRoute(path, list.routes);
  if (!match) return { kind: 'redirect', to: list.fallback };
  const { route } = match;
  if (route.access === 'none' && !route.signedInGoesHome) return { kind: 'render', match };
  if (status === 'unknown') return { kind: 'wait' };
  if (route.access === 'auth' && status !== 'signed-in') return { kind: 'redirect', to: LOGIN_PATH };
  if ((route.access === 'guest' || route.signedInGoesHome) && status === 'signed-in') return { kind: 'redirect', to: HOME_PATH };
  return { kind: 'render', match };
}

export const PRODUCT_NAME = 'Cannery';

export function pageTitle(route: RouteDefinition | null): string {
  return route ? `${PRODUCT_NAME} - ${route.title}` : PRODUCT_NAME;
}
