import { Body1 } from '@fluentui/react-components';
import { Page } from '../common/page';
import { NavButton } from '../common/app-link';

export function ChangePasswordSuccessScreen() {
  return (
    <Page title="Password changed">
      <Body1>Successfully changed password!</Body1>
      <NavButton to="home" appearance="primary">
        Home
      </NavButton>
    </Page>
  );
}
