import type { ReactElement } from 'react';
import { ChangeFirstTimePasswordScreen } from '../screens/change-first-time-password/change-first-time-password';
import { ChangePasswordScreen } from '../screens/change-password/change-password';
import { ChangePasswordSuccessScreen } from '../screens/change-password-success/change-password-success';
import { ChecklistScreen } from '../screens/checklist/checklist';
import { ChecklistCompleteScreen } from '../screens/checklist-complete/checklist-complete';
import { ChecklistHomeScreen } from '../screens/checklist-home/checklist-home';
import { ConfirmSignInScreen } from '../screens/confirm-sign-in/confirm-sign-in';
import { CouldNotFindUserScreen } from '../screens/could-not-find-user/could-not-find-user';
import { DialogLandingScreen } from '../screens/dialog-landing/dialog-landing';
import { ForgotPasswordRequestScreen } from '../screens/forgot-password-request/forgot-password-request';
import { ForgotPasswordRequestCompleteScreen } from '../screens/forgot-password-request-complete/forgot-password-request-complete';
import { HomeScreen } from '../screens/home/home';
import { LoginScreen } from '../screens/login/login';
import { LogoutLandingScreen } from '../screens/logout-landing/logout-landing';
import { RetrieveAccountScreen } from '../screens/retrieve-account/retrieve-account';
import { RetrieveAccountSuccessScreen } from '../screens/retrieve-account-success/retrieve-account-success';
import { SettingsAuthenticatorSetupScreen, SignInAuthenticatorSetupScreen } from '../screens/set-up-authenticator/set-up-authenticator';
import { SplashScreen } from '../screens/splash-screen/splash-screen';
import { SuggestAutoResponseScreen } from '../screens/suggest-auto-response/suggest-auto-response';
import { SuggestAutoResponseSuccessScreen } from '../screens/suggest-auto-response-success/suggest-auto-response-success';
import { TipsScreen } from '../screens/tips-screen/tips-screen';
import { UserSettingsScreen } from '../screens/user-settings/user-settings';

/**
 * Who may open a route (spec §2): `auth` needs a signed-in user (else login), `guest` sends a
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

export const FALLBACK_PATH = 'splash-screen';
export const LOGIN_PATH = 'login';
export const HOME_PATH = 'home';

export const ROUTES: readonly RouteDefinition[] = [
  { pattern: 'login', access: 'guest', title: 'Log in', render: () => <LoginScreen /> },
  { pattern: 'home', access: 'auth', title: 'Blocks', render: () => <HomeScreen /> },
  { pattern: 'checklist-home', access: 'auth', title: 'Checklists', render: () => <ChecklistHomeScreen /> },
  {
    pattern: 'checklist/{checklistId}',
    access: 'auth',
    title: 'Checklist',
    render: (params) => <ChecklistScreen checklistId={params.checklistId ?? ''} />,
  },
  { pattern: 'checklist-complete', access: 'auth', title: 'Checklist complete', render: () => <ChecklistCompleteScreen /> },
  { pattern: 'dialog-landing', access: 'none', title: 'Signing in', render: () => <DialogLandingScreen /> },
  { pattern: 'logout-landing', access: 'none', title: 'Signing out', render: () => <LogoutLandingScreen /> },
  { pattern: 'could-not-find-user', access: 'none', title: 'User not found', render: () => <CouldNotFindUserScreen /> },
  {
    pattern: 'change-first-time-password',
    access: 'none',
    signedInGoesHome: true,
    title: 'Set your password',
    render: () => <ChangeFirstTimePasswordScreen />,
  },
  { pattern: 'confirm-sign-in', access: 'none', signedInGoesHome: true, title: 'Enter your code', render: () => <ConfirmSignInScreen /> },
  {
    pattern: 'set-up-authenticator',
    access: 'none',
    signedInGoesHome: true,
    title: 'Set up your authenticator app',
    render: () => <SignInAuthenticatorSetupScreen />,
  },
  {
    pattern: 'authenticator-setup',
    access: 'auth',
    title: 'Set up your authenticator app',
    render: () => <SettingsAuthenticatorSetupScreen />,
  },
  { pattern: 'change-password', access: 'auth', title: 'Change password', render: () => <ChangePasswordScreen /> },
  {
    pattern: 'change-password-success',
    access: 'auth',
    title: 'Password changed',
    render: () => <ChangePasswordSuccessScreen />,
  },
  { pattern: 'suggest-auto-response', access: 'auth', title: 'Suggest a block', render: () => <SuggestAutoResponseScreen /> },
  {
    pattern: 'suggest-auto-response-success',
    access: 'auth',
    title: 'Block suggested',
    render: () => <SuggestAutoResponseSuccessScreen />,
  },
  { pattern: 'user-settings', access: 'auth', title: 'Settings', render: () => <UserSettingsScreen /> },
  {
    pattern: 'forgot-password-request',
    access: 'guest',
    title: 'Reset your password',
    render: () => <ForgotPasswordRequestScreen />,
  },
  {
    pattern: 'forgot-password-request-complete',
    access: 'guest',
    title: 'Reset requested',
    render: () => <ForgotPasswordRequestCompleteScreen />,
  },
  { pattern: 'retrieve-account', access: 'guest', title: 'Use verification code', render: () => <RetrieveAccountScreen /> },
  {
    pattern: 'retrieve-account-success',
    access: 'guest',
    title: 'Password reset',
    render: () => <RetrieveAccountSuccessScreen />,
  },
  { pattern: 'tips-screen', access: 'none', title: 'Quick Tips', render: () => <TipsScreen /> },
  { pattern: 'splash-screen', access: 'guest', title: 'Welcome', render: () => <SplashScreen /> },
];

export interface RouteMatch {
  route: RouteDefinition;
  params: Record<string, string>;
}

/** Finds the route for `path`; `null` for an unknown path (which the router sends to splash-screen). */
export function matchRoute(path: string, routes: readonly RouteDefinition[] = ROUTES): RouteMatch | null {
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

/** Applies the spec's guards: what to show for `path` given the sign-in state. */
export function resolveRoute(path: string, status: 'unknown' | 'signed-out' | 'signed-in'): Resolution {
  const match = matchRoute(path);
  if (!match) return { kind: 'redirect', to: FALLBACK_PATH };
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
