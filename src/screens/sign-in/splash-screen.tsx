import { Body1, Button, Link, makeStyles, tokens } from '@fluentui/react-components';
import { navigate } from '../../state/location';
import { Page } from '../../ui/page';
import { BOOK_DEMO_URL, LEARN_MORE_URL } from '../../ui/external-links';

const useStyles = makeStyles({
  links: { display: 'flex', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
});

/** The first screen a signed-out user sees (rules §2 "Splash"). */
export function SplashScreen() {
  const styles = useStyles();
  return (
    <Page title="Welcome">
      <Body1>Cannery helps you respond to high volume inquiries with just one click.</Body1>
      <Button appearance="primary" onClick={() => navigate('login')}>
        Continue to Login
      </Button>
      <nav className={styles.links} aria-label="About Cannery">
        <Link href={BOOK_DEMO_URL} target="_blank" rel="noopener noreferrer">
          Book a demo
        </Link>
        <Link href={LEARN_MORE_URL} target="_blank" rel="noopener noreferrer">
          Learn more
        </Link>
      </nav>
    </Page>
  );
}
