import { Body1 } from '@fluentui/react-components';
import { AppLink } from '../../ui/app-link';
import { Page } from '../../ui/page';
import { SignInCodeForm } from './sign-in-code-form';

/**
 * The code step of a sign-in (rules §4 "MFA or TOTP required"): after the password, the code the
 * user's authenticator app shows.
 */
export function ConfirmSignInScreen() {
  return (
    <Page title="Enter your code">
      <Body1>Open the authenticator app on your phone and enter the 6-digit code it shows for Cannery.</Body1>
      <SignInCodeForm label="Enter your code" action="Signing in with an authenticator code" />
      <AppLink to="login">Back to login</AppLink>
    </Page>
  );
}
