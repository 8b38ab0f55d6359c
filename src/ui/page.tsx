import type { ReactNode } from 'react';
import { makeStyles, tokens, Title2 } from '@fluentui/react-components';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}`,
    maxWidth: '560px',
    marginInline: 'auto',
    boxSizing: 'border-box',
    minHeight: '100%',
  },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
  },
  title: { margin: 0 },
});

/** The frame every screen shares: a heading, optional header actions, then the content. */
export function Page(props: { title: ReactNode; actions?: ReactNode; children?: ReactNode; labelledBy?: string }) {
  const styles = useStyles();
  return (
    <main className={styles.page} aria-labelledby="page-title">
      <header className={styles.header}>
        <Title2 as="h1" id="page-title" className={styles.title}>
          {props.title}
        </Title2>
        {props.actions}
      </header>
      {props.children}
    </main>
  );
}
