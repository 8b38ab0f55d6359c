import { useState } from 'react';
import { Body1 } from '@fluentui/react-components';
import { useAuthServices } from '../../auth/auth-services';
import { MESSAGES } from '../../auth/errors';
import { beginAuthorization, encodeReport } from '../../auth/sso';
import { usePlatform } from '../../state/host-context';
import { leaveTo } from '../../state/location';
import { FormError } from '../../ui/form-error';
import { Page } from '../../ui/page';
import { useRunOnce } from '../../ui/use-run-once';

/**
 * Runs inside the 50×50 sign-in pop-up (rules §2): makes the PKCE values, keeps them in this
 * window's storage and sends the pop-up on to the work-account sign-in page. The provider returns
 * to the app's redirect URI, where the app finishes the sign-in (`src/app/sso-redirect.tsx`).
 */
export function DialogLandingScreen() {
  const host = usePlatform();
  const { sso, fetch } = useAuthServices();
  const [failed, setFailed] = useState(false);

  useRunOnce(async () => {
    try {
      if (!sso) throw new Error('Work-account sign-in is not set up on this server.');
      leaveTo(await beginAuthorization(host.storage, sso, host.workAccount.redirectUri, fetch));
    } catch (error) {
      console.warn('The work-account sign-in could not start', error);
      setFailed(true);
      // The opener is waiting for this window: tell it, so its sign-in button works again.
      await host.sendToOpener(encodeReport({ kind: 'failed', reason: 'provider-error' })).catch(() => undefined);
    }
  });

  return (
    <Page title="Signing in">
      {failed ? <FormError message={MESSAGES.ssoFailed} /> : <Body1 role="status">Redirecting....</Body1>}
    </Page>
  );
}
