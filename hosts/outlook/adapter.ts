import {
  EMPTY_ITEM,
  HostError,
  type AuthPopupOptions,
  type EmailAddress,
  type HostAdapter,
  type HostCapabilities,
  type InsertRequest,
  type InsertResult,
  type MailItem,
  type WorkAccountWindow,
} from '../host';
import { removeCursorMarker } from '../../src/domain/cursor-marker';
import { pollItem, POLL_INTERVAL_MS } from '../shared/poll-item';
import { createLocalStorage } from '../../src/platform/web-storage';
import { messageTaskPane } from './dialog-parent';
import { insertIntoCompose, isCompose, isRead, replyWithBlock, type InsertContext } from './insert-block';
import { officeAsync, officeSync } from './office-async';
import { detectFeatures, limitationsOf, type OutlookFeatures } from './requirements';
import { createSharedMailboxReader } from './shared-mailbox';

export { POLL_INTERVAL_MS };

/** Office's code for "the user closed the dialog" (DialogEventReceived). */
export const DIALOG_CLOSED_BY_USER = 12006;

type MessageRead = Office.MessageRead;
type MessageCompose = Office.MessageCompose;

/**
 * The `HostAdapter` of the Outlook task pane, over Office.js (`Office.context.mailbox`).
 *
 * Created after `Office.onReady`. It also runs in the Office dialogs that the task pane opens for
 * sign-in (routes of the same page), where `Office.context.mailbox` does not exist: there it
 * reports no item and refuses insertion, while storage and the rest keep working.
 *
 * What the client supports is asked once with `isSetSupported` (`requirements.ts`): an older
 * Outlook does without a feature (the email's text, files, ItemChanged, ...) and the adapter's
 * `limitations` tell the user, instead of calls failing.
 *
 * An item of a shared folder or shared mailbox carries its mailbox (`shared-mailbox.ts`); where the
 * delegate may only read, inserting is refused with `HostError('read-only')` before Outlook is asked.
 */
export function createOutlookAdapter(office: typeof Office = globalThis.Office): HostAdapter {
  // Absent in Office dialogs, although the typings declare it always present.
  const mailbox = (): Office.Mailbox | undefined => office.context?.mailbox;
  const currentItem = (): object | null => (mailbox()?.item as object | null | undefined) ?? null;
  const features = detectFeatures(office);

  const capabilities: HostCapabilities = {
    subjectLine: true,
    cc: true,
    attachments: features.fileAttachments,
    replyFromRead: true,
    // displayNewMessageForm arrived with Mailbox 1.6 (rules §8, checklists opened from read view).
    newCompose: features.newMessageForm,
    // Shared folders tell their owner from Mailbox 1.8, shared mailboxes from 1.13.
    sharedMailboxes: features.sharedFolders,
  };
  const mailboxOf = createSharedMailboxReader(office, features, () => mailbox()?.userProfile?.emailAddress ?? '');
  const itemChanged = createItemChangedHub(office, mailbox, features);
  const insertContext: InsertContext = {
    office,
    features,
    currentItem,
    onItemChanged: (listener) => itemChanged.subscribe(listener),
  };

  async function readItem(): Promise<MailItem> {
    const item = currentItem();
    let read: MailItem;
    if (item && isCompose(item)) read = await readCompose(office, features, item, mailbox()?.userProfile);
    else if (item && isRead(item)) read = await readRead(office, features, item);
    // Nothing selected, an appointment, or a dialog without a mailbox.
    else return { ...EMPTY_ITEM, recipients: [] };
    const shared = await mailboxOf(item);
    return shared ? { ...read, mailbox: shared } : read;
  }

  function watchItem(onChange: (item: MailItem) => void, signal: AbortSignal): void {
    pollItem(readItem, onChange, signal, {
      // Outlook tells when another item is selected; the poll catches edits of the open one.
      subscribe: (listener) => itemChanged.subscribe(listener),
      // A failed read is retried by the next poll; each distinct failure is reported once, not every 500 ms.
      onReadError: (error) => console.warn('Cannery: reading the Outlook item failed', error),
    });
  }

  function insertBlock(marked: InsertRequest): Promise<InsertResult> {
    // Office.js inserts HTML at the cursor but cannot place the caret afterwards: a block's
    // `{{cursor}}` is dropped, and the caret ends after the block as usual.
    const request = { ...marked, html: removeCursorMarker(marked.html), text: removeCursorMarker(marked.text) };
    const item = currentItem();
    if (!item || (!isCompose(item) && !isRead(item))) return Promise.reject(new HostError('no-compose', 'No email is open in compose view'));
    return mailboxOf(item)
      .catch((error: unknown) => {
        throw new HostError('insert-failed', 'The mailbox of the open email could not be read', { cause: error });
      })
      .then((shared) => {
        // Outlook would refuse the reply or the insertion: say why before trying.
        if (shared && !shared.canWrite) throw new HostError('read-only', `Only reading is allowed in ${shared.address}`);
        return isCompose(item) ? insertIntoCompose(insertContext, item, request) : replyWithBlock(insertContext, item, request);
      });
  }

  function openNewCompose(): Promise<void> {
    const box = mailbox();
    if (!capabilities.newCompose || !box || typeof box.displayNewMessageForm !== 'function') {
      return Promise.reject(new HostError('unsupported', 'This Outlook cannot open a new message (Mailbox 1.6)'));
    }
    // 'unsupported' on failure as well: the app then asks the user to start the email themselves.
    return new Promise<void>((resolve) => {
      officeSync('unsupported', 'Opening a new message', () => box.displayNewMessageForm({}));
      resolve();
    });
  }

  function openAuthPopup(url: string, options: AuthPopupOptions): Promise<string> {
    return openOfficeDialog(office, url, options);
  }

  // The task pane page is the redirect URI; its dialogs are landing pages of the same page.
  const page = `${globalThis.location.origin}${globalThis.location.pathname}`;
  const workAccount: WorkAccountWindow = { mode: 'landing', redirectUri: page, landingUrl: (route) => `${page}#/${route}` };

  function sendToOpener(message: string): Promise<void> {
    return new Promise((resolve) => {
      messageTaskPane(message, office);
      resolve();
    });
  }

  return {
    name: 'outlook',
    context: 'outlook',
    sessionContext: 'outlook',
    capabilities,
    storage: createLocalStorage(),
    limitations: limitationsOf(office, features),
    readItem,
    watchItem,
    insertBlock,
    openNewCompose,
    openAuthPopup,
    workAccount,
    sendToOpener,
  };
}

async function readRead(office: typeof Office, features: OutlookFeatures, item: MessageRead): Promise<MailItem> {
  const bodyText = await readBody(office, features, item.body);
  // `from` is who wrote it; `sender` differs only for delegates and is the better fallback than nothing.
  const sender = toAddress(item.from) ?? toAddress(item.sender);
  return {
    mode: 'read',
    itemId: item.itemId || null,
    bodyText,
    sender,
    recipients: toAddresses(item.to),
    subject: item.subject ?? '',
  };
}

async function readCompose(
  office: typeof Office,
  features: OutlookFeatures,
  item: MessageCompose,
  profile: Office.UserProfile | undefined,
): Promise<MailItem> {
  const [bodyText, recipients, subject, sender, itemId] = await Promise.all([
    readBody(office, features, item.body),
    officeAsync<Office.EmailAddressDetails[]>(office, 'read-failed', 'Reading the recipients', (done) =>
      item.to.getAsync(done),
    ),
    officeAsync<string>(office, 'read-failed', 'Reading the subject', (done) => item.subject.getAsync(done)),
    readComposeSender(office, features, item, profile),
    readComposeItemId(office, features, item),
  ]);
  return { mode: 'compose', itemId, bodyText, sender, recipients: toAddresses(recipients), subject: subject ?? '' };
}

/**
 * `from.getAsync` needs Mailbox 1.7; before that, or when it fails, the sender of an email being
 * written is taken to be the signed-in user, which is right unless they send as a shared mailbox.
 */
async function readComposeSender(
  office: typeof Office,
  features: OutlookFeatures,
  item: MessageCompose,
  profile: Office.UserProfile | undefined,
): Promise<EmailAddress | null> {
  const from = (item as Partial<MessageCompose>).from;
  if (features.composeFrom && from && typeof from.getAsync === 'function') {
    const details = await officeAsync<Office.EmailAddressDetails>(office, 'read-failed', 'Reading the sender', (done) =>
      from.getAsync(done),
    ).catch(() => null);
    const address = toAddress(details);
    if (address) return address;
  }
  return profile ? { displayName: profile.displayName ?? '', emailAddress: profile.emailAddress ?? '' } : null;
}

/**
 * `getItemIdAsync` needs Mailbox 1.8 and fails for a message that was never saved; neither is an
 * error for Cannery, which then simply has no id for the draft.
 */
async function readComposeItemId(office: typeof Office, features: OutlookFeatures, item: MessageCompose): Promise<string | null> {
  if (!features.composeItemId || typeof (item as Partial<MessageCompose>).getItemIdAsync !== 'function') return null;
  try {
    const id = await officeAsync<string>(office, 'read-failed', 'Reading the item id', (done) =>
      item.getItemIdAsync(done),
    );
    return id || null;
  } catch {
    return null;
  }
}

/**
 * The body as text. `body.getAsync` needs Mailbox 1.3: an older Outlook gives no text, which turns
 * recommendations off (the adapter's `limitations` say so) instead of failing every poll.
 */
function readBody(office: typeof Office, features: OutlookFeatures, body: Office.Body): Promise<string> {
  if (!features.readBody) return Promise.resolve('');
  return officeAsync<string>(office, 'read-failed', 'Reading the body', (done) =>
    body.getAsync(office.CoercionType.Text, done),
  ).then((text) => text ?? '');
}

/**
 * Opens `url` in an Office dialog and resolves with the first message its page sends through
 * `Office.context.ui.messageParent`, then closes the dialog.
 */
function openOfficeDialog(office: typeof Office, url: string, options: AuthPopupOptions): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let settled = false;
    const onOpened = (result: Office.AsyncResult<Office.Dialog>): void => {
      if (result.status === office.AsyncResultStatus.Failed) {
        const code = result.error?.code;
        reject(new HostError('dialog-failed', `Sign-in dialog could not open (${code}): ${result.error?.message}`, { cause: result.error }));
        return;
      }
      const dialog = result.value;
      const close = (): void => {
        try {
          dialog.close();
        } catch (error) {
          console.warn('Cannery: closing the sign-in dialog failed', error);
        }
      };
      dialog.addEventHandler(office.EventType.DialogMessageReceived, (args) => {
        if (settled) return;
        // The report carries tokens: only this add-in's own page may send it (DialogOrigin 1.1
        // names the sender's origin; older hosts deliver only same-origin messages anyway).
        if ('message' in args && args.origin !== undefined && args.origin !== globalThis.location.origin) {
          console.warn('Cannery: ignored a sign-in dialog message from another origin', args.origin);
          return;
        }
        settled = true;
        close();
        if ('message' in args) resolve(args.message);
        else reject(new HostError('dialog-failed', `Sign-in dialog reported error ${args.error}`));
      });
      dialog.addEventHandler(office.EventType.DialogEventReceived, (args) => {
        if (settled) return;
        settled = true;
        const code = 'error' in args ? args.error : undefined;
        if (code === DIALOG_CLOSED_BY_USER) {
          // Rules §8 wording; the dialog is already gone.
          reject(new HostError('dialog-closed', 'Dialog window closed'));
          return;
        }
        // Navigation failures (12002, 12003) leave the dialog open on an error page.
        close();
        reject(new HostError('dialog-failed', `Sign-in dialog failed (${code})`));
      });
    };
    try {
      office.context.ui.displayDialogAsync(
        url,
        { height: options.heightPercent, width: options.widthPercent, promptBeforeOpen: false },
        onOpened,
      );
    } catch (error) {
      reject(new HostError('dialog-failed', 'Sign-in dialog could not open', { cause: error }));
    }
  });
}

/**
 * One Office ItemChanged registration shared by every watcher of an adapter: Office's
 * `mailbox.removeHandlerAsync` removes all handlers of an event type at once, so two watchers
 * registering separately would unsubscribe each other.
 */
function createItemChangedHub(office: typeof Office, mailbox: () => Office.Mailbox | undefined, features: OutlookFeatures) {
  const listeners = new Set<() => void>();
  const dispatch = (): void => {
    for (const listener of [...listeners]) listener();
  };
  return {
    subscribe(listener: () => void): () => void {
      const box = mailbox();
      // ItemChanged needs Mailbox 1.5 (as does pinning, which it serves); without it polling alone
      // notices a new item.
      if (!box || !features.itemChanged || typeof box.addHandlerAsync !== 'function') return () => undefined;
      listeners.add(listener);
      if (listeners.size === 1) {
        officeAsync<void>(office, 'read-failed', 'Listening for ItemChanged', (done) =>
          box.addHandlerAsync(office.EventType.ItemChanged, dispatch, done),
        ).catch((error: unknown) => console.warn('Cannery: ItemChanged is unavailable; polling only', error));
      }
      return () => {
        if (!listeners.delete(listener) || listeners.size > 0) return;
        officeAsync<void>(office, 'read-failed', 'Removing the ItemChanged handler', (done) =>
          box.removeHandlerAsync(office.EventType.ItemChanged, done),
        ).catch((error: unknown) => console.warn('Cannery: removing the ItemChanged handler failed', error));
      };
    },
  };
}

function toAddress(details: Office.EmailAddressDetails | null | undefined): EmailAddress | null {
  if (!details?.emailAddress) return null;
  return { displayName: details.displayName ?? '', emailAddress: details.emailAddress };
}

function toAddresses(list: Office.EmailAddressDetails[] | null | undefined): EmailAddress[] {
  return (list ?? []).flatMap((details) => toAddress(details) ?? []);
}
