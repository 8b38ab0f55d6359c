import { Body1 } from '@fluentui/react-components';
import { Page } from '../../ui/page';
import { NavButton } from '../../ui/app-link';

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
