import { HostError } from '../host';

/**
 * True when this page runs inside an Office dialog opened by the task pane's `displayDialogAsync`
 * (the dialog-landing and logout-landing routes), rather than in the task pane itself. Office
 * gives dialogs `Office.context.ui.messageParent` but no mailbox. Call after `Office.onReady`.
 */
export function isInOfficeDialog(office: typeof Office | undefined = globalThis.Office): boolean {
  if (!office?.context) return false;
  return !office.context.mailbox && typeof office.context.ui?.messageParent === 'function';
}

/**
 * Sends `message` from a dialog page to the task pane that opened it, where it arrives as
 * `DialogMessageReceived` and settles `openAuthPopup`. Both pages are on one origin, so no
 * `targetOrigin` is needed. Throws `HostError('unsupported')` outside an Office dialog, so the
 * caller can fall back to another channel (e.g. `window.opener` in a plain browser).
 */
export function messageTaskPane(message: string, office: typeof Office | undefined = globalThis.Office): void {
  if (!office || !isInOfficeDialog(office)) {
    throw new HostError('unsupported', 'This page is not an Office dialog; there is no task pane to message');
  }
  try {
    office.context.ui.messageParent(message);
  } catch (error) {
    throw new HostError('dialog-failed', 'Sending the message to the task pane failed', { cause: error });
  }
}
