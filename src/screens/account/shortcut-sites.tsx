import { useCallback, useEffect, useState } from 'react';
import { Body1, Button, Caption1, Spinner, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { useHost } from '../../state/host-context';
import { siteName } from '../../domain/site-name';
import { FormError } from '../../ui/form-error';

export const SHORTCUT_SITES_MESSAGES = {
  heading: 'Shortcuts on sites',
  intro: 'Typed shortcuts expand in Gmail and on the sites listed here; Cannery runs on no other site. To add a site, open the picker there and choose "Expand shortcuts on this site".',
  none: 'No site has shortcuts turned on.',
  loadFailed: 'The sites could not be listed. Please try again, and if the problem persists contact our team.',
  turnOffFailed: 'The site could not be turned off. Please try again, and if the problem persists contact our team.',
} as const;

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  sites: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  site: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  name: { minWidth: 0, overflowWrap: 'anywhere' },
});

/**
 * Settings' list of the sites where typed shortcuts expand (docs/staff.md "Shortcuts"), each with "Turn
 * off". Shown in hosts that have such sites (the extension); nothing elsewhere.
 */
export function ShortcutSites() {
  const styles = useStyles();
  const sites = useHost().shortcuts?.sites;
  const [list, setList] = useState<string[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (!sites) return;
    try {
      setList(await sites.list());
    } catch (failure) {
      console.warn('Listing the shortcut sites failed', failure);
      setList([]);
      setError(SHORTCUT_SITES_MESSAGES.loadFailed);
    }
  }, [sites]);

  useEffect(() => {
    void load();
  }, [load]);

  if (!sites) return null;
  const from = sites;

  async function turnOff(origin: string) {
    setBusy(origin);
    setError(null);
    try {
      await from.turnOff(origin);
      await load();
    } catch (failure) {
      console.warn('Turning off a shortcut site failed', failure);
      setError(SHORTCUT_SITES_MESSAGES.turnOffFailed);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className={styles.section} aria-labelledby="shortcut-sites">
      <Subtitle2 as="h2" id="shortcut-sites" className={styles.heading}>
        {SHORTCUT_SITES_MESSAGES.heading}
      </Subtitle2>
      <Caption1>{SHORTCUT_SITES_MESSAGES.intro}</Caption1>
      {list === null ? (
        <Spinner size="tiny" label="Loading sites..." />
      ) : list.length === 0 ? (
        <Body1>{SHORTCUT_SITES_MESSAGES.none}</Body1>
      ) : (
        <ul className={styles.sites} aria-label="Sites with shortcuts">
          {list.map((origin) => (
            <li key={origin} className={styles.site}>
              <Body1 className={styles.name}>{siteName(origin)}</Body1>
              <Button size="small" aria-label={`Turn off ${siteName(origin)}`} disabled={busy !== null} onClick={() => void turnOff(origin)}>
                {busy === origin ? 'Loading...' : 'Turn off'}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FormError message={error} />
    </section>
  );
}
