import { useState } from 'react';
import { Body1, Button, Caption1, MessageBar, MessageBarBody, Spinner, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useAuthServices } from '../../auth/auth-services';
import { deviceErrorMessage } from '../../auth/errors';
import type { RememberedDevice } from '../../auth/user-pool';
import { describeDevice } from '../../domain/device-name';
import { navigate } from '../../state/location';
import { MFA_SETTINGS_QUERY_KEY, useSignInSecurity } from '../sign-in/use-sign-in-security';
import { FormError } from '../../ui/form-error';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  devices: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  device: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  deviceText: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * User settings' second factor: the authenticator app (turned on through its setup screen, or off
 * unless the account requires it) and the remembered devices, each of which can be forgotten.
 * Shown to user-pool accounts whose organisation allows a second factor.
 */
export function SignInSecurity() {
  const styles = useStyles();
  const { userPool } = useAuthServices();
  const queryClient = useQueryClient();
  const security = useSignInSecurity({ enabled: true });
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function change(what: string, action: () => Promise<void>) {
    setBusy(what);
    setError(null);
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: MFA_SETTINGS_QUERY_KEY });
    } catch (failure) {
      console.warn(`${what} failed`, failure);
      setError(deviceErrorMessage(failure));
    } finally {
      setBusy(null);
    }
  }

  if (!userPool) return null;
  if (security.isPending) return <Spinner size="tiny" label="Loading sign-in security..." />;
  if (security.isError) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{deviceErrorMessage(security.error)}</MessageBarBody>
      </MessageBar>
    );
  }
  const { authenticator, policy, devices } = security.data;
  if (policy === 'off' && devices.length === 0) return null;

  return (
    <section className={styles.section} aria-labelledby="sign-in-security">
      <Subtitle2 as="h2" id="sign-in-security" className={styles.heading}>
        Sign-in security
      </Subtitle2>
      {policy !== 'off' && (
        <>
          <Body1>
            {authenticator
              ? 'Authenticator app: on. Signing in asks for a code from the app after your password.'
              : 'Authenticator app: off. Signing in asks for your password only.'}
          </Body1>
          {policy === 'required' && authenticator && <Caption1>Your organisation requires a code at sign-in, so the app stays on.</Caption1>}
          <div className={styles.row}>
            {!authenticator && (
              <Button appearance="primary" onClick={() => navigate('authenticator-setup')}>
                Turn on authenticator app
              </Button>
            )}
            {authenticator && policy !== 'required' && (
              <Button disabled={busy !== null} onClick={() => void change('Turning off the authenticator', () => userPool.turnOffAuthenticator())}>
                {busy === 'Turning off the authenticator' ? 'Loading...' : 'Turn off authenticator app'}
              </Button>
            )}
          </div>
        </>
      )}
      <Subtitle2 as="h3" className={styles.heading}>
        Remembered devices
      </Subtitle2>
      {devices.length === 0 ? (
        <Caption1>No device is remembered. Tick 'Remember this device' when you enter a code, and that device skips the code next time.</Caption1>
      ) : (
        <ul className={styles.devices} aria-label="Remembered devices">
          {devices.map((device) => (
            <DeviceRow key={device.id} device={device} busy={busy} onForget={() => void change(`Forgetting ${device.id}`, () => userPool.forgetDevice(device.id))} />
          ))}
        </ul>
      )}
      <FormError message={error} />
    </section>
  );
}

function DeviceRow(props: { device: RememberedDevice; busy: string | null; onForget: () => void }) {
  const styles = useStyles();
  const { device } = props;
  const label = describeDevice(device.name);
  return (
    <li className={styles.device}>
      <span className={styles.deviceText}>
        <Body1>{label}</Body1>
        {device.lastSignInAt !== null && <Caption1>Last sign-in {dateFormat.format(device.lastSignInAt)}</Caption1>}
      </span>
      <Button size="small" aria-label={`Forget ${label}`} disabled={props.busy !== null} onClick={props.onForget}>
        {props.busy === `Forgetting ${device.id}` ? 'Loading...' : 'Forget'}
      </Button>
    </li>
  );
}
