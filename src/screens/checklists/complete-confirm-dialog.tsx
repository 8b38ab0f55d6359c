/**
 * Asks before a checklist with a task left unticked is completed, naming what is left: a Complete
 * pressed by mistake (or before the call) would record the run as done. Loaded on the first such
 * press, as the block prompt dialog is: Fluent's dialog is no part of the first screen.
 */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';

/** The dialog's words for `unticked` tasks of `total`. */
export function completeConfirmText(unticked: readonly string[], total: number) {
  const none = unticked.length === total;
  return {
    title: none ? 'Complete with no tasks ticked?' : `Complete with ${unticked.length} of ${total} tasks not ticked?`,
    body: none ? 'No task of this checklist is ticked. It will be recorded as completed with none done.' : 'These tasks are not ticked, and will be recorded as not done:',
    confirm: 'Complete anyway',
    cancel: 'Cancel',
  };
}

/** Open while mounted; Escape, Cancel and a click outside all cancel. */
export default function CompleteConfirmDialog(props: { unticked: readonly string[]; total: number; onConfirm: () => void; onCancel: () => void }) {
  const text = completeConfirmText(props.unticked, props.total);
  const some = props.unticked.length < props.total;
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
          <DialogTitle>{text.title}</DialogTitle>
          <DialogContent>
            <p style={{ margin: 0 }}>{text.body}</p>
            {some && (
              <ul aria-label="Tasks not ticked">
                {props.unticked.map((task, index) => (
                  <li key={index}>{task}</li>
                ))}
              </ul>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={props.onConfirm}>
              {text.confirm}
            </Button>
            <Button appearance="secondary" onClick={props.onCancel}>
              {text.cancel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
