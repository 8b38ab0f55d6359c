/**
 * Rules §8 "Checklist opened from read view": a checklist is worked through while writing an email
 * (it is completed before sending), so checklist home cannot be used on an email being read. Where
 * the host can open a new message (Outlook with Mailbox 1.6, the playground) it opens one and asks
 * the user to open the add-in there; otherwise it asks them to start a new email themselves.
 *
 * Checked once, on arriving at checklist home, from the item the host reports then (`readItem`; the
 * watched item starts out empty), not on every render or item change: each opening is a new window,
 * and a pane left on an email being read would open one after another. The answer holds until the
 * user leaves; coming back checks again. The user goes on in the new message's own pane, a new
 * instance of the app (the playground opens one itself, hosts/playground/task-pane.ts).
 * A failed read lets the user in: nothing says the email is being read.
 */
import { useState } from 'react';
import { useHost } from '../../state/host-context';
import { useRunOnce } from '../../ui/use-run-once';

export type ReadViewGate =
  /** Asking the host what is open. */
  | 'checking'
  /** Not an email being read: checklists can be used here. */
  | 'open'
  /** Read mode: a new message was opened for the user. */
  | 'new-message-opened'
  /** Read mode, and this host cannot open a new message (or failed to). */
  | 'start-new-message';

export const READ_VIEW_MESSAGES = {
  'new-message-opened': 'Please open the add-in in the new window to access Checklists.',
  'start-new-message': 'Please start a new email and open the add-in in the new window to access Checklists.',
} as const;

export function useReadViewGate(): ReadViewGate {
  const host = useHost();
  const [gate, setGate] = useState<ReadViewGate>('checking');
  useRunOnce(async () => {
    const item = await host.readItem().catch((error: unknown) => {
      console.warn('Cannery: reading the open item for checklists failed', error);
      return null;
    });
    if (item?.mode !== 'read') return setGate('open');
    if (!host.capabilities.newCompose) return setGate('start-new-message');
    try {
      await host.openNewCompose();
      setGate('new-message-opened');
    } catch (error) {
      console.warn('Cannery: opening a new message for checklists failed', error);
      setGate('start-new-message');
    }
  });
  return gate;
}
