/**
 * Putting a block into Outlook, as the Office.js reference documents each call:
 * - compose: `body.getTypeAsync` tells the body's format; a plain-text body takes the block's text
 *   with `CoercionType.Text` (HTML there fails with InvalidFormatError), any other the HTML, at the
 *   cursor with `body.setSelectedDataAsync`; then `subject.setAsync`, `cc.addAsync` and one
 *   `addFileAttachmentAsync(url, name)` per file. An attachment Outlook cannot fetch or accept does
 *   not undo the rest: the result carries a note that names it and says why.
 * - read: `displayReplyForm` opens a reply with the block. Its `htmlBody` is limited to 32 KB
 *   (ReplyFormData); a longer block opens the reply empty and is inserted into it once the reply is
 *   the pane's item (a pinned pane in Outlook on the web follows it with ItemChanged).
 */
import { HostError, type InsertRequest, type InsertResult } from '../host';
import { officeAsync, officeSync, type AsyncResultLike } from './office-async';
import type { OutlookFeatures } from './requirements';

type MessageRead = Office.MessageRead;
type MessageCompose = Office.MessageCompose;

/** ReplyFormData.htmlBody: "The string is limited to 32 KB", counted here in UTF-8 bytes to stay under it. */
export const REPLY_FORM_HTML_LIMIT_BYTES = 32 * 1024;
/** How long a long block waits for its reply to become the pane's item before the user is asked to pick it there. */
export const REPLY_WAIT_MS = 5000;
/** How often the pane looks for the reply besides listening for ItemChanged. */
const REPLY_CHECK_MS = 100;

/** What inserting needs from the adapter around it. */
export interface InsertContext {
  office: typeof Office;
  features: OutlookFeatures;
  /** The item open in the pane now. */
  currentItem: () => object | null;
  /** Listens for ItemChanged (shared with `watchItem`); returns the unsubscribe function. */
  onItemChanged: (listener: () => void) => () => void;
}

/** Compose items can write at the cursor and have recipient fields to query. */
export function isCompose(item: object): item is MessageCompose {
  const candidate = item as Partial<MessageCompose>;
  return typeof candidate.body?.setSelectedDataAsync === 'function' && typeof candidate.to?.getAsync === 'function';
}

/** Only received messages can open a reply form; read appointments cannot. */
export function isRead(item: object): item is MessageRead {
  return typeof (item as Partial<MessageRead>).displayReplyForm === 'function';
}

/**
 * The compose body's format. A message set to plain text takes text only: HTML fails there
 * (InvalidFormatError). `getTypeAsync` is Mailbox 1.1; when it fails the body is taken to be HTML,
 * the default format of every Outlook.
 */
async function bodyFormat(office: typeof Office, body: Office.Body): Promise<'html' | 'text'> {
  if (typeof (body as Partial<Office.Body>).getTypeAsync !== 'function') return 'html';
  try {
    const type = await officeAsync<Office.CoercionType>(office, 'insert-failed', 'Reading the body format', (done) =>
      body.getTypeAsync(done),
    );
    return type === office.CoercionType.Text ? 'text' : 'html';
  } catch (error) {
    console.warn('Cannery: the body format could not be read; inserting HTML', error);
    return 'html';
  }
}

async function insertBody(office: typeof Office, item: MessageCompose, request: InsertRequest): Promise<void> {
  const format = await bodyFormat(office, item.body);
  const [data, coercionType] = format === 'text' ? [request.text, office.CoercionType.Text] : [request.html, office.CoercionType.Html];
  await officeAsync<void>(office, 'insert-failed', 'Inserting the block', (done) =>
    item.body.setSelectedDataAsync(data, { coercionType }, done),
  );
}

/** Why Outlook refused a file, in the user's words, by the error names the reference lists for addFileAttachmentAsync. */
function attachmentFailureReason(error: AsyncResultLike<unknown>['error'], url: string): string {
  switch (error?.name) {
    case 'AttachmentSizeExceeded':
      return 'it is larger than Outlook allows.';
    case 'FileTypeNotSupported':
      return 'Outlook does not accept files of this type.';
    case 'NumberOfAttachmentsExceeded':
      return 'the email already has as many attachments as Outlook allows.';
    default:
      // AttachmentUploadGeneralFailure, InvalidAttachmentPath and the rest: the address did not give a file.
      return `Outlook could not download it from ${url}.`;
  }
}

/** The note for a file that was not attached; tests assert it verbatim. */
export function attachmentNote(name: string, reason: string): string {
  return `The attachment "${name}" could not be added: ${reason} Attach it by hand if the email needs it.`;
}

/** Adds the block's files one at a time, in the block's order; returns a note for each one Outlook refused. */
async function addAttachments(office: typeof Office, item: MessageCompose, attachments: InsertRequest['attachments']): Promise<string[]> {
  const notes: string[] = [];
  for (const attachment of attachments ?? []) {
    try {
      await officeAsync<string>(office, 'insert-failed', `Attaching ${attachment.name}`, (done) =>
        item.addFileAttachmentAsync(attachment.url, attachment.name, done),
      );
    } catch (error) {
      console.warn('Cannery: an attachment could not be added', error);
      const cause = error instanceof HostError ? (error.cause as AsyncResultLike<unknown>['error']) : undefined;
      notes.push(attachmentNote(attachment.name, attachmentFailureReason(cause, attachment.url)));
    }
  }
  return notes;
}

/** Compose: the body at the cursor, then subject, Cc and files. */
export async function insertIntoCompose(context: InsertContext, item: MessageCompose, request: InsertRequest): Promise<InsertResult> {
  const { office, features } = context;
  await insertBody(office, item, request);
  if (request.subjectLine) {
    const subjectLine = request.subjectLine;
    await officeAsync<void>(office, 'insert-failed', 'Setting the subject', (done) => item.subject.setAsync(subjectLine, done));
  }
  if (request.cc && request.cc.length > 0) {
    const cc = request.cc;
    await officeAsync<void>(office, 'insert-failed', 'Adding Cc recipients', (done) => item.cc.addAsync(cc, done));
  }
  const hasAttachments = (request.attachments ?? []).length > 0;
  if (hasAttachments && !features.fileAttachments) return { outcome: 'inserted', skipped: ['attachments'] };
  const notes = await addAttachments(office, item, request.attachments);
  return notes.length > 0 ? { outcome: 'inserted', skipped: [], notes } : { outcome: 'inserted', skipped: [] };
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * Read mode: a reply with the block. A reply form has no subject or Cc to fill in; its files need
 * Mailbox 1.2. A block over the form's 32 KB goes in after the reply opened (see the file header).
 */
export async function replyWithBlock(context: InsertContext, item: MessageRead, request: InsertRequest): Promise<InsertResult> {
  const { office, features } = context;
  const skipped: InsertResult['skipped'] = [];
  if (request.subjectLine) skipped.push('subjectLine');
  if (request.cc && request.cc.length > 0) skipped.push('cc');
  const files = request.attachments ?? [];
  if (files.length > 0 && !features.replyAttachments) skipped.push('attachments');
  const attachments = features.replyAttachments
    ? files.map((file) => ({ type: office.MailboxEnums.AttachmentType.File, name: file.name, url: file.url }))
    : [];
  const fits = byteLength(request.html) <= REPLY_FORM_HTML_LIMIT_BYTES;
  const htmlBody = fits ? request.html : '';
  officeSync('insert-failed', 'Opening a reply', () =>
    item.displayReplyForm(attachments.length > 0 ? { htmlBody, attachments } : { htmlBody }),
  );
  if (fits) return { outcome: 'reply-opened', skipped };

  const reply = await waitForReply(context, item);
  if (!reply) throw new HostError('reply-without-block', 'The reply opened outside the task pane; the block is over the reply form limit');
  await insertBody(office, reply, request);
  return { outcome: 'reply-opened', skipped };
}

/**
 * Waits until the pane's item is a compose item other than `original` (the reply that was just
 * opened), checking on ItemChanged and every `REPLY_CHECK_MS`; null after `REPLY_WAIT_MS`, as when
 * the reply opened in a window of its own (classic Outlook) or the pane is not pinned.
 */
function waitForReply(context: InsertContext, original: object): Promise<MessageCompose | null> {
  return new Promise((resolve) => {
    const check = (): boolean => {
      const item = context.currentItem();
      if (!item || item === original || !isCompose(item)) return false;
      finish(item);
      return true;
    };
    const unsubscribe = context.onItemChanged(() => void check());
    const interval = setInterval(() => void check(), REPLY_CHECK_MS);
    const timeout = setTimeout(() => finish(null), REPLY_WAIT_MS);
    function finish(reply: MessageCompose | null): void {
      clearInterval(interval);
      clearTimeout(timeout);
      unsubscribe();
      resolve(reply);
    }
    check();
  });
}
