import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { Page } from '../common/page';
import { NavButton } from '../common/app-link';

const useStyles = makeStyles({ actions: { display: 'flex', gap: tokens.spacingHorizontalM } });

export function SuggestAutoResponseSuccessScreen() {
  const styles = useStyles();
  return (
    <Page title="Thank you">
      <Body1>Successfully suggested a new block!</Body1>
      <div className={styles.actions}>
        <NavButton to="home" appearance="primary">
          Home
        </NavButton>
        <NavButton to="suggest-auto-response">Suggest another block</NavButton>
      </div>
    </Page>
  );
}
