import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useCurrentUser } from '../../user/current-user';
import { authAtom } from '../../state/auth';
import { Page } from '../../ui/page';
import { NavButton } from '../../ui/app-link';
import { LogoutButton } from '../sign-in/logout-button';
import { DisplayName } from './display-name';
import { SignInSecurity } from './sign-in-security';
import { ShortcutSites } from './shortcut-sites';

const useStyles = makeStyles({ actions: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS } });

/**
 * Settings (rules §2 "User settings"), the user's display name (editable for user-pool accounts,
 * from the provider for work accounts), and for user-pool accounts their sign-in security (a second
 * factor and remembered devices). A work account's password and second factor belong to the
 * organisation's provider, not to Cannery.
 */
export function UserSettingsScreen() {
  const styles = useStyles();
  const { source } = useAtomValue(authAtom);
  const user = useCurrentUser();
  return (
    <Page title="Settings">
      {user && (
        <Text as="p">
          Signed in as <strong>{user.email}</strong>
          {source === 'microsoft' ? ' with your work account' : ''}
        </Text>
      )}
      {user && source && <DisplayName source={source} />}
      <div className={styles.actions}>
        {source !== 'microsoft' && <NavButton to="change-password">Change Password</NavButton>}
        <NavButton to="home">Home</NavButton>
        <LogoutButton />
      </div>
      {source === 'cognito' && <SignInSecurity />}
      <ShortcutSites />
    </Page>
  );
}
