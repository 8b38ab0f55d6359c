import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { Page } from '../common/page';
import { AppLink } from '../common/app-link';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, paddingInlineStart: '1.25em', margin: 0 },
});

/** Shown once after sign-in (spec §2 "Tips"). */
export function TipsScreen() {
  const styles = useStyles();
  return (
    <Page title="Quick Tips">
      <ol className={styles.list}>
        <li>
          <Body1>
            <strong>Pin the plug-in.</strong> Select the pin at the top of this pane so Cannery stays open as you move
            from one email to the next.
          </Body1>
        </li>
        <li>
          <Body1>
            <strong>Plug-in greyed out?</strong> Turn on the reading pane (View, then Reading Pane, then Show on the
            right) and select an email; Cannery opens beside it.
          </Body1>
        </li>
        <li>
          <Body1>
            <strong>No need to press Reply.</strong> While reading an email, just select a block: Cannery opens the
            reply with it already filled in.
          </Body1>
        </li>
      </ol>
      <AppLink to="home">Continue to Home</AppLink>
    </Page>
  );
}
