/**
 * The playground's task pane and its windows. In Outlook a new message opened by the add-in
 * (`displayNewMessageForm`) is a new window where the user opens the add-in again: a new instance
 * of the app, which finds the new message open. The playground has one window, which the new
 * message takes over (MailStore.openNewMessageWindow); this opens a new instance of the pane in it,
 * at the page the user was on, so checklists continue on the new message instead of leaving the
 * old pane saying to open the add-in in a window that is not there.
 */
import type { MailStore } from './mail-store';

export interface MountedPane {
  unmount(): void;
}

/**
 * Mounts the pane with `mount` when its element appears, and again, as a new instance, whenever
 * the store opens a new message window. Returns the `ref` callback for the pane's element.
 */
export function paneWindows(store: MailStore, mount: (element: HTMLElement) => MountedPane, win: Pick<Window, 'setTimeout'> = globalThis.window) {
  let element: HTMLElement | null = null;
  let pane: MountedPane | null = null;
  store.onNewWindow(() => {
    // After the old instance's own call (it asked for the window) has returned: React cannot
    // unmount a root from inside that root's work.
    win.setTimeout(() => {
      if (!element) return;
      pane?.unmount();
      pane = mount(element);
    }, 0);
  });
  return (next: HTMLElement | null) => {
    if (!next || pane) return;
    element = next;
    pane = mount(next);
  };
}
