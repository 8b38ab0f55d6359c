import { useState, type ReactNode } from 'react';
import { Body1, Button } from '@fluentui/react-components';
import { FormError } from '../../ui/form-error';
import { AdminDialog } from './admin-dialog';

/**
 * Asks before an action that is hard to take back (disable, remove, reset). The action runs while
 * the dialog stays open; a failure is shown in it, and success closes it.
 */
export function ConfirmDialog(props: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  onConfirm: () => Promise<string | null>;
  onClose: () => void;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setPending(true);
    setError(null);
    const problem = await props.onConfirm();
    setPending(false);
    if (problem) setError(problem);
    else props.onClose();
  }

  return (
    <AdminDialog
      title={props.title}
      modalType="alert"
      busy={pending}
      onClose={props.onClose}
      actions={
        <>
          <Button appearance="secondary" onClick={props.onClose} disabledFocusable={pending}>
            Cancel
          </Button>
          <Button appearance="primary" onClick={() => void confirm()} disabledFocusable={pending}>
            {pending ? props.pendingLabel : props.confirmLabel}
          </Button>
        </>
      }
    >
      <Body1 as="p">{props.children}</Body1>
      <FormError message={error} />
    </AdminDialog>
  );
}
