import { EMPTY_ITEM, type EmailAddress, type ItemMailbox, type MailItem } from '../host';
import type { ComposeEntry } from './compose-registry';
import { isShown, textOf } from './dom-text';
import { GMAIL, GMAIL_PAGE } from './selectors';

/** The open thread as Gmail shows it, or null outside conversation view. */
export interface ThreadView {
  /** Gmail's thread id (permanent id, else legacy id, else the address fragment). */
  threadId: string;
  subject: string;
  /** The latest expanded message: the one a reply answers. */
  sender: EmailAddress | null;
  recipients: EmailAddress[];
  /** What the latest expanded message says itself: its body without the messages it quotes. */
  bodyText: string;
  /**
   * The earlier messages the latest one quotes, as Gmail shows them behind "…" (attribution line
   * included, e.g. "On Mon, 3 Feb 2025 at 09:12, Cannery Support <…> wrote:"); '' when it quotes none.
   */
  quotedText: string;
}

/** A message body read in two parts: what it says, and what it quotes. */
export interface MessageText {
  bodyText: string;
  quotedText: string;
}

/**
 * Splits a message body at its quotes (`GMAIL.messageQuote`, outermost ones only): the quotes'
 * text, in order, is the quoted part; the rest is the message. Reads a copy, so the page is untouched.
 */
export function readMessageText(body: Element): MessageText {
  const copy = body.cloneNode(true) as Element;
  const quotes = Array.from(copy.querySelectorAll(GMAIL.messageQuote)).filter(
    (quote) => !quote.parentElement?.closest(GMAIL.messageQuote),
  );
  const quotedText = quotes.map((quote) => textOf(quote)).filter(Boolean).join('\n\n');
  for (const quote of quotes) quote.remove();
  return { bodyText: textOf(copy), quotedText };
}

/**
 * The whole body as `MailItem.bodyText` carries it: the message, then its quotes. The quote starts
 * with its attribution line, which is where the recommendations' split (`src/domain/email-parts.ts`)
 * finds the quoted part again.
 */
export function joinQuoted(text: MessageText): string {
  return text.quotedText ? `${text.bodyText}\n\n${text.quotedText}` : text.bodyText;
}

function addressOf(element: Element): EmailAddress {
  const emailAddress = element.getAttribute('email') ?? '';
  const displayName = element.getAttribute('name') ?? element.textContent?.trim() ?? '';
  return { displayName: displayName === emailAddress ? '' : displayName, emailAddress };
}

function lastShown<T extends Element>(elements: Iterable<T>): T | null {
  let found: T | null = null;
  for (const element of elements) if (isShown(element)) found = element;
  return found;
}

/** The latest expanded message of the open thread (collapsed ones have no body element), or null. */
export function latestMessage(doc: Document): HTMLElement | null {
  const expanded = Array.from(doc.querySelectorAll<HTMLElement>(GMAIL.message)).filter(
    (message) => isShown(message) && message.querySelector(GMAIL.messageBody),
  );
  return expanded.at(-1) ?? null;
}

/** Reads the thread open in conversation view. */
export function readThread(doc: Document): ThreadView | null {
  const heading = lastShown(doc.querySelectorAll<HTMLElement>(GMAIL.threadSubject));
  if (!heading) return null;
  const threadId =
    heading.getAttribute('data-thread-perm-id') ??
    heading.getAttribute('data-legacy-thread-id') ??
    (doc.defaultView?.location.hash || heading.textContent || '');
  const latest = latestMessage(doc);
  const senderElement = latest?.querySelector(GMAIL.messageSender);
  const body = latest?.querySelector(GMAIL.messageBody);
  return {
    threadId,
    subject: textOf(heading),
    sender: senderElement ? addressOf(senderElement) : null,
    recipients: latest ? Array.from(latest.querySelectorAll(GMAIL.messageRecipients), addressOf) : [],
    ...(body ? readMessageText(body) : { bodyText: '', quotedText: '' }),
  };
}

/** "Dana Ortiz <dana@example.org>" or a bare address, as old-style chips store them. */
export function parseAddress(value: string): EmailAddress {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value);
  if (match) return { displayName: (match[1] ?? '').trim(), emailAddress: (match[2] ?? '').trim() };
  return { displayName: '', emailAddress: value.trim() };
}

function composeRecipients(root: HTMLElement): EmailAddress[] {
  const chips = Array.from(root.querySelectorAll(GMAIL.toChips), (chip) => {
    const emailAddress = chip.getAttribute('data-hovercard-id') ?? '';
    const name = chip.getAttribute('data-name') ?? '';
    return { displayName: name === emailAddress ? '' : name, emailAddress };
  });
  const legacy = Array.from(root.querySelectorAll<HTMLInputElement>(GMAIL.legacyToInputs), (input) => parseAddress(input.value));
  return [...chips, ...legacy].filter((address) => address.emailAddress !== '');
}

/**
 * Reads a compose. An inline reply's body usually holds only what the user wrote, so the message it
 * answers (and what that one quotes) is appended as quoted history, the way a reply body reads in
 * Outlook (recommendations weigh the part after the first quoted "From:" line less). A body that
 * already quotes something (Gmail's trimmed "…" quote) keeps its own.
 */
export function readCompose(entry: ComposeEntry, thread: ThreadView | null): MailItem {
  const subjectInput = entry.root.querySelector<HTMLInputElement>(GMAIL.subject);
  const draft = entry.root.querySelector<HTMLInputElement>(GMAIL.draftId)?.value;
  let bodyText = textOf(entry.body);
  const quotesAlready = entry.body.querySelector(GMAIL.messageQuote) !== null;
  if (entry.inline && thread && thread.bodyText && !quotesAlready) {
    const from = thread.sender
      ? `${thread.sender.displayName ? `${thread.sender.displayName} ` : ''}<${thread.sender.emailAddress}>`
      : '';
    bodyText = `${bodyText}\n\nFrom: ${from}\n${joinQuoted(thread)}`.trim();
  }
  return {
    mode: 'compose',
    itemId: draft || entry.id,
    bodyText,
    sender: null,
    recipients: composeRecipients(entry.root),
    subject: subjectInput?.value || (entry.inline && thread ? thread.subject : ''),
  };
}

/** The address Gmail's title shows: the delegated account's in one, the user's own elsewhere. */
function accountShown(doc: Document): string | null {
  return GMAIL_PAGE.titleAccount.exec(doc.title)?.[1]?.toLowerCase() ?? null;
}

/**
 * The mailbox the open item belongs to when it is not the user's own: the delegated account Gmail
 * shows (its `/d/` address), else the From alias chosen in the compose. A delegate of a Gmail
 * account may read, send and delete there, so both can be written in.
 */
export function readMailbox(doc: Document, compose: ComposeEntry | null): ItemMailbox | null {
  const shown = accountShown(doc);
  if (!shown) return null;
  if (GMAIL_PAGE.delegatedPath.test(doc.defaultView?.location.pathname ?? '')) return { kind: 'delegated', address: shown, canWrite: true };
  const from = compose?.root.querySelector<HTMLInputElement>(GMAIL.composeFrom)?.value.trim().toLowerCase();
  if (from && from.includes('@') && from !== shown) return { kind: 'alias', address: from, canWrite: true };
  return null;
}

/** The open item: the compose a block would go into, else the thread being read, else nothing. */
export function readGmailItem(doc: Document, compose: ComposeEntry | null): MailItem {
  const thread = readThread(doc);
  const mailbox = readMailbox(doc, compose);
  const inMailbox = mailbox ? { mailbox } : {};
  if (compose) return { ...readCompose(compose, thread), ...inMailbox };
  if (!thread) return { ...EMPTY_ITEM, recipients: [] };
  return {
    mode: 'read',
    itemId: thread.threadId,
    bodyText: joinQuoted(thread),
    sender: thread.sender,
    recipients: thread.recipients,
    subject: thread.subject,
    ...inMailbox,
  };
}
