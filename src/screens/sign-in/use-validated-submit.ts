import { useState } from 'react';
import { MESSAGES } from '../../auth/errors';
import { hasErrors, type FieldErrors } from '../../domain/form-validation';
import type { useBlurForm } from '../../ui/use-blur-form';

type BlurForm<K extends string> = ReturnType<typeof useBlurForm<K>>;

export interface ValidatedSubmitOptions<K extends string, S> {
  form: BlurForm<K>;
  /** The rules §5 checks of this form. */
  validate: (values: Record<K, string>) => FieldErrors<K>;
  /** What the call needs; absent when sign-in is unavailable on this deployment. */
  services: S | null | undefined;
  /**
   * Does the work. Resolves with a message to show when the form stays on screen, or with nothing
   * when it navigated away (the button then stays in its loading state until the screen leaves).
   */
  run: (values: Record<K, string>, services: S) => Promise<string | null | void>;
  /** The rules §8 message for a failure, or null when the failure was handled (e.g. signed out). */
  failure: (error: unknown) => string | null | Promise<string | null>;
  /** What was attempted, for the log. */
  action: string;
}

/**
 * The messages to show: those of fields the user is not changing right now. A message stays until
 * its field is committed again, but while the user edits that field it is hidden, so it cannot
 * vanish under the pointer at the moment a click on the submit button takes the focus away (which
 * would move the button and lose the click).
 */
function settledErrors<K extends string>(form: BlurForm<K>, errors: FieldErrors<K>): FieldErrors<K> {
  const shown: FieldErrors<K> = {};
  for (const field of Object.keys(errors) as K[]) {
    if (form.values[field] === form.committedValues[field]) shown[field] = errors[field];
  }
  return shown;
}

/**
 * The submit path the sign-in forms share: commit what was typed, stop at the spec's validation
 * messages, refuse when sign-in is unavailable, show 'Loading...' while the call runs, and show
 * the catalogue message of a failure while keeping every value typed.
 */
export function useValidatedSubmit<K extends string, S>(options: ValidatedSubmitOptions<K, S>) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errors: FieldErrors<K> = options.form.submitted ? settledErrors(options.form, options.validate(options.form.committedValues)) : {};

  async function submit(): Promise<void> {
    const values = options.form.commitAll();
    if (hasErrors(options.validate(values))) return;
    if (!options.services) {
      setError(MESSAGES.signInUnavailable);
      return;
    }
    setError(null);
    setPending(true);
    try {
      const message = await options.run(values, options.services);
      if (message) {
        setError(message);
        setPending(false);
      }
    } catch (failure) {
      console.warn(`${options.action} failed`, failure);
      const message = await options.failure(failure);
      if (message === null) return;
      setError(message);
      setPending(false);
    }
  }

  return { submit, pending, error, errors };
}
