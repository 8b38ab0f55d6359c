/**
 * Choosing a file to import: the labelled file input, what happens while Cannery checks the chosen
 * file or why it refused it, and reading the file as UTF-8 text.
 */
import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { FormError } from '../../ui/form-error';

const useStyles = makeStyles({
  file: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  label: { fontWeight: tokens.fontWeightSemibold },
});

/** Where a file import stands before it is checked: choosing (maybe after a refusal) or checking. */
export type FileChoiceStep = { kind: 'choose'; problem?: string } | { kind: 'checking'; name: string };

/** Why the chosen file was refused, while the user chooses again. */
export function problemOf(step: { kind: string; problem?: string }): string | undefined {
  return step.kind === 'choose' ? step.problem : undefined;
}

/** The file input; a refusal (`problem`) is announced under it and marks it invalid, naming the reason. */
export function FileField(props: { id: string; label: string; accept: string; disabled: boolean; onChoose: (file: File) => void; problem?: string | undefined }) {
  const styles = useStyles();
  const problemId = `${props.id}-problem`;
  return (
    <div className={styles.file}>
      <label htmlFor={props.id} className={styles.label}>
        {props.label}
      </label>
      <input
        id={props.id}
        type="file"
        accept={props.accept}
        disabled={props.disabled}
        aria-invalid={props.problem ? true : undefined}
        aria-describedby={props.problem ? problemId : undefined}
        // Emptied as the picker opens, so choosing the same file again, once fixed, checks it again.
        onClick={(event) => {
          event.currentTarget.value = '';
        }}
        onChange={(event) => {
          const chosen = event.currentTarget.files?.[0];
          if (chosen) props.onChoose(chosen);
        }}
      />
      <FormError id={problemId} message={props.problem} />
    </div>
  );
}

/** "Checking people.csv..." while the file is checked (why it was refused is the `FileField`'s). */
export function FileChoiceState(props: { step: { kind: string; name?: string } }) {
  const { step } = props;
  if (step.kind === 'checking') return <Spinner size="small" label={`Checking ${step.name ?? ''}...`} />;
  return null;
}

export const NOT_UTF8 = 'The file is not UTF-8 text. In a spreadsheet, save it as "CSV UTF-8".';

/** The file's text, or null when it is not UTF-8 (read leniently, its accents would turn into "�"). */
export async function utf8Of(file: Blob): Promise<string | null> {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return null;
  }
}
