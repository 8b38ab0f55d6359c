/**
 * Which mailbox an Outlook item belongs to. An item of a folder another person shared with the
 * user (delegate access, Mailbox 1.8) or of a shared mailbox (Mailbox 1.13) has
 * `getSharedPropertiesAsync`, whose answer names the owner and the delegate's permissions; any
 * other item is the user's own. Asked once per item (Outlook hands out a new item object when
 * another email is selected); a failed answer is not kept, so the next read asks again.
 */
import type { ItemMailbox } from '../host';
import { officeAsync } from './office-async';
import type { OutlookFeatures } from './requirements';

/** "Office.MailboxEnums.DelegatePermissions": the bit that lets a delegate create items (replies, drafts). */
export const DELEGATE_WRITE = 2;

interface SharedProperties {
  owner?: string;
  targetMailbox?: string;
  delegatePermissions?: number;
}

interface MaybeShared {
  getSharedPropertiesAsync?: (callback: (result: Office.AsyncResult<SharedProperties>) => void) => void;
}

export function createSharedMailboxReader(office: typeof Office, features: OutlookFeatures, ownAddress: () => string) {
  const known = new WeakMap<object, Promise<ItemMailbox | null>>();

  async function ask(item: MaybeShared): Promise<ItemMailbox | null> {
    const getShared = item.getSharedPropertiesAsync;
    if (!features.sharedFolders || typeof getShared !== 'function') return null;
    const properties = await officeAsync<SharedProperties>(office, 'read-failed', 'Reading the shared mailbox', (done) =>
      getShared.call(item, done),
    );
    const address = (properties?.targetMailbox || properties?.owner || '').trim().toLowerCase();
    if (!address || address === ownAddress().trim().toLowerCase()) return null;
    const permissions = Number(properties?.delegatePermissions ?? 0);
    return { kind: 'shared', address, canWrite: (permissions & DELEGATE_WRITE) !== 0 };
  }

  /** The mailbox of `item` when it is not the user's own; rejects with `HostError('read-failed')`. */
  return function mailboxOf(item: object): Promise<ItemMailbox | null> {
    let answer = known.get(item);
    if (!answer) {
      answer = ask(item);
      known.set(item, answer);
      answer.catch(() => known.delete(item));
    }
    return answer;
  };
}
