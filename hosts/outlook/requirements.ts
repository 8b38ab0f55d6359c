/**
 * What the Outlook the task pane runs in can do, asked once at start with
 * `Office.context.requirements.isSetSupported('Mailbox', version)`, so an older client skips a
 * feature and says so instead of calling an API it does not have. The versions are those of the
 * Office.js reference ("[Api set: Mailbox 1.x]" on each member,
 * https://learn.microsoft.com/javascript/api/outlook). The manifest asks for Mailbox 1.1, so
 * Outlook never runs the add-in below it: 1.1 is taken for granted even where the requirements API
 * is missing.
 */

/** The Mailbox features Cannery uses beyond 1.1, each true when this client has it. */
export interface OutlookFeatures {
  /** `body.getAsync` (Mailbox 1.3): the text of the open email, for recommendations and variables. */
  readBody: boolean;
  /** `ReplyFormData.attachments` (Mailbox 1.2): a reply form that carries the block's files. */
  replyAttachments: boolean;
  /**
   * `addFileAttachmentAsync`: Mailbox 1.1 in classic Outlook on Windows and on Mac, 1.8 in Outlook
   * on the web and the new Outlook on Windows, and not at all on iOS and Android.
   */
  fileAttachments: boolean;
  /** `mailbox.addHandlerAsync(ItemChanged)` (Mailbox 1.5): a pinned task pane follows the selection. */
  itemChanged: boolean;
  /** `mailbox.displayNewMessageForm` (Mailbox 1.6). */
  newMessageForm: boolean;
  /** `item.from.getAsync` in compose (Mailbox 1.7). */
  composeFrom: boolean;
  /** `item.getItemIdAsync` in compose (Mailbox 1.8). */
  composeItemId: boolean;
  /** `item.getSharedPropertiesAsync` on items of folders shared through delegate access (Mailbox 1.8). */
  sharedFolders: boolean;
  /** The same on items of shared mailboxes (Mailbox 1.13). */
  sharedMailboxes: boolean;
}

/** `mailbox.diagnostics.hostName` of the clients where file attachments need Mailbox 1.8. */
const WEB_HOSTS = new Set(['OutlookWebApp', 'newOutlookWindows']);
/** `mailbox.diagnostics.hostName` of the mobile clients, which cannot add file attachments. */
const MOBILE_HOSTS = new Set(['OutlookIOS', 'OutlookAndroid']);

/** Messages for `HostAdapter.limitations`; tests assert them verbatim. */
export const LIMITATION_MESSAGES = {
  readBody:
    "This version of Outlook does not let add-ins read the email, so Cannery cannot recommend blocks or fill in the sender's details. Blocks can still be inserted; updating Outlook brings the rest back.",
  fileAttachments: 'This version of Outlook does not let add-ins attach files, so blocks are inserted without their attachments.',
} as const;

/** True when this Outlook supports `Mailbox` at `version` or later. */
export function supportsMailbox(office: typeof Office, version: string): boolean {
  const requirements = office.context?.requirements;
  if (!requirements || typeof requirements.isSetSupported !== 'function') return version === '1.1';
  try {
    return requirements.isSetSupported('Mailbox', version) === true;
  } catch {
    return version === '1.1';
  }
}

/**
 * The features of this client. Inside an Office dialog there is no mailbox, and Office reports no
 * Mailbox set there: everything is false, which is right, as a dialog reads and inserts nothing.
 */
export function detectFeatures(office: typeof Office): OutlookFeatures {
  const at = (version: string): boolean => Boolean(office.context?.mailbox) && supportsMailbox(office, version);
  const hostName = office.context?.mailbox?.diagnostics?.hostName ?? '';
  const attachmentSet = WEB_HOSTS.has(hostName) ? '1.8' : '1.1';
  return {
    readBody: at('1.3'),
    replyAttachments: at('1.2'),
    fileAttachments: !MOBILE_HOSTS.has(hostName) && at(attachmentSet),
    itemChanged: at('1.5'),
    newMessageForm: at('1.6'),
    composeFrom: at('1.7'),
    composeItemId: at('1.8'),
    sharedFolders: at('1.8'),
    sharedMailboxes: at('1.13'),
  };
}

/** What the user is told about missing features on Home; empty in a dialog, which shows no Home. */
export function limitationsOf(office: typeof Office, features: OutlookFeatures): string[] {
  if (!office.context?.mailbox) return [];
  const limitations: string[] = [];
  if (!features.readBody) limitations.push(LIMITATION_MESSAGES.readBody);
  if (!features.fileAttachments) limitations.push(LIMITATION_MESSAGES.fileAttachments);
  return limitations;
}
