import { FluentProvider, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useColorSchemeTheme } from '../../src/ui/use-color-scheme-theme';
import type { MailStore } from './mail-store';
import { MailSimulator } from './mail-simulator';

/**
 * A narrow window (a phone, or a desktop one zoomed to 400%): the email and the pane one above the
 * other, full width, and the page scrolls down instead of sideways.
 */
const NARROW = '@media (max-width: 760px)';

const useStyles = makeStyles({
  shell: {
    height: '100vh',
    display: 'grid',
    gridTemplateRows: 'auto 1fr',
    background: tokens.colorNeutralBackground3,
    [NARROW]: { height: 'auto', minHeight: '100vh' },
  },
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'baseline',
    columnGap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXL}`,
    background: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    [NARROW]: { paddingInline: tokens.spacingHorizontalM },
  },
  main: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) 380px',
    gap: tokens.spacingHorizontalXL,
    padding: tokens.spacingHorizontalXL,
    minHeight: 0,
    [NARROW]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalS },
  },
  pane: {
    background: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow8,
    overflow: 'auto',
    minHeight: 0,
  },
});

/**
 * The playground page: a simulated email on the left, the Cannery task pane on the right, in the
 * user's colour scheme as the pane is.
 */
export function Playground(props: { store: MailStore; paneRef: (element: HTMLDivElement | null) => void }) {
  const styles = useStyles();
  const theme = useColorSchemeTheme();
  return (
    <FluentProvider theme={theme}>
      <div className={styles.shell}>
        <header className={styles.bar}>
          <Text weight="semibold" size={500}>
            Cannery playground
          </Text>
          <Text size={200}>A simulated mail window beside the task pane.</Text>
        </header>
        <div className={styles.main}>
          <MailSimulator store={props.store} />
          <aside className={styles.pane} aria-label="Cannery task pane" ref={props.paneRef} />
        </div>
      </div>
    </FluentProvider>
  );
}
