import { Body1 } from '@fluentui/react-components';
import { Page } from '../common/page';

/** First sign-in with a temporary password (spec §2 "First-time password"). */
export function ChangeFirstTimePasswordScreen() {
  return (
    <Page title="Welcome to Cannery">
      <Body1>Before you start, choose a new password for your account.</Body1>
    </Page>
  );
}
