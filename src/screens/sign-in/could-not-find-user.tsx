import { Body1 } from '@fluentui/react-components';
import { Page } from '../../ui/page';
import { LogoutButton } from './logout-button';

/** Shown when the signed-in identity has no Cannery user (rules §2 "Could-not-find-user"). */
export function CouldNotFindUserScreen() {
  return (
    <Page title="User not found">
      <Body1>We could not find a Cannery user for this sign-in.</Body1>
      <Body1>
        If you signed in with your work account, an administrator must enable single sign-on for your account. Log out
        and try again once it is enabled.
      </Body1>
      <LogoutButton appearance="primary" />
    </Page>
  );
}
