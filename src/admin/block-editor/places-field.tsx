import { useId } from 'react';
import { Body1, Caption1, Checkbox, Field, makeStyles, tokens } from '@fluentui/react-components';
import type { SupportedContext } from '../../api/contract/common';
import { CONTEXTS, CONTEXT_LABELS } from '../common/contexts';

const useStyles = makeStyles({
  group: { border: 'none', margin: 0, padding: 0, minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  legend: { padding: 0 },
  boxes: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalL },
  hint: { color: tokens.colorNeutralForeground3 },
});

/** Says how a new block starts, beside the boxes. */
export const PLACES_HINT = 'New blocks are used in Outlook, Gmail and text fields unless you untick one.';

/**
 * "Used in": one checkbox per place a block is offered in, each with its own label (a `Field`
 * around all three would give them one id, so every label would tick the first box), grouped
 * under a legend that names the group for screen readers.
 */
export function PlacesField(props: { value: readonly SupportedContext[]; onChange: (contexts: SupportedContext[]) => void; validationMessage?: string | undefined }) {
  const styles = useStyles();
  const hintId = useId();
  const errorId = useId();
  const describedBy = props.validationMessage ? `${hintId} ${errorId}` : hintId;
  return (
    <fieldset className={styles.group} aria-describedby={describedBy}>
      <legend className={styles.legend}>
        <Body1>Used in</Body1>
      </legend>
      <div className={styles.boxes}>
        {CONTEXTS.map((context) => (
          <Checkbox
            key={context}
            label={CONTEXT_LABELS[context]}
            checked={props.value.includes(context)}
            onChange={(_event, data) => props.onChange(data.checked === true ? [...props.value, context] : props.value.filter((item) => item !== context))}
          />
        ))}
      </div>
      <Caption1 id={hintId} className={styles.hint}>
        {PLACES_HINT}
      </Caption1>
      {props.validationMessage && <Field validationMessage={{ id: errorId, children: props.validationMessage }} validationState="error" />}
    </fieldset>
  );
}
