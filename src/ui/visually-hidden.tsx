import type { ReactNode } from 'react';
import { makeStyles } from '@fluentui/react-components';

/** Off screen but in the accessibility tree, so a screen reader reads it and nothing is drawn. */
const useStyles = makeStyles({
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: '0',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
    border: '0',
  },
});

/** Text for screen readers only: what sighted users see some other way (the block in their email). */
export function VisuallyHidden(props: { children: ReactNode }) {
  return <span className={useStyles().hidden}>{props.children}</span>;
}
