import { useState } from 'react';
import { Body1, Button } from '@fluentui/react-components';
import { HostError } from '../../hosts/host';
import { useAuthServices } from '../auth/auth-services';
import { MESSAGES } from '../auth/errors';
import { SsoError, encodeReport, redeemRedirect, type PopupReport, type ProviderRedirect, type SsoTokens } from '../auth/sso';
import { usePlatform } from '../state/host-context';
import { clearFragment, navigate } from '../state/location';
import { FormError } from '../ui/form-error';
import { Page } from '../ui/page';
import { useRunOnce } from '../ui/use-run-once';
import { useFinishWorkAccountSignIn } from '../user/sign-in-state';

/**
 * Tells the window that opened this pop-up. `no-opener` when there is none (the page was opened
 * directly, and finishes the sign-in itself); `failed` when the opener could not be told.
 */
async function reportToOpener(send: (message: string) => Promise<void>, report: PopupReport): Promise<'sent' | 'no-opener' | 'failed'> {
  try {
    await send(encodeReport(report));
    return 'sent';
  } catch (error) {
    if (error instanceof HostError && error.code === 'unsupported') return 'no-opener';
    console.warn('Reporting to the sign-in window failed', error);
    return 'failed';
  }
}

/**
 * The app started on the redirect URI with the provider's answer in the fragment (rules §2: shows
 * 'Redirecting....' and completes the single sign-on). In the sign-in pop-up it redeems the code and
 * sends the tokens (or the failure) to the opener, which closes the pop-up; opened any other way it
 * finishes the sign-in in this window. `onFinished` hands the window back to the router.
 */
export function SsoRedirectScreen(props: { redirect: ProviderRedirect; onFinished: () => void }) {
  const host = usePlatform();
  const { api } = useAuthServices();
  const finish = useFinishWorkAccountSignIn();
  const [phase, setPhase] = useState<'working' | 'reported' | 'failed'>('working');
  const [reportedKind, setReportedKind] = useState<PopupReport['kind']>('tokens');

  useRunOnce(async () => {
    clearFragment();
    let tokens: SsoTokens | null = null;
    let report: PopupReport;
    try {
      tokens = await redeemRedirect(host.storage, api, props.redirect, host.workAccount.redirectUri);
      report = { kind: 'tokens', tokens };
    } catch (error) {
      console.warn('The work-account sign-in could not be completed', error);
      report = { kind: 'failed', reason: error instanceof SsoError ? error.reason : 'exchange-failed' };
    }
    const sent = await reportToOpener((message) => host.sendToOpener(message), report);
    if (sent === 'sent') {
      setReportedKind(report.kind);
      setPhase('reported');
      return;
    }
    // Finishing here is right only for a page opened directly; a pop-up that could not reach its
    // opener would sign in where nobody looks.
    if (!tokens || sent === 'failed') {
      setPhase('failed');
      return;
    }
    try {
      await finish(tokens);
      props.onFinished();
    } catch (error) {
      console.warn('The work-account sign-in could not be finished here', error);
      setPhase('failed');
    }
  });

  return (
    <Page title="Signing in">
      {phase === 'working' && <Body1 role="status">Redirecting....</Body1>}
      {phase === 'reported' && (
        <Body1 role="status">
          {reportedKind === 'tokens' ? 'Signed in. You can close this window.' : 'The sign-in did not complete. You can close this window.'}
        </Body1>
      )}
      {phase === 'failed' && (
        <>
          <FormError message={MESSAGES.ssoFailed} />
          <Button
            appearance="primary"
            onClick={() => {
              navigate('login', { replace: true });
              props.onFinished();
            }}
          >
            Back to sign-in
          </Button>
        </>
      )}
    </Page>
  );
}

/**
 * The logout-landing pop-up came back from the provider's sign-out (rules §2): tells the opener,
 * which closes it. Opened any other way, it goes on to the login screen.
 */
export function SignedOutScreen(props: { onFinished: () => void }) {
  const host = usePlatform();
  useRunOnce(async () => {
    if ((await reportToOpener((message) => host.sendToOpener(message), { kind: 'signed-out' })) !== 'no-opener') return;
    navigate('login', { replace: true });
    props.onFinished();
  });
  return (
    <Page title="Signed out">
      <Body1 role="status">You are signed out of your work account. You can close this window.</Body1>
    </Page>
  );
}
