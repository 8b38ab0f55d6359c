import { Body1 } from '@fluentui/react-components';
import { Page } from '../common/page';

/** Runs inside the 50×50 pop-up that signs out of the work-account provider (spec §2). */
export function LogoutLandingScreen() {
  return (
    <Page title="Signing out">
      <Body1>Signing you out of your work account…</Body1>
    </Page>
  );
}
