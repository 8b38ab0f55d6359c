import { Body1 } from '@fluentui/react-components';
import { Page } from '../common/page';

/** Runs inside the 50×50 sign-in pop-up: finishes the work-account sign-in (spec §2). */
export function DialogLandingScreen() {
  return (
    <Page title="Signing in">
      <Body1>Redirecting....</Body1>
    </Page>
  );
}
