import { Field, Select, makeStyles } from '@fluentui/react-components';

// A native select is as wide as its longest option: held to its field, a long name is cut short
// instead of widening the page past a 320 px window.
const useStyles = makeStyles({ select: { maxWidth: '100%', minWidth: 0 } });
import { useQuery } from '@tanstack/react-query';
import type { TeamRef } from '../api/admin';
import { fetchTeamOwners, stewardshipQueryKeys } from '../api/stewardship';
import { DEFAULT_REVIEW_EVERY_DAYS, REVIEW_INTERVALS, type RecordOwner } from '../../api/contract/stewardship';
import { useAuthServices } from '../../auth/auth-services';

/** The owner field's value for nobody; an empty value on a new record means the admin who saves it. */
export const NO_OWNER = 'none';

/** What the editors' forms hold of a record's owner and review interval. */
export interface StewardshipValues {
  /** A person's id, `NO_OWNER`, or '' (a new record: its creator). */
  owner: string;
  reviewEveryDays: number;
}

export const NEW_STEWARDSHIP: StewardshipValues = { owner: '', reviewEveryDays: DEFAULT_REVIEW_EVERY_DAYS };

export function stewardshipFormOf(record: { owner: RecordOwner | null; reviewEveryDays: number }): StewardshipValues {
  return { owner: record.owner?.id ?? NO_OWNER, reviewEveryDays: record.reviewEveryDays };
}

/** The owner and interval to send with the save. */
export function stewardshipInputOf(values: StewardshipValues): { owner?: string | null; reviewEveryDays: number } {
  if (values.owner === '') return { reviewEveryDays: values.reviewEveryDays };
  return { owner: values.owner === NO_OWNER ? null : values.owner, reviewEveryDays: values.reviewEveryDays };
}

const personText = (person: RecordOwner) => (person.name ? `${person.name} (${person.email})` : person.email);

/** "Owner" (people of the team) and "Review every" (30 to 365 days), saved with the record. */
export function StewardshipFields(props: { team: TeamRef; values: StewardshipValues; onChange: (values: StewardshipValues) => void; current?: RecordOwner | null }) {
  const styles = useStyles();
  const { api } = useAuthServices();
  const people = useQuery({ queryKey: stewardshipQueryKeys.owners(props.team.teamId), queryFn: ({ signal }) => fetchTeamOwners(api, props.team, signal) });
  const list = people.data ?? [];
  // An owner who has left the team stays shown until someone else is chosen.
  const current = props.current && !list.some((person) => person.id === props.current!.id) ? [props.current] : [];
  return (
    <>
      <Field label="Owner" hint="The person who keeps this right: they review it when its review falls due.">
        <Select className={styles.select} select={{ className: styles.select }} value={props.values.owner} onChange={(_event, data) => props.onChange({ ...props.values, owner: data.value })}>
          {props.values.owner === '' && <option value="">You</option>}
          {[...current, ...list].map((person) => (
            <option key={person.id} value={person.id}>
              {personText(person)}
            </option>
          ))}
          <option value={NO_OWNER}>No owner</option>
        </Select>
      </Field>
      <Field label="Review every" hint="How often the owner confirms it is still right. Saving a change counts as a review.">
        <Select value={String(props.values.reviewEveryDays)} onChange={(_event, data) => props.onChange({ ...props.values, reviewEveryDays: Number(data.value) })}>
          {REVIEW_INTERVALS.map((days) => (
            <option key={days} value={String(days)}>
              {`${days} days`}
            </option>
          ))}
        </Select>
      </Field>
    </>
  );
}
