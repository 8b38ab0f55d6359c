import { Fragment } from 'react';
import { makeStyles } from '@fluentui/react-components';

// Pieces of an address wrap as wholes (inline, so the address still reads as one word); a cell
// holding one needs overflow-wrap: break-word, so its column is sized by the longest piece.
const useStyles = makeStyles({ piece: { whiteSpace: 'nowrap' } });

/** An address that may break only after its @ and before each dot, where people expect it to. */
export function EmailAddress(props: { email: string }) {
  const styles = useStyles();
  const parts = props.email.split(/(?<=@)|(?=\.)/);
  return (
    <span>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          <span className={styles.piece}>{part}</span>
        </Fragment>
      ))}
    </span>
  );
}
