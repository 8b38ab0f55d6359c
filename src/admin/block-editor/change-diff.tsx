/** What a version or a waiting change does to a block: each field before and after, and the text word by word. */
import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import type { VersionChanges } from './version-changes';

const useStyles = makeStyles({
  body: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 },
  added: { backgroundColor: tokens.colorPaletteGreenBackground2, textDecoration: 'none' },
  removed: { backgroundColor: tokens.colorPaletteRedBackground2, textDecoration: 'line-through' },
});

export function ChangeDiff(props: { changes: VersionChanges }) {
  const styles = useStyles();
  const { changes } = props;
  return (
    <>
      {changes.fields.length === 0 && changes.body === null && <Body1>Nothing changed in the text (only the block's state did).</Body1>}
      {changes.fields.map((field) => (
        <Body1 key={field.label}>
          {field.label}: <del className={styles.removed}>{field.before || '(none)'}</del> → <ins className={styles.added}>{field.after}</ins>
        </Body1>
      ))}
      {changes.body && (
        <p className={styles.body} aria-label="Block Content changes">
          {changes.body.map((run, at) =>
            run.change === 'same' ? (
              <span key={at}>{run.text}</span>
            ) : run.change === 'added' ? (
              <ins key={at} className={styles.added}>
                {run.text}
              </ins>
            ) : (
              <del key={at} className={styles.removed}>
                {run.text}
              </del>
            ),
          )}
        </p>
      )}
    </>
  );
}
