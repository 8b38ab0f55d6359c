import { makeStyles, tokens } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { authAtom } from '../../state/auth';
import { Page } from '../common/page';
import { NavButton } from '../common/app-link';
import { LogoutButton } from '../common/logout-button';

const useStyles = makeStyles({ actions: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS } });

/** Settings (spec §2 "User settings"). */
export function UserSettingsScreen() {
  const styles = useStyles();
  // A work account's password belongs to the organisation's provider, not to Cannery.
  const { source } = useAtomValue(authAtom);
  return (
    <Page title="Settings">
      <div className={styles.actions}>
        {source !== 'microsoft' && <NavButton to="change-password">Change Password</NavButton>}
        <NavButton to="home">Home</NavButton>
        <LogoutButton />
      </div>
    </Page>
  );
}
