import { makeStyles, tokens } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { authAtom } from '../../state/auth';
import { Page } from '../common/page';
import { NavButton } from '../common/app-link';
import { LogoutButton } from '../common/logout-button';
import { SignInSecurity } from './sign-in-security';

const useStyles = makeStyles({ actions: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS } });

/**
 * Settings (spec §2 "User settings"), and for user-pool accounts their sign-in security (a second
 * factor and remembered devices). A work account's password and second factor belong to the
 * organisation's provider, not to Cannery.
 */
export function UserSettingsScreen() {
  const styles = useStyles();
  const { source } = useAtomValue(authAtom);
  return (
    <Page title="Settings">
      <div className={styles.actions}>
        {source !== 'microsoft' && <NavButton to="change-password">Change Password</NavButton>}
        <NavButton to="home">Home</NavButton>
        <LogoutButton />
      </div>
      {source === 'cognito' && <SignInSecurity />}
    </Page>
  );
}
