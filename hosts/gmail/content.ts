import type { EmailAddress, HostErrorCode, InsertRequest, InsertResult, MailItem } from '../host';
import { addComposeButton, removeStaleButtons } from './compose-button';
import { watchComposes, type ComposeEntry, type ComposeRegistry } from './compose-registry';
import { isShown } from './dom-text';
import { insertIntoField, setNativeValue } from '../shared/insert-text';
import { ANCHOR_MESSAGES, checkGmailPage, type GmailAnchor } from './page-check';
import { gmailMessaging, type GmailReply } from './protocol';
import { readCompose, readGmailItem, readThread } from './read-item';
import { GMAIL } from './selectors';
import { isBackground, isExtensionPage, senderOf, type ExtensionIdentity, type MessageSenderLike } from '../shared/senders';

/**
 * Composition root of the Gmail content script: detects composes, marks them with the Cannery
 * button, and answers the side panel (read the open item, insert a block, open a compose).
 * Everything it adds to Gmail goes away when `signal` aborts.
 */
export interface GmailContentOptions {
  signal: AbortSignal;
  doc: Document;
  /** The compose button's click; by default asks the background to open the side panel. */
  openSidePanel?: () => void;
  /** How long to wait for Gmail to show the inline reply after clicking Reply. */
  replyTimeoutMs?: number;
  /** The extension's id and origin: only its side panel and background are answered. */
  self: ExtensionIdentity;
}

/** The answer to a sender this script does not serve. */
function refused(): never {
  throw new Error('Cannery refused this message.');
}

export interface GmailContent {
  readonly registry: ComposeRegistry;
  readItem(): MailItem;
  insertBlock(request: InsertRequest): Promise<GmailReply<InsertResult>>;
  /** The parts of Gmail's page Cannery needs now and cannot find (see `page-check.ts`). */
  checkPage(): GmailAnchor[];
  /** The compose `element` is in (its body or a field of it): recipients, subject, body; null outside composes. */
  describeCompose(element: Element): { recipients: EmailAddress[]; subject: string; bodyText: string } | null;
}

const INSTANCE_KEY = Symbol.for('cannery.gmail-content');
type WithInstance = { [INSTANCE_KEY]?: () => void };

function fail(code: HostErrorCode, message: string): { ok: false; code: HostErrorCode; message: string } {
  return { ok: false, code, message };
}

/** Gmail's buttons act on the mouse sequence, not only on `click`; send all three like a real click. */
function press(element: HTMLElement): void {
  const view = element.ownerDocument.defaultView ?? window;
  for (const type of ['mousedown', 'mouseup', 'click']) {
    element.dispatchEvent(new view.MouseEvent(type, { bubbles: true, cancelable: true, composed: true, view, button: 0 }));
  }
}

function lastShown(elements: NodeListOf<HTMLElement>): HTMLElement | null {
  return Array.from(elements).filter(isShown).at(-1) ?? null;
}

/** Sets an input's value so Gmail's own listeners see it (native setter, then input and change). */
function setInputValue(input: HTMLInputElement, value: string): void {
  const view = input.ownerDocument.defaultView ?? window;
  setNativeValue(input, value);
  input.dispatchEvent(new view.Event('input', { bubbles: true }));
  input.dispatchEvent(new view.Event('change', { bubbles: true }));
}

function requestSidePanel(): void {
  gmailMessaging.sendMessage('gmail:open-side-panel', undefined).catch((error: unknown) => {
    console.warn('Cannery: could not reach the extension (was it updated? reload Gmail).', error);
  });
}

export function startGmailContent(options: GmailContentOptions): GmailContent {
  const { doc } = options;
  const holder = (doc.defaultView ?? window) as unknown as WithInstance;
  // Double-injection guard: an older copy (extension updated while Gmail stayed open) is stopped
  // and its buttons removed, so each compose carries exactly one Cannery button.
  holder[INSTANCE_KEY]?.();
  removeStaleButtons(doc);
  const lifetime = new AbortController();
  const stop = () => lifetime.abort();
  holder[INSTANCE_KEY] = stop;
  options.signal.addEventListener('abort', stop, { once: true });
  const signal = lifetime.signal;

  const buttons = new Map<ComposeEntry, () => void>();
  const registry = watchComposes(doc, signal, {
    onAdded: (entry) => buttons.set(entry, addComposeButton(entry, options.openSidePanel ?? requestSidePanel)),
    onRemoved: (entry) => {
      buttons.get(entry)?.();
      buttons.delete(entry);
    },
  });

  function readItem(): MailItem {
    return readGmailItem(doc, registry.current());
  }

  /** Opens a reply to the thread being read; a string says why it could not. */
  async function openReply(): Promise<ComposeEntry | string> {
    if (!readThread(doc)) return 'No email is open in compose view.';
    const reply = lastShown(doc.querySelectorAll<HTMLElement>(GMAIL.replyButton));
    if (!reply) return ANCHOR_MESSAGES['reply-button'];
    const next = registry.waitForNext(options.replyTimeoutMs ?? 5000);
    press(reply);
    return next;
  }

  async function insertBlock(request: InsertRequest): Promise<GmailReply<InsertResult>> {
    let entry = registry.current();
    let outcome: InsertResult['outcome'] = 'inserted';
    if (!entry) {
      let opened: ComposeEntry | string;
      try {
        opened = await openReply();
      } catch {
        return fail('insert-failed', 'Gmail did not open a reply.');
      }
      if (typeof opened === 'string') return fail('no-compose', opened);
      entry = opened;
      outcome = 'reply-opened';
    }
    try {
      await insertIntoField({ kind: 'rich', element: entry.body }, { html: request.html, text: request.text }, { range: entry.range ?? startOf(entry.body) });
    } catch (error) {
      return fail('insert-failed', error instanceof Error ? error.message : String(error));
    }
    const skipped: InsertResult['skipped'] = [];
    if (request.subjectLine) {
      // Only a new message shows its subject; changing it in an inline reply would fork the thread.
      const subject = entry.root.querySelector<HTMLInputElement>(GMAIL.subject);
      if (subject && !entry.inline) setInputValue(subject, request.subjectLine);
      else skipped.push('subjectLine');
    }
    if (request.cc?.length) skipped.push('cc');
    if (request.attachments?.length) skipped.push('attachments');
    return { ok: true, value: { outcome, skipped } };
  }

  /** The side panel (which reads and writes Gmail for the user) or the background; never the picker or a page. */
  const trusted = (sender: MessageSenderLike): boolean => isExtensionPage(sender, options.self, '/sidepanel.html') || isBackground(sender, options.self);

  const removers = [
    gmailMessaging.onMessage('gmail:read-item', (message) => {
      if (!trusted(senderOf(message))) refused();
      try {
        return { ok: true, value: readItem() };
      } catch (error) {
        return fail('read-failed', error instanceof Error ? error.message : String(error));
      }
    }),
    gmailMessaging.onMessage('gmail:insert-block', (message) => (trusted(senderOf(message)) ? insertBlock(message.data) : refused())),
    gmailMessaging.onMessage('gmail:check-page', (message) => (trusted(senderOf(message)) ? checkPage() : refused())),
    gmailMessaging.onMessage('gmail:open-new-compose', (message) => {
      if (!trusted(senderOf(message))) refused();
      const compose = doc.querySelector<HTMLElement>(GMAIL.composeButton);
      if (!compose) return fail('unsupported', 'Gmail\'s Compose button was not found.');
      press(compose);
      return { ok: true, value: null };
    }),
  ];
  signal.addEventListener('abort', () => {
    for (const remove of removers) remove();
    for (const remove of buttons.values()) remove();
    buttons.clear();
    if (holder[INSTANCE_KEY] === stop) delete holder[INSTANCE_KEY];
  });

  function checkPage(): GmailAnchor[] {
    registry.scan();
    return checkGmailPage(doc, registry.list());
  }

  function describeCompose(element: Element) {
    const entry = registry.list().find((candidate) => candidate.root.contains(element));
    if (!entry) return null;
    const { recipients, subject, bodyText } = readCompose(entry, readThread(doc));
    return { recipients, subject, bodyText };
  }

  return { registry, readItem, insertBlock, checkPage, describeCompose };
}

/** A compose never clicked into takes the block at the top: a reply ends with the signature and the quote. */
function startOf(body: HTMLElement): Range {
  const range = body.ownerDocument.createRange();
  range.setStart(body, 0);
  range.collapse(true);
  return range;
}
