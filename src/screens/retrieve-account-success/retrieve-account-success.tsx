import { Body1 } from '@fluentui/react-components';
import { Page } from '../common/page';
import { NavButton } from '../common/app-link';

export function RetrieveAccountSuccessScreen() {
  return (
    <Page title="Password reset">
      <Body1>Your password was reset. You can now log in with your new password.</Body1>
      <NavButton to="login" appearance="primary">
        Login
      </NavButton>
    </Page>
  );
}
