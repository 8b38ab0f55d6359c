/**
 * The task pane's screens a user opens now and then (settings, password, suggestions, tips): one
 * chunk loaded on the first visit to any of them, or when the browser is idle after the first
 * screen, so the first screen (sign-in or Home) paints without them (`routes.tsx`).
 */
export { ChangePasswordScreen } from '../screens/account/change-password';
export { ChangePasswordSuccessScreen } from '../screens/account/change-password-success';
export { ForgotPasswordRequestScreen } from '../screens/sign-in/forgot-password-request';
export { ForgotPasswordRequestCompleteScreen } from '../screens/sign-in/forgot-password-request-complete';
export { RetrieveAccountScreen } from '../screens/sign-in/retrieve-account';
export { RetrieveAccountSuccessScreen } from '../screens/sign-in/retrieve-account-success';
export { SettingsAuthenticatorSetupScreen } from '../screens/sign-in/set-up-authenticator';
export { SuggestAutoResponseScreen } from '../screens/suggestions/suggest-auto-response';
export { SuggestAutoResponseSuccessScreen } from '../screens/suggestions/suggest-auto-response-success';
export { TipsScreen } from '../screens/tips/tips-screen';
export { UserSettingsScreen } from '../screens/account/user-settings';
