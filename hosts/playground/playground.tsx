import { FluentProvider, makeStyles, Text, tokens, webLightTheme } from '@fluentui/react-components';
import type { MailStore } from './mail-store';
import { MailSimulator } from './mail-simulator';

const useStyles = makeStyles({
  shell: {
    height: '100vh',
    display: 'grid',
    gridTemplateRows: 'auto 1fr',
    background: tokens.colorNeutralBackground3,
  },
  bar: {
    display: 'flex',
    alignItems: 'baseline',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXL}`,
    background: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
  },
  main: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) 380px',
    gap: tokens.spacingHorizontalXL,
    padding: tokens.spacingHorizontalXL,
    minHeight: 0,
  },
  pane: {
    background: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow8,
    overflow: 'auto',
    minHeight: 0,
  },
});

/** The playground page: a simulated email on the left, the Cannery task pane on the right. */
export function Playground(props: { store: MailStore; paneRef: (element: HTMLDivElement | null) => void }) {
  const styles = useStyles();
  return (
    <FluentProvider theme={webLightTheme}>
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
