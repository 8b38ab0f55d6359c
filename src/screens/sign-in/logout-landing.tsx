import { useState } from 'react';
import { Body1 } from '@fluentui/react-components';
import { useAuthServices } from '../../auth/auth-services';
import { encodeReport, signOutUrl } from '../../auth/sso';
import { usePlatform } from '../../state/host-context';
import { leaveTo, markLogoutLanding } from '../../state/location';
import { Page } from '../../ui/page';
import { useRunOnce } from '../../ui/use-run-once';

/**
 * Runs inside the 50×50 pop-up that signs out of the work-account provider (rules §2): sends the
 * pop-up to the provider's sign-out page, which returns to the app's redirect URI; the app there
 * tells the opener, which closes the pop-up (`src/app/sso-redirect.tsx`).
 */
export function LogoutLandingScreen() {
  const host = usePlatform();
  const { sso, fetch } = useAuthServices();
  const [done, setDone] = useState(false);

  useRunOnce(async () => {
    try {
      const url = sso ? await signOutUrl(sso, host.workAccount.redirectUri, fetch) : null;
      if (url) {
        markLogoutLanding();
        leaveTo(url);
        return;
      }
    } catch (error) {
      console.warn('The work-account provider could not be reached to sign out', error);
    }
    // Nothing to do at the provider (or it cannot be reached): Cannery's own sign-out is complete.
    setDone(true);
    await host.sendToOpener(encodeReport({ kind: 'signed-out' })).catch(() => undefined);
  });

  return (
    <Page title="Signing out">
      <Body1 role="status">{done ? 'You are signed out. You can close this window.' : 'Signing you out of your work account…'}</Body1>
    </Page>
  );
}
