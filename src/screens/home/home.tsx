import { Body1 } from '@fluentui/react-components';
import { Page } from '../common/page';
import { AppLink } from '../common/app-link';

/** The blocks screen (spec §2 "Home screen"). */
export function HomeScreen() {
  return (
    <Page title="Blocks" actions={<AppLink to="user-settings">Settings</AppLink>}>
      <Body1>Please select a block to auto-create an email reply</Body1>
    </Page>
  );
}
