import { makeStyles, tokens } from '@fluentui/react-components';
import { Page } from '../common/page';
import { AppLink } from '../common/app-link';

const useStyles = makeStyles({ links: { display: 'flex', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' } });

/** Sign-in (spec §2 "Login screen"). The sign-in form arrives with the identity service. */
export function LoginScreen() {
  const styles = useStyles();
  return (
    <Page title="Log in">
      <nav className={styles.links} aria-label="Account recovery">
        <AppLink to="forgot-password-request">Reset Password</AppLink>
        <AppLink to="retrieve-account">Use verification code</AppLink>
      </nav>
    </Page>
  );
}
