import { lazy, type ComponentType } from 'react';
import type * as SecondaryModule from './secondary-screens';
import { resolveRouteIn, type Resolution, type RouteDefinition, type RouteList } from './route-table';
import { ChangeFirstTimePasswordScreen } from '../screens/sign-in/change-first-time-password';
import { ChecklistScreen } from '../screens/checklists/checklist';
import { ChecklistCompleteScreen } from '../screens/checklists/checklist-complete';
import { ChecklistHomeScreen } from '../screens/checklists/checklist-home';
import { ConfirmSignInScreen } from '../screens/sign-in/confirm-sign-in';
import { CouldNotFindUserScreen } from '../screens/sign-in/could-not-find-user';
import { DialogLandingScreen } from '../screens/sign-in/dialog-landing';
import { HomeScreen } from '../screens/blocks/home';
import { LoginScreen } from '../screens/sign-in/login';
import { LogoutLandingScreen } from '../screens/sign-in/logout-landing';
import { SignInAuthenticatorSetupScreen } from '../screens/sign-in/set-up-authenticator';
import { SplashScreen } from '../screens/sign-in/splash-screen';


type SecondaryScreens = typeof SecondaryModule;
let secondary: Promise<SecondaryScreens> | undefined;
/** Loads the screens opened now and then (`secondary-screens.ts`), once. */
export function loadSecondaryScreens(): Promise<SecondaryScreens> {
  secondary ??= import('./secondary-screens');
  return secondary;
}
const later = <K extends keyof SecondaryScreens>(name: K) =>
  lazy(async () => ({ default: (await loadSecondaryScreens())[name] as ComponentType }));
const ChangePasswordScreen = later('ChangePasswordScreen');
const ChangePasswordSuccessScreen = later('ChangePasswordSuccessScreen');
const ForgotPasswordRequestScreen = later('ForgotPasswordRequestScreen');
const ForgotPasswordRequestCompleteScreen = later('ForgotPasswordRequestCompleteScreen');
const RetrieveAccountScreen = later('RetrieveAccountScreen');
const RetrieveAccountSuccessScreen = later('RetrieveAccountSuccessScreen');
const SettingsAuthenticatorSetupScreen = later('SettingsAuthenticatorSetupScreen');
const SuggestAutoResponseScreen = later('SuggestAutoResponseScreen');
const SuggestAutoResponseSuccessScreen = later('SuggestAutoResponseSuccessScreen');
const TipsScreen = later('TipsScreen');
const UserSettingsScreen = later('UserSettingsScreen');

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

/** Where the task pane sends an unknown path. */
export const FALLBACK_PATH = 'splash-screen';

/** The task pane's routes (rules §2). */
export const PANE_ROUTES: RouteList = { routes: ROUTES, fallback: FALLBACK_PATH, preload: loadSecondaryScreens };

/** The spec's guards over the task pane's routes. */
export function resolveRoute(path: string, status: 'unknown' | 'signed-out' | 'signed-in'): Resolution {
  return resolveRouteIn(PANE_ROUTES, path, status);
}

export { HOME_PATH, LOGIN_PATH, PRODUCT_NAME, matchRoute, pageTitle, type RouteAccess, type RouteDefinition, type RouteMatch } from './route-table';
