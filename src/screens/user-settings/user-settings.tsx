import { makeStyles, tokens } from '@fluentui/react-components';
import { Page } from '../common/page';
import { NavButton } from '../common/app-link';
import { LogoutButton } from '../common/logout-button';

const useStyles = makeStyles({ actions: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS } });

/** Settings (spec §2 "User settings"). */
export function UserSettingsScreen() {
  const styles = useStyles();
  return (
    <Page title="Settings">
      <div className={styles.actions}>
        <NavButton to="change-password">Change Password</NavButton>
        <NavButton to="home">Home</NavButton>
        <LogoutButton />
      </div>
    </Page>
  );
}
