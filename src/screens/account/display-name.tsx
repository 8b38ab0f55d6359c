import { useState } from 'react';
import { Body1, Button, Field, Input, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import type { AuthSource } from '../../state/auth';
import { useDisplayName, useSaveDisplayName } from '../../user/display-name';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/** The user pool's limit on a name (server/identity/attributes.ts, as Cognito's). */
export const MAX_DISPLAY_NAME = 2048;

export const DISPLAY_NAME_MESSAGES = {
  hint: 'Blocks that sign with your name use it.',
  saved: 'Display name saved.',
  tooLong: `Display name must be at most ${MAX_DISPLAY_NAME.toLocaleString('en-US')} characters.`,
  refused: 'Display name must be one line of text without control characters.',
  failed: 'Your display name could not be saved. Please try again, and if the problem persists contact our team.',
  fromWorkAccount: 'Your display name comes from your work account.',
  noneFromWorkAccount: 'Your work account gives no display name: blocks that sign with your name ask for it.',
} as const;

/** Tabs, line breaks and other control characters: the input cannot show them, the pool refuses them. */
// eslint-disable-next-line no-control-regex -- control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function errorMessage(error: unknown): string {
  return error instanceof Error && error.name === 'InvalidParameterException' ? DISPLAY_NAME_MESSAGES.refused : DISPLAY_NAME_MESSAGES.failed;
}

/**
 * Settings' display name: what `{{me.name}}` fills in when a block signs a reply. A password
 * account edits it here (saved as the pool's `name` attribute; the session picks it up at once);
 * a work account's comes from the organisation's provider and is shown, not edited.
 */
export function DisplayName(props: { source: AuthSource }) {
  const styles = useStyles();
  const current = useDisplayName() ?? '';
  const save = useSaveDisplayName();
  const [value, setValue] = useState(current);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  if (props.source === 'microsoft') {
    return (
      <Body1 as="p">
        {current ? (
          <>
            Display name: <strong>{current}</strong>. {DISPLAY_NAME_MESSAGES.fromWorkAccount}
          </>
        ) : (
          DISPLAY_NAME_MESSAGES.noneFromWorkAccount
        )}
      </Body1>
    );
  }
  if (!save) return null;
  const saveName = save;

  async function submit() {
    setSaved(false);
    const name = value.trim();
    if (name.length > MAX_DISPLAY_NAME) return setError(DISPLAY_NAME_MESSAGES.tooLong);
    if (CONTROL.test(name)) return setError(DISPLAY_NAME_MESSAGES.refused);
    setError(null);
    setPending(true);
    try {
      await saveName(name);
      setValue(name);
      setSaved(true);
    } catch (failure) {
      console.warn('Saving the display name failed', failure);
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      className={styles.form}
      aria-label="Display name"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Field label="Display name" hint={DISPLAY_NAME_MESSAGES.hint} validationMessage={error ?? undefined} validationState={error ? 'error' : 'none'}>
        <Input
          value={value}
          autoComplete="name"
          onChange={(_event, data) => {
            setValue(data.value);
            setSaved(false);
          }}
        />
      </Field>
      <div className={styles.row}>
        <Button type="submit" appearance="primary" disabled={pending || value.trim() === current}>
          {pending ? 'Saving...' : 'Save name'}
        </Button>
      </div>
      {saved && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{DISPLAY_NAME_MESSAGES.saved}</MessageBarBody>
        </MessageBar>
      )}
    </form>
  );
}
