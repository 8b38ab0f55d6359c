import { useId, type ReactNode } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronDown20Regular, ChevronRight20Regular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column' },
  header: { justifyContent: 'flex-start', fontWeight: tokens.fontWeightSemibold, paddingInline: 0 },
  body: { paddingInlineStart: tokens.spacingHorizontalM },
});

/** A group whose heading is a disclosure button (WAI-ARIA disclosure pattern). */
export function Collapsible(props: { title: string; open: boolean; onToggle: () => void; count?: number; children: ReactNode }) {
  const styles = useStyles();
  const bodyId = useId();
  return (
    <section className={styles.section} aria-label={props.title}>
      <h2 style={{ margin: 0, fontSize: 'inherit' }}>
        <Button
          appearance="transparent"
          className={styles.header}
          icon={props.open ? <ChevronDown20Regular /> : <ChevronRight20Regular />}
          aria-expanded={props.open}
          aria-controls={bodyId}
          onClick={props.onToggle}
        >
          {props.count === undefined ? props.title : `${props.title} (${props.count})`}
        </Button>
      </h2>
      <div id={bodyId} className={styles.body} hidden={!props.open}>
        {props.open ? props.children : null}
      </div>
    </section>
  );
}
