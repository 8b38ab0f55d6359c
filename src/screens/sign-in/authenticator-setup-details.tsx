import { Suspense, lazy, useState } from 'react';
import { Body1, Button, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import type { TotpSetup } from '../../auth/user-pool';

const QrCode = lazy(() => import('./qr-code'));

const QR_PIXELS = 176;

const useStyles = makeStyles({
  steps: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  // Black on white in every theme and in forced colours: cameras read a QR code by its contrast.
  qr: { width: `${QR_PIXELS}px`, height: `${QR_PIXELS}px`, alignSelf: 'center', backgroundColor: '#ffffff', forcedColorAdjust: 'none' },
  key: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase400,
    letterSpacing: '0.05em',
    overflowWrap: 'anywhere',
    userSelect: 'all',
  },
  keyRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/** The key as people copy it by eye: groups of four. */
export function groupedKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * How to add Cannery to an authenticator app: a QR code to scan, and the key in text (grouped, and
 * a button that copies it) for apps on the same computer or a camera that will not scan.
 */
export function AuthenticatorSetupDetails(props: { setup: TotpSetup }) {
  const styles = useStyles();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(props.setup.secret);
      setCopied('yes');
    } catch {
      // Some hosts (Outlook's older web views) refuse the clipboard; the key can still be selected.
      setCopied('failed');
    }
  }

  return (
    <ol className={styles.steps}>
      <li>
        <Body1>Open an authenticator app on your phone (Microsoft Authenticator, Google Authenticator or another) and add an account.</Body1>
      </li>
      <li>
        <Body1>Scan this QR code:</Body1>
        <div className={styles.qr}>
          <Suspense fallback={null}>
            <QrCode value={props.setup.uri} label="QR code for your authenticator app" size={QR_PIXELS} />
          </Suspense>
        </div>
        <Body1>Or, if you cannot scan it, enter this key:</Body1>
        <div className={styles.keyRow}>
          <code className={styles.key} aria-label="Setup key">
            {groupedKey(props.setup.secret)}
          </code>
          <Button size="small" onClick={() => void copy()}>
            {copied === 'yes' ? 'Copied' : 'Copy key'}
          </Button>
        </div>
        {copied === 'failed' && <Caption1>Copying is not allowed here: select the key and copy it yourself.</Caption1>}
      </li>
      <li>
        <Body1>Enter the 6-digit code the app shows for Cannery.</Body1>
      </li>
    </ol>
  );
}
