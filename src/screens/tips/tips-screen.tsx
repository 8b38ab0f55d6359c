import { useEffect, useState } from 'react';
import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { TIPS_SEEN_KEY } from '../../auth/token-lifecycle';
import { useHost } from '../../state/host-context';
import { navigate } from '../../state/location';
import { Page } from '../../ui/page';
import { AppLink } from '../../ui/app-link';
import type { Tip } from './tips';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, paddingInlineStart: '1.25em', margin: 0 },
});

/**
 * Shown after the first sign-in on a device (rules §2 "Tips"), in the words of the host it runs in;
 * later sign-ins there go on to Home. The tips' text is loaded with the screen (a dynamic import)
 * rather than with the task pane's first screen.
 */
export function TipsScreen() {
  const styles = useStyles();
  const host = useHost();
  const [tips, setTips] = useState<readonly Tip[] | null>(null);
  useEffect(() => {
    let current = true;
    const seen = host.storage.get(TIPS_SEEN_KEY).catch(() => null);
    Promise.all([seen, import('./tips'), import('./shortcut')]).then(
      ([shown, { tipsFor }, { insertShortcut }]) => {
        if (!current) return;
        if (shown) return navigate('home', { replace: true });
        setTips(tipsFor(host, insertShortcut(navigator)));
        host.storage.set(TIPS_SEEN_KEY, new Date().toISOString()).catch((error: unknown) => console.warn('Remembering the quick tips failed', error));
      },
      (error: unknown) => console.warn('Loading the quick tips failed', error),
    );
    return () => {
      current = false;
    };
  }, [host]);
  if (tips === null) return null;
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
