/**
 * How long the account keeps its records, on the Settings page (account admins): days per kind of
 * record or "Keep forever", with the default of each, saved as one whole policy. The server's
 * hourly pass deletes what is older; its errors are shown as it words them.
 */
import { useState } from 'react';
import { Body1, Button, Checkbox, Field, Input, MessageBar, MessageBarBody, Spinner, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RETENTION_KINDS, type RetentionKind, type RetentionSettings } from '../../api/contract/retention';
import type { FieldErrors } from '../../domain/form-validation';
import { useAuthServices } from '../../auth/auth-services';
import { FormError } from '../../ui/form-error';
import { adminErrorMessage } from '../api/people';
import { fetchRetention, retentionQueryKey, saveRetention } from '../api/retention';
import { RETENTION_LABELS, checkRetention, retentionFormOf, type RetentionFormValues } from './retention-form';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '640px' },
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    margin: 0,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    border: 'none',
    minWidth: 0,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
  },
  legend: { padding: 0, marginBottom: tokens.spacingVerticalXS },
  heading: { margin: 0 },
  hint: { color: tokens.colorNeutralForeground2 },
  kind: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', columnGap: tokens.spacingHorizontalL },
  days: { maxWidth: '220px' },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS },
});

const kept = (days: number | null) => (days === null ? 'forever' : `${days} days`);

export function RetentionPolicy(props: { accountId: string }) {
  const { api } = useAuthServices();
  const settings = useQuery({ queryKey: retentionQueryKey(props.accountId), queryFn: ({ signal }) => fetchRetention(api, props.accountId, signal) });
  if (settings.isPending) return <Spinner label="Loading how long records are kept..." />;
  if (settings.isError)
    return (
      <MessageBar intent="error">
        <MessageBarBody>How long records are kept could not be loaded. Please reload the page, and if the problem persists contact our team.</MessageBarBody>
      </MessageBar>
    );
  return <RetentionForm accountId={props.accountId} saved={settings.data} />;
}

function RetentionForm(props: { accountId: string; saved: RetentionSettings }) {
  const styles = useStyles();
  const { api } = useAuthServices();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<RetentionFormValues>(() => retentionFormOf(props.saved.policy));
  const [errors, setErrors] = useState<FieldErrors<RetentionKind>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [pending, setPending] = useState(false);
  const change = (kind: RetentionKind, next: Partial<RetentionFormValues[RetentionKind]>) => {
    setSaved(false);
    setValues((current) => ({ ...current, [kind]: { ...current[kind], ...next } }));
  };

  async function save() {
    setProblem(null);
    setSaved(false);
    const checked = checkRetention(values);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    setPending(true);
    try {
      const stored = await saveRetention(api, props.accountId, checked.policy);
      queryClient.setQueryData(retentionQueryKey(props.accountId), stored);
      setValues(retentionFormOf(stored.policy));
      setSaved(true);
    } catch (failure) {
      console.warn('Saving the retention failed', failure);
      setProblem(adminErrorMessage(failure, 'How long records are kept could not be saved.'));
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      className={styles.form}
      aria-label="How long records are kept"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <fieldset className={styles.section}>
        <legend className={styles.legend}>
          <Subtitle2 as="h2" className={styles.heading}>
            How long records are kept
          </Subtitle2>
        </legend>
        <Body1 className={styles.hint}>Records older than this are deleted within the hour. The server may keep some for less (its own limits for learning and mail).</Body1>
        {RETENTION_KINDS.map((kind) => {
          const { label, hint } = RETENTION_LABELS[kind];
          const value = values[kind];
          return (
            <div key={kind} className={styles.kind}>
              <Field
                className={styles.days}
                label={`${label} (days)`}
                hint={`${hint} Default: ${kept(props.saved.defaults[kind])}.`}
                validationState={errors[kind] ? 'error' : 'none'}
                validationMessage={errors[kind]}
              >
                <Input inputMode="numeric" value={value.days} disabled={value.forever} onChange={(_event, data) => change(kind, { days: data.value })} />
              </Field>
              <Checkbox
                label={`Keep ${label.toLowerCase()} forever`}
                checked={value.forever}
                onChange={(_event, data) => change(kind, { forever: data.checked === true, ...(data.checked === true ? {} : { days: value.days || String(props.saved.defaults[kind] ?? '') }) })}
              />
            </div>
          );
        })}
      </fieldset>
      <FormError message={problem} />
      {saved && (
        <div role="status">
          <MessageBar intent="success">
            <MessageBarBody>How long records are kept was saved.</MessageBarBody>
          </MessageBar>
        </div>
      )}
      <div className={styles.buttons}>
        <Button type="submit" appearance="primary" disabled={pending}>
          {pending ? 'Saving...' : 'Save retention'}
        </Button>
      </div>
    </form>
  );
}
