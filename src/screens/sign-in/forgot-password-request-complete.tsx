import { Body1 } from '@fluentui/react-components';
import { Page } from '../../ui/page';
import { AppLink } from '../../ui/app-link';

/**
 * After a reset request (rules §2 "Forgot password": the completion screen has a Done link to
 * login), with the way on: the mailed code is entered under "Use verification code".
 */
export function ForgotPasswordRequestCompleteScreen() {
  return (
    <Page title="Check your email">
      <Body1>
        Your password reset request was submitted. An email with the next steps should arrive shortly.
      </Body1>
      <Body1>It holds a verification code: enter it with a new password under Use verification code.</Body1>
      <AppLink to="retrieve-account">Use verification code</AppLink>
      <AppLink to="login">Done</AppLink>
    </Page>
  );
}
