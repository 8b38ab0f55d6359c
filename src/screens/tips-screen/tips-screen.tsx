import { useEffect, useState } from 'react';
import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { useHost } from '../../state/host-context';
import { Page } from '../common/page';
import { AppLink } from '../common/app-link';
import type { Tip } from './tips';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, paddingInlineStart: '1.25em', margin: 0 },
});

/**
 * Shown once after sign-in (spec §2 "Tips"), in the words of the host it runs in. The tips' text
 * is loaded with the screen (a dynamic import) rather than with the task pane's first screen.
 */
export function TipsScreen() {
  const styles = useStyles();
  const host = useHost();
  const [tips, setTips] = useState<readonly Tip[]>([]);
  useEffect(() => {
    let current = true;
    Promise.all([import('./tips'), import('./shortcut')]).then(
      ([{ tipsFor }, { insertShortcut }]) => current && setTips(tipsFor(host.context, insertShortcut(navigator))),
      (error: unknown) => console.warn('Loading the quick tips failed', error),
    );
    return () => {
      current = false;
    };
  }, [host.context]);
  return (
    <Page title="Quick Tips">
      <ol className={styles.list}>
        {tips.map((tip) => (
          <li key={tip.title}>
            <Body1>
              <strong>{tip.title}</strong> {tip.text}
            </Body1>
          </li>
        ))}
      </ol>
      <AppLink to="home">Continue to Home</AppLink>
    </Page>
  );
}
