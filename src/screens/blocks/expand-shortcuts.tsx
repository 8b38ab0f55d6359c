import { useState } from 'react';
import { Button, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import type { TurnOnSiteOutcome } from '../../../hosts/host';
import { useHost } from '../../state/host-context';
import { siteName } from '../../domain/site-name';

export const EXPAND_SHORTCUTS_MESSAGES = {
  button: 'Expand shortcuts on this site',
  on: (site: string) => `Shortcuts now expand on ${site}: type one and a space in any text field there.`,
  refused: (site: string) => `Shortcuts stay off on ${site}: the browser did not give Cannery access to this site.`,
  failed: 'Shortcuts could not be turned on for this site. Please try again, and if the problem persists contact our team.',
} as const;

const useStyles = makeStyles({
  prompt: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalS },
});

/**
 * The picker's offer to expand typed shortcuts on the page's site (docs/staff.md "Shortcuts"): shown when
 * the site is not on yet and the user has blocks with a shortcut. The click asks the browser for
 * that site alone; the answer is said here, whichever it is.
 */
export function ExpandShortcutsPrompt(props: { hasShortcuts: boolean }) {
  const styles = useStyles();
  const site = useHost().shortcuts?.site;
  const [state, setState] = useState<TurnOnSiteOutcome | 'asking' | 'failed' | null>(null);
  if (!site || site.on || !props.hasShortcuts) return null;
  const name = siteName(site.origin);
  const shown = site;

  function turnOn() {
    // Asked first, in the click itself: the browser prompts only during the user's gesture.
    const asked = shown.turnOn();
    setState('asking');
    asked.then(setState, (error: unknown) => {
      console.warn('Cannery: shortcuts could not be turned on for this site.', error);
      setState('failed');
    });
  }

  if (state === 'on') {
    return (
      <MessageBar intent="success" role="status">
        <MessageBarBody>{EXPAND_SHORTCUTS_MESSAGES.on(name)}</MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <div className={styles.prompt}>
      <Button appearance="secondary" disabled={state === 'asking'} onClick={turnOn}>
        {EXPAND_SHORTCUTS_MESSAGES.button}
      </Button>
      {(state === 'refused' || state === 'failed') && (
        <MessageBar intent={state === 'refused' ? 'warning' : 'error'} role="alert">
          <MessageBarBody>{state === 'refused' ? EXPAND_SHORTCUTS_MESSAGES.refused(name) : EXPAND_SHORTCUTS_MESSAGES.failed}</MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
