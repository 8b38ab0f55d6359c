/**
 * The account's synonyms (the account admin's): words and phrases the public writes, each with the
 * office's words it means ("absentee" means "mail ballot"). Home's recommendations count an email
 * that uses one as if it used what it means, a little less than the office's own words. The list
 * is edited in place (add, change, remove rows) and saved as one whole; every field is checked as
 * the server checks it, and each problem is shown at its row.
 */
import { useRef, useState } from 'react';
import { Body1, Button, Field, Input, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { accountSynonyms, SYNONYM_LIMITS, type AccountSynonym } from '../../api/contract/meaning';
import { fetchSynonyms, saveSynonyms, synonymsQueryKey } from '../api/synonyms';
import { adminErrorMessage } from '../api/people';
import { useAuthServices } from '../../auth/auth-services';
import { FormError } from '../../ui/form-error';
import { useAdminAccess } from '../common/admin-access';
import { AdminLayout } from '../common/admin-layout';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '720px' },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
  },
  field: { flex: '1 1 200px', minWidth: 0 },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

interface Row {
  key: number;
  phrase: string;
  means: string;
}
type RowErrors = Record<number, { phrase?: string; means?: string }>;

export function AdminSynonymsPage() {
  const access = useAdminAccess();
  return (
    <AdminLayout title="Synonyms" area="account">
      {access.accountId && <SynonymsLoader accountId={access.accountId} />}
    </AdminLayout>
  );
}

function SynonymsLoader(props: { accountId: string }) {
  const { api } = useAuthServices();
  const synonyms = useQuery({ queryKey: synonymsQueryKey(props.accountId), queryFn: ({ signal }) => fetchSynonyms(api, props.accountId, signal) });
  if (synonyms.isPending) return <Spinner label="Loading the synonyms..." />;
  if (synonyms.isError)
    return (
      <MessageBar intent="error">
        <MessageBarBody>The synonyms could not be loaded. Please reload the page, and if the problem persists contact our team.</MessageBarBody>
      </MessageBar>
    );
  return <SynonymsForm accountId={props.accountId} saved={synonyms.data.synonyms} />;
}

/** The problems of `rows` by row, as the API would name them; none when the list can be saved. */
function checkRows(rows: readonly Row[]): { synonyms: AccountSynonym[] } | { errors: RowErrors; message: string } {
  const parsed = accountSynonyms.safeParse({ synonyms: rows.map(({ phrase, means }) => ({ phrase, means })) });
  if (parsed.success) return { synonyms: parsed.data.synonyms };
  const errors: RowErrors = {};
  let message = 'Some synonyms need a change before they can be saved.';
  for (const issue of parsed.error.issues) {
    const [, index, field] = issue.path;
    if (typeof index === 'number' && (field === 'phrase' || field === 'means')) errors[index] = { ...errors[index], [field]: capitalise(issue.message) };
    else message = `The list ${issue.message}.`;
  }
  return { errors, message };
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function SynonymsForm(props: { accountId: string; saved: readonly AccountSynonym[] }) {
  const styles = useStyles();
  const { api } = useAuthServices();
  const queryClient = useQueryClient();
  const nextKey = useRef(0);
  const rowsOf = (synonyms: readonly AccountSynonym[]): Row[] => synonyms.map((synonym) => ({ key: (nextKey.current += 1), ...synonym }));
  const [rows, setRows] = useState<Row[]>(() => rowsOf(props.saved));
  const [errors, setErrors] = useState<RowErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [pending, setPending] = useState(false);
  const focusKey = useRef<number | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const change = (key: number, next: Partial<Row>) => {
    setSaved(false);
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...next } : row)));
  };
  const add = () => {
    setSaved(false);
    const key = (nextKey.current += 1);
    focusKey.current = key;
    setRows((current) => [...current, { key, phrase: '', means: '' }]);
  };
  const remove = (key: number) => {
    setSaved(false);
    setErrors({});
    setRows((current) => current.filter((row) => row.key !== key));
    addButton.current?.focus();
  };

  async function save() {
    setProblem(null);
    setSaved(false);
    const checked = checkRows(rows);
    if ('errors' in checked) {
      setErrors(checked.errors);
      setProblem(checked.message);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const stored = await saveSynonyms(api, props.accountId, { synonyms: checked.synonyms });
      queryClient.setQueryData(synonymsQueryKey(props.accountId), stored);
      setRows(rowsOf(stored.synonyms));
      setSaved(true);
    } catch (failure) {
      console.warn('Saving the synonyms failed', failure);
      setProblem(adminErrorMessage(failure, 'The synonyms could not be saved.'));
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      className={styles.form}
      aria-label="Synonyms"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Body1>
        People write to you in their own words: &ldquo;my absentee ballot&rdquo; for what your blocks call a mail ballot. Each synonym tells Home&rsquo;s recommendations
        that a word or phrase the public writes means some of your words, so the blocks using those words are recommended for such emails. Home names the email&rsquo;s
        own word as the match. Related English words (&ldquo;wedding&rdquo; for &ldquo;marriage&rdquo;) are already understood; add what is particular to your office.
        At most {SYNONYM_LIMITS.count} synonyms.
      </Body1>
      {rows.length === 0 ? (
        <Body1>No synonyms yet.</Body1>
      ) : (
        <ul className={styles.list} aria-label="Synonyms of the account">
          {rows.map((row, index) => (
            <li key={row.key} className={styles.row}>
              <Field
                className={styles.field}
                label={`Word or phrase the public writes (${index + 1})`}
                validationState={errors[index]?.phrase ? 'error' : 'none'}
                validationMessage={errors[index]?.phrase}
              >
                <Input
                  value={row.phrase}
                  maxLength={SYNONYM_LIMITS.phrase * 2}
                  placeholder="absentee"
                  ref={(element) => {
                    if (element && focusKey.current === row.key) {
                      focusKey.current = null;
                      element.focus();
                    }
                  }}
                  onChange={(_event, data) => change(row.key, { phrase: data.value })}
                />
              </Field>
              <Field
                className={styles.field}
                label={`Means, in your words (${index + 1})`}
                validationState={errors[index]?.means ? 'error' : 'none'}
                validationMessage={errors[index]?.means}
              >
                <Input value={row.means} maxLength={SYNONYM_LIMITS.means * 2} placeholder="mail ballot" onChange={(_event, data) => change(row.key, { means: data.value })} />
              </Field>
              <Button onClick={() => remove(row.key)} aria-label={`Remove ${row.phrase.trim() ? `"${row.phrase.trim()}"` : `synonym ${index + 1}`}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FormError message={problem} />
      {saved && (
        <div role="status">
          <MessageBar intent="success">
            <MessageBarBody>The synonyms were saved. Home uses them the next time it loads.</MessageBarBody>
          </MessageBar>
        </div>
      )}
      <div className={styles.buttons}>
        <Button ref={addButton} onClick={add} disabled={rows.length >= SYNONYM_LIMITS.count}>
          Add a synonym
        </Button>
        <Button type="submit" appearance="primary" disabled={pending}>
          {pending ? 'Saving...' : 'Save synonyms'}
        </Button>
      </div>
    </form>
  );
}
