import { Button, makeStyles, tokens } from '@fluentui/react-components';
import type { Checklist } from '../../api/contract/checklist';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '2px' },
  link: { justifyContent: 'flex-start', textAlign: 'start', fontWeight: tokens.fontWeightRegular, overflowWrap: 'anywhere' },
});

/** The address of a checklist's own screen (rules §2 `checklist/{checklistId}`). */
export const checklistHref = (checklist: Pick<Checklist, '_id'>) => `#/checklist/${encodeURIComponent(checklist._id)}`;

/** Checklists as links to their screens: real anchors, so they can be focused, read and opened. */
export function ChecklistLinks(props: { label: string; checklists: readonly Checklist[] }) {
  const styles = useStyles();
  return (
    <ul className={styles.list} aria-label={props.label}>
      {props.checklists.map((checklist) => (
        <li key={checklist._id}>
          <Button as="a" href={checklistHref(checklist)} appearance="subtle" className={styles.link}>
            {checklist.name}
          </Button>
        </li>
      ))}
    </ul>
  );
}
