import { useState, type FocusEvent } from 'react';
import type { InputOnChangeData } from '@fluentui/react-components';

/** What a text input needs to take part in a blur-committed form. */
export interface FieldBinding {
  value: string;
  onChange: (event: unknown, data: InputOnChangeData) => void;
  onBlur: (event: FocusEvent<HTMLInputElement>) => void;
}

/**
 * A form whose values are committed when a field loses focus (rules §5): `values` is what the user
 * typed and always stays on screen (an error never clears it); `committed` is what was last
 * committed per field, and rules run on that, so a message does not flicker while the user types.
 * Submitting commits every field at once (Enter submits without a blur).
 */
export function useBlurForm<K extends string>(initial: Record<K, string>, options: { tidy?: Partial<Record<K, (value: string) => string>> } = {}) {
  const [values, setValues] = useState(initial);
  /** A field's value as committed: tidied where the form says how (e.g. an email's surrounding spaces). */
  const tidy = (name: K, value: string): string => options.tidy?.[name]?.(value) ?? value;
  const [committed, setCommitted] = useState<Partial<Record<K, string>>>({});
  const [submitted, setSubmitted] = useState(false);

  function bind(name: K): FieldBinding {
    return {
      value: values[name],
      onChange: (_event, data) => setValues((current) => ({ ...current, [name]: data.value })),
      onBlur: (event) => {
        const value = tidy(name, event.currentTarget.value);
        setValues((current) => (current[name] === value ? current : { ...current, [name]: value }));
        setCommitted((current) => ({ ...current, [name]: value }));
      },
    };
  }

  /** Commits every field and returns the values to submit. */
  function commitAll(): Record<K, string> {
    const tidied = Object.fromEntries(Object.entries<string>(values).map(([name, value]) => [name, tidy(name as K, value)])) as Record<K, string>;
    setValues(tidied);
    setCommitted(tidied);
    setSubmitted(true);
    return tidied;
  }

  /** Committed values with uncommitted fields as '', for rules that look at the whole form. */
  const committedValues = { ...initial, ...committed } as Record<K, string>;

  return { values, committed, committedValues, submitted, bind, commitAll };
}
