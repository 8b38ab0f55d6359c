import { useEffect, useState } from 'react';
import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { useAtomValue, useSetAtom } from 'jotai';
import { navigate } from '../../state/location';
import { suggestionAcceptedAtom } from '../../state/suggestion';
import { Page } from '../../ui/page';
import { NavButton } from '../../ui/app-link';

const useStyles = makeStyles({ actions: { display: 'flex', gap: tokens.spacingHorizontalM } });

/**
 * The confirmation of rules §2 "Suggest block". It shows only right after the server accepted a
 * suggestion in this app session; reached any other way (reload, typed address, back button) there
 * is nothing to confirm and it goes Home.
 */
export function SuggestAutoResponseSuccessScreen() {
  const styles = useStyles();
  // Read once: taking the flag below must not turn this screen away while it shows.
  const acceptedNow = useAtomValue(suggestionAcceptedAtom);
  const [accepted] = useState(acceptedNow);
  const take = useSetAtom(suggestionAcceptedAtom);
  useEffect(() => {
    if (accepted) take(false);
    else navigate('home', { replace: true });
  }, [accepted, take]);

  if (!accepted) return null;
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
