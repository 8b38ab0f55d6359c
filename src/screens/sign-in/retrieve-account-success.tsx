import { Body1 } from '@fluentui/react-components';
import { Page } from '../../ui/page';
import { AppLink } from '../../ui/app-link';

/** After a reset with a verification code (rules §2 "Retrieve account": a Login link). */
export function RetrieveAccountSuccessScreen() {
  return (
    <Page title="Password reset">
      <Body1>Your password was reset. You can now log in with your new password.</Body1>
      <AppLink to="login">Login</AppLink>
    </Page>
  );
}
