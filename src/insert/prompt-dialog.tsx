/**
 * The dialog that asks a block's questions and the values Cannery does not know for sure (see
 * `variable-prompt-dialog.tsx`), loaded when a block first asks one: Fluent's dialog is no part
 * of the first screen.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { PromptRequest } from './prompt-request';

const useStyles = makeStyles({
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** The dialog of one request (see `variable-prompt-dialog.tsx`). */
export default function PromptDialog(props: { request: PromptRequest }) {
  const styles = useStyles();
  const { request } = props;
  const [answers, setAnswers] = useState<string[]>(() => request.questions.map((question) => question.defaultValue));
  const first = useRef<HTMLInputElement>(null);
  // The dialog focuses its first focusable element once open; where that is not the first field
  // (a DOM whose focusability it cannot judge), the field takes it, after the dialog's own turn.
  useEffect(() => {
    const timer = setTimeout(() => {
      const field = first.current;
      if (field && field.ownerDocument.activeElement?.tagName !== 'INPUT') field.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, []);
  // Where focus was when the dialog opened (the block's button): it goes back there on close, so
  // the modal's hiding of the page behind it is released even where the insert moves focus to
  // no element (an Outlook reply form), and the dialog closes before the request is settled.
  const opener = useRef<Element | null>(typeof document === 'undefined' ? null : document.activeElement);
  const [given, setGiven] = useState<Record<string, string> | null | undefined>(undefined);
  useEffect(() => {
    if (given === undefined) return;
    const back = opener.current;
    if (back instanceof HTMLElement && back.isConnected) back.focus();
    request.settle(given);
  }, [given, request]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setGiven(Object.fromEntries(request.questions.map((question, index) => [question.key, answers[index] ?? ''])));
  };
  return (
    <Dialog
      open={given === undefined}
      modalType="modal"
      onOpenChange={(_event, data) => {
        if (!data.open) setGiven(null);
      }}
      // No animation: the insertion that follows moves focus into the reply, which must not meet
      // a dialog still holding the focus trap on its way out.
      surfaceMotion={null}
    >
      <DialogSurface aria-describedby={undefined} backdropMotion={null}>
        {/* The form holds the buttons, so Enter in any field inserts. */}
        <form onSubmit={submit}>
          <DialogBody>
            <DialogTitle>{request.title}</DialogTitle>
            <DialogContent className={styles.fields}>
              {request.questions.map((question, index) => (
                <Field key={question.key} label={question.label} {...(question.hint ? { hint: question.hint } : {})}>
                  <Input
                    value={answers[index] ?? ''}
                    ref={index === 0 ? first : undefined}
                    onChange={(_event, data) => setAnswers((current) => current.map((value, at) => (at === index ? data.value : value)))}
                  />
                </Field>
              ))}
            </DialogContent>
            <DialogActions>
              <Button type="submit" appearance="primary">
                Insert
              </Button>
              <Button appearance="secondary" onClick={() => setGiven(null)}>
                Cancel
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
