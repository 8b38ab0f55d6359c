import { useEffect, useState } from 'react';
import { useSetAtom } from 'jotai';
import { EMPTY_ITEM, type MailItem } from '../../../hosts/host';
import { useHost } from '../../state/host-context';
import { openMailboxAtom } from '../../state/open-mailbox';

/**
 * The open item, kept current by the host (polled every 500 ms, rules §1, plus the host's events).
 * Its mailbox, when not the user's own, is told to the rest of the app (`openMailboxAtom`): the
 * team it picks, and the mailbox noted on uses and sessions.
 */
export function useMailItem(): MailItem {
  const host = useHost();
  const [item, setItem] = useState<MailItem>(EMPTY_ITEM);
  const setMailbox = useSetAtom(openMailboxAtom);
  useEffect(() => {
    const controller = new AbortController();
    host.watchItem((next) => {
      setItem(next);
      setMailbox((current) => {
        const mailbox = next.mailbox ?? null;
        const same = current?.address === mailbox?.address && current?.kind === mailbox?.kind && current?.canWrite === mailbox?.canWrite;
        return same ? current : mailbox;
      });
    }, controller.signal);
    return () => controller.abort();
  }, [host, setMailbox]);
  return item;
}
