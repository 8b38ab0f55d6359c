/**
 * The "Show from" and "Show until" fields of the block and checklist editors, and the badge the
 * lists and editors show for a record staff do not see today (src/api/contract/wording.ts).
 */
import { Badge, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import type { ShowWindow } from '../../api/contract/wording';

const useStyles = makeStyles({
  dates: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
  date: { minWidth: '180px' },
});

/** A day (YYYY-MM-DD) as people read it: "Dec 24, 2026". */
export function dayText(day: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

export function ShowDatesFields(props: {
  noun: 'block' | 'checklist';
  showFrom: string;
  showUntil: string;
  onChange: (field: 'showFrom' | 'showUntil', value: string) => void;
  errors: { showFrom?: string | undefined; showUntil?: string | undefined };
}) {
  const styles = useStyles();
  return (
    <div className={styles.dates} role="group" aria-label="When staff see it">
      <Field className={styles.date} label="Show from" hint={`Staff see the ${props.noun} from this day; empty: from now.`} validationMessage={props.errors.showFrom}>
        <Input type="date" value={props.showFrom} onChange={(_event, data) => props.onChange('showFrom', data.value)} />
      </Field>
      <Field className={styles.date} label="Show until" hint="The last day staff see it, in your account’s time zone; empty: no end." validationMessage={props.errors.showUntil}>
        <Input type="date" value={props.showUntil} onChange={(_event, data) => props.onChange('showUntil', data.value)} />
      </Field>
    </div>
  );
}

/** Why staff do not see a record today, or nothing when they do. */
export function WindowBadge(props: { window: ShowWindow; showFrom: string | null; showUntil: string | null }) {
  if (props.window === 'ended' && props.showUntil) {
    return (
      <Badge appearance="tint" color="danger">
        Ended {dayText(props.showUntil)}: hidden from staff
      </Badge>
    );
  }
  if (props.window === 'upcoming' && props.showFrom) {
    return (
      <Badge appearance="tint" color="warning">
        Starts {dayText(props.showFrom)}: hidden from staff until then
      </Badge>
    );
  }
  return null;
}
