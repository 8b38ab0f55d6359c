/**
 * Asks before a checklist with no task ticked is completed: a Complete pressed by mistake (or
 * before the call) would record a run with nothing done. Loaded on the first such press, as the
 * block prompt dialog is: Fluent's dialog is no part of the first screen.
 */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';

export const COMPLETE_CONFIRM_TEXT = {
  title: 'Complete with no tasks ticked?',
  body: 'No task of this checklist is ticked. It will be recorded as completed with none done.',
  confirm: 'Complete anyway',
  cancel: 'Cancel',
} as const;

/** Open while mounted; Escape, Cancel and a click outside all cancel. */
export default function CompleteConfirmDialog(props: { onConfirm: () => void; onCancel: () => void }) {
  return (
    <Dialog
      open
      modalType="alert"
      onOpenChange={(_event, data) => {
        if (!data.open) props.onCancel();
      }}
      // No animation: the dialog leaves by unmounting, and Complete anyway changes the screen at once.
      surfaceMotion={null}
    >
      <DialogSurface backdropMotion={null}>
        <DialogBody>
          <DialogTitle>{COMPLETE_CONFIRM_TEXT.title}</DialogTitle>
          <DialogContent>{COMPLETE_CONFIRM_TEXT.body}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={props.onConfirm}>
              {COMPLETE_CONFIRM_TEXT.confirm}
            </Button>
            <Button appearance="secondary" onClick={props.onCancel}>
              {COMPLETE_CONFIRM_TEXT.cancel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
