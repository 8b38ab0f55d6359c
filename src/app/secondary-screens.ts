/**
 * The task pane's screens a user opens now and then (settings, password, suggestions, tips): one
 * chunk loaded on the first visit to any of them, or when the browser is idle after the first
 * screen, so the first screen (sign-in or Home) paints without them (`routes.tsx`).
 */
export { ChangePasswordScreen } from '../screens/change-password/change-password';
export { ChangePasswordSuccessScreen } from '../screens/change-password-success/change-password-success';
export { ForgotPasswordRequestScreen } from '../screens/forgot-password-request/forgot-password-request';
export { ForgotPasswordRequestCompleteScreen } from '../screens/forgot-password-request-complete/forgot-password-request-complete';
export { RetrieveAccountScreen } from '../screens/retrieve-account/retrieve-account';
export { RetrieveAccountSuccessScreen } from '../screens/retrieve-account-success/retrieve-account-success';
export { SettingsAuthenticatorSetupScreen } from '../screens/set-up-authenticator/set-up-authenticator';
export { SuggestAutoResponseScreen } from '../screens/suggest-auto-response/suggest-auto-response';
export { SuggestAutoResponseSuccessScreen } from '../screens/suggest-auto-response-success/suggest-auto-response-success';
export { TipsScreen } from '../screens/tips-screen/tips-screen';
export { UserSettingsScreen } from '../screens/user-settings/user-settings';
