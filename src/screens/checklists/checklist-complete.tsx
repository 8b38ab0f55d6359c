import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { Page } from '../../ui/page';
import { NavButton } from '../../ui/app-link';

const useStyles = makeStyles({ actions: { display: 'flex', gap: tokens.spacingHorizontalM } });

/** Shown after a checklist is completed (rules §2 "Checklist complete"). */
export function ChecklistCompleteScreen() {
  const styles = useStyles();
  return (
    <Page title="Complete!">
      <Body1>You may now send the email and close this tab, or continue below to add more to the email.</Body1>
      <div className={styles.actions}>
        <NavButton to="home" appearance="primary">
          Blocks
        </NavButton>
        <NavButton to="checklist-home">Checklists</NavButton>
      </div>
    </Page>
  );
}
