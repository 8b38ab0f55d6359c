import { Body1 } from '@fluentui/react-components';
import { Page } from '../common/page';
import { AppLink } from '../common/app-link';

/** One checklist (spec §2 "Checklist"); `checklistId` comes from the route. */
export function ChecklistScreen(props: { checklistId: string }) {
  return (
    <Page title="Checklist" actions={<AppLink to="checklist-home">Back</AppLink>}>
      <Body1 data-checklist-id={props.checklistId}>Please complete checklist before sending email.</Body1>
    </Page>
  );
}
