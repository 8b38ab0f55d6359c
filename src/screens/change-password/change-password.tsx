import { Page } from '../common/page';
import { AppLink } from '../common/app-link';

/** Change password (spec §2 "Change password"). */
export function ChangePasswordScreen() {
  return <Page title="Change Password" actions={<AppLink to="home">Home</AppLink>} />;
}
