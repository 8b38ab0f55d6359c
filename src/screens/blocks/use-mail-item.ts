import { useEffect, useState } from 'react';
import { EMPTY_ITEM, type MailItem } from '../../../hosts/host';
import { useHost } from '../../state/host-context';

/** The open item, kept current by the host (polled every 500 ms, rules §1, plus the host's events). */
export function useMailItem(): MailItem {
  const host = useHost();
  const [item, setItem] = useState<MailItem>(EMPTY_ITEM);
  useEffect(() => {
    const controller = new AbortController();
    host.watchItem(setItem, controller.signal);
    return () => controller.abort();
  }, [host]);
  return item;
}
