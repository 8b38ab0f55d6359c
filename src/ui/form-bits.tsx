import type { ReactNode } from 'react';
import { Button, Field, Input, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import type { FieldBinding } from './use-blur-form';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // A line stays reserved for a field's message even while it has none: a message appearing or
  // going (on blur, which a click on the submit button causes at mouse-down) would otherwise move
  // the button from under the pointer before mouse-up, and the click would be lost.
  message: { minHeight: tokens.lineHeightBase200 },
});

/** A form laid out like the others; submitting never reloads the page. */
export function AuthForm(props: { onSubmit: () => void; label: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <form
      className={styles.form}
      aria-label={props.label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      {props.children}
    </form>
  );
}

/** A labelled text or password input with its validation message underneath, in a line of its own. */
export function TextField(props: {
  label: string;
  bind: FieldBinding;
  error?: string | undefined;
  type?: 'text' | 'password';
  autoComplete?: string;
  inputMode?: 'email' | 'numeric' | 'text';
  /** What the field takes, said before anything is typed. */
  hint?: string;
}) {
  const styles = useStyles();
  return (
    <Field
      label={props.label}
      {...(props.hint ? { hint: props.hint } : {})}
      validationMessage={{ className: styles.message, children: props.error }}
      validationState={props.error ? 'error' : 'none'}
    >
      <Input
        type={props.type ?? 'text'}
        value={props.bind.value}
        onChange={props.bind.onChange}
        onBlur={props.bind.onBlur}
        {...(props.autoComplete ? { autoComplete: props.autoComplete } : {})}
        {...(props.inputMode ? { inputMode: props.inputMode } : {})}
      />
    </Field>
  );
}

/**
 * The submit button: disabled and relabelled while a request is pending (rules §4: "Forms show
 * 'Loading...' and disable their button"; the login form says 'loading...').
 */
export function SubmitButton(props: { pending: boolean; children: ReactNode; pendingLabel?: string }) {
  return (
    <Button type="submit" appearance="primary" disabled={props.pending}>
      {props.pending ? (props.pendingLabel ?? 'Loading...') : props.children}
    </Button>
  );
}

/** The pool's password rules (rules §5), stated under every new-password field before a first try. */
export const PASSWORD_RULES_HINT = 'At least 12 characters, with a number, a special character (such as @ or !), an upper-case and a lower-case letter.';

/**
 * A new password and its confirmation, as every password form asks for them (rules §5), with the
 * rules said up front.
 */
export function NewPasswordFields(props: {
  bind: (name: 'newPassword' | 'confirmPassword') => FieldBinding;
  errors: { newPassword?: string | undefined; confirmPassword?: string | undefined };
}) {
  return (
    <>
      <TextField
        label="New password"
        type="password"
        bind={props.bind('newPassword')}
        error={props.errors.newPassword}
        autoComplete="new-password"
        hint={PASSWORD_RULES_HINT}
      />
      <TextField
        label="Confirm new password"
        type="password"
        bind={props.bind('confirmPassword')}
        error={props.errors.confirmPassword}
        autoComplete="new-password"
      />
    </>
  );
}

/** Said, as a status, above a form that opens with what was typed before the session ended. */
export function RestoredWorkNotice() {
  return (
    <div role="status">
      <MessageBar intent="info">
        <MessageBarBody>This is what you typed before you were signed out. It is not sent yet.</MessageBarBody>
      </MessageBar>
    </div>
  );
}
