import { Body1 } from '@fluentui/react-components';
import { Page } from '../common/page';
import { NavButton } from '../common/app-link';

export function ForgotPasswordRequestCompleteScreen() {
  return (
    <Page title="Check your email">
      <Body1>
        Your password reset request was submitted. An email with the next steps should arrive shortly.
      </Body1>
      <NavButton to="login" appearance="primary">
        Done
      </NavButton>
    </Page>
  );
}
