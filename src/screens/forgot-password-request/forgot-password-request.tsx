import { Page } from '../common/page';
import { AppLink } from '../common/app-link';

/** Request a password reset (spec §2 "Forgot password"). */
export function ForgotPasswordRequestScreen() {
  return (
    <Page title="Reset your password">
      <AppLink to="login">Back to login</AppLink>
    </Page>
  );
}
