import { Body1 } from '@fluentui/react-components';
import { Page } from '../common/page';
import { AppLink } from '../common/app-link';

/** The list of checklists (spec §2 "Checklist home"). */
export function ChecklistHomeScreen() {
  return (
    <Page title="Checklists" actions={<AppLink to="home">Blocks</AppLink>}>
      <Body1>Please select a checklist:</Body1>
    </Page>
  );
}
