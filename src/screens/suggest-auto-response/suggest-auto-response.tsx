import { Page } from '../common/page';
import { AppLink } from '../common/app-link';

/** Suggest a new block (spec §2 "Suggest block"). */
export function SuggestAutoResponseScreen() {
  return <Page title="Suggest New Block" actions={<AppLink to="home">Home</AppLink>} />;
}
