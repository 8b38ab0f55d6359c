import type { ReactNode } from 'react';
import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useReturnFocus } from './return-focus';

/** What makes a dialog a form: Enter in a field or a submit button runs `onSubmit`. */
export interface DialogForm {
  onSubmit: () => void;
  id?: string;
  label?: string;
  /** The form checks its fields itself and says what is wrong, instead of the browser. */
  noValidate?: boolean;
}

/**
 * The frame of the admin's dialogs: a title, the content, the buttons, and closing by Escape or
 * the backdrop unless an action is under way. As a form, its submit is kept to itself, so a
 * dialog opened from within another form (a block's) does not submit that one too.
 */
export function AdminDialog(props: {
  title: ReactNode;
  onClose: () => void;
  actions: ReactNode;
  children: ReactNode;
  modalType?: 'modal' | 'alert';
  /** While true, Escape and the backdrop leave the dialog open. */
  busy?: boolean;
  /** The id of the text that describes the dialog. */
  describedBy?: string;
  contentClassName?: string;
  form?: DialogForm;
}) {
  const { form } = props;
  // The admin's dialogs are mounted only while open: closed, they give the focus back to their opener.
  useReturnFocus();
  const body = (
    <DialogBody>
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent className={props.contentClassName}>{props.children}</DialogContent>
      <DialogActions>{props.actions}</DialogActions>
    </DialogBody>
  );
  return (
    <Dialog open modalType={props.modalType ?? 'modal'} onOpenChange={(_event, data) => !data.open && !props.busy && props.onClose()}>
      <DialogSurface {...(props.describedBy ? { 'aria-describedby': props.describedBy } : {})}>
        {form ? (
          <form
            id={form.id}
            aria-label={form.label}
            noValidate={form.noValidate}
            onSubmit={(event) => {
              event.preventDefault();
              event.stopPropagation();
              form.onSubmit();
            }}
          >
            {body}
          </form>
        ) : (
          body
        )}
      </DialogSurface>
    </Dialog>
  );
}
