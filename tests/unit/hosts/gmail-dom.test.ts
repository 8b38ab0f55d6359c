import { TEST_EXTENSION } from '../../fixtures/factories';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchComposes } from '../../../hosts/gmail/compose-registry';
import { startGmailContent } from '../../../hosts/gmail/content';
import { joinQuoted, parseAddress, readGmailItem, readMailbox, readMessageText, readThread } from '../../../hosts/gmail/read-item';
import { GMAIL_PAGE } from '../../../hosts/gmail/selectors';
import { splitEmail } from '../../../src/domain/email-parts';
import { gmailFake, loadGmailFixture } from './gmail-fixture';

/** The latest message of the fixture's thread, as Dana wrote it. */
const LATEST_MESSAGE = 'Hello,\n\nThe blender I ordered (order #4417) arrived broken.\nI would like a refund, please.\n\nThanks,\nDana';
/** What it quotes: Cannery's earlier message, behind Gmail's "…". */
const QUOTED_PART = 'On Mon, 3 Feb 2025 at 09:12, Cannery Support <support@cannery.example> wrote:\n\nThanks for your order #4417.\nYour blender ships today.';

let lifetime: AbortController;

beforeEach(() => {
  loadGmailFixture();
  lifetime = new AbortController();
});

afterEach(() => {
  lifetime.abort();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('reading Gmail', () => {
  it('reads the open thread: subject, latest sender, recipients, and the latest message apart from what it quotes', () => {
    expect(readThread(document)).toEqual({
      threadId: 'thread-f:1790000000000000001',
      subject: 'Refund for order #4417',
      sender: { displayName: 'Dana Ortiz', emailAddress: 'dana@example.org' },
      recipients: [{ displayName: 'Cannery Support', emailAddress: 'support@cannery.example' }],
      bodyText: LATEST_MESSAGE,
      quotedText: QUOTED_PART,
    });
    expect(readGmailItem(document, null)).toMatchObject({ mode: 'read', subject: 'Refund for order #4417' });
  });

  it('gives the app the whole body, message then quote, and the recommendations find the same two parts in it', () => {
    const item = readGmailItem(document, null);
    expect(item.bodyText).toBe(`${LATEST_MESSAGE}\n\n${QUOTED_PART}`);
    const parts = splitEmail(item.bodyText);
    expect(parts.main).toContain('I would like a refund, please.');
    expect(parts.main).not.toContain('ships today');
    expect(parts.quoted).toContain('Your blender ships today.');
  });

  it('reads a message that quotes nothing as the message alone, and only the outermost of nested quotes', () => {
    const plain = document.createElement('div');
    plain.innerHTML = '<div dir="ltr">Just a question.</div>';
    expect(readMessageText(plain)).toEqual({ bodyText: 'Just a question.', quotedText: '' });
    const nested = document.createElement('div');
    nested.innerHTML =
      '<div>Second answer.</div><div class="gmail_quote">On Tue, Lee wrote:<blockquote class="gmail_quote">First answer.<div class="gmail_quote">On Mon, Dana wrote:<blockquote class="gmail_quote">Question.</blockquote></div></blockquote></div>';
    expect(readMessageText(nested)).toEqual({
      bodyText: 'Second answer.',
      quotedText: 'On Tue, Lee wrote:\nFirst answer.\nOn Mon, Dana wrote:\nQuestion.',
    });
    // Read from a copy: the page keeps its quotes.
    expect(nested.querySelectorAll('.gmail_quote')).toHaveLength(4);
    expect(joinQuoted({ bodyText: 'Hi', quotedText: '' })).toBe('Hi');
  });

  it('reports nothing open when the thread view is hidden (Gmail keeps views it left)', () => {
    (document.querySelector('.nH.if') as HTMLElement).style.display = 'none';
    expect(readGmailItem(document, null)).toEqual({
      mode: 'none',
      itemId: null,
      bodyText: '',
      sender: null,
      recipients: [],
      subject: '',
    });
  });

  it('reads a new-message dialog: draft id, subject, recipients and body', () => {
    const registry = watchComposes(document, lifetime.signal);
    gmailFake().openCompose();
    registry.scan();
    const compose = registry.current();
    expect(compose?.inline).toBe(false);
    expect(readGmailItem(document, compose)).toEqual({
      mode: 'compose',
      itemId: '#msg-a:r-2871203317591405001',
      bodyText: 'Hi Lee,\n\nKind regards',
      sender: null,
      recipients: [{ displayName: 'Lee Park', emailAddress: 'lee@example.com' }],
      subject: 'Your order',
    });
  });

  it('reads an inline reply with the message it answers as quoted history', () => {
    const registry = watchComposes(document, lifetime.signal);
    gmailFake().openInlineReply();
    registry.scan();
    const item = readGmailItem(document, registry.current());
    expect(item.mode).toBe('compose');
    expect(item.subject).toBe('Re: Refund for order #4417');
    expect(item.recipients).toEqual([{ displayName: 'Dana Ortiz', emailAddress: 'dana@example.org' }]);
    expect(item.bodyText).toBe(`From: Dana Ortiz <dana@example.org>\n${LATEST_MESSAGE}\n\n${QUOTED_PART}`);
  });

  it('parses old-style recipient values', () => {
    expect(parseAddress('"Dana Ortiz" <dana@example.org>')).toEqual({ displayName: 'Dana Ortiz', emailAddress: 'dana@example.org' });
    expect(parseAddress('lee@example.com')).toEqual({ displayName: '', emailAddress: 'lee@example.com' });
  });
});

describe('compose detection', () => {
  it('notices composes added and removed after load, and prefers the one focused last', async () => {
    const added: string[] = [];
    const removed: string[] = [];
    const registry = watchComposes(document, lifetime.signal, {
      onAdded: (entry) => added.push(entry.id),
      onRemoved: (entry) => removed.push(entry.id),
    });
    gmailFake().openCompose();
    await vi.waitFor(() => expect(added).toHaveLength(1));
    gmailFake().openInlineReply();
    await vi.waitFor(() => expect(added).toHaveLength(2));
    expect(registry.current()?.inline).toBe(true);

    (document.querySelector('[role="dialog"] [g_editable="true"]') as HTMLElement).focus();
    expect(registry.current()?.inline).toBe(false);

    document.querySelector('.dw')!.replaceChildren();
    await vi.waitFor(() => expect(removed).toEqual([added[0]]));
    expect(registry.list()).toHaveLength(1);
  });
});

describe('the Gmail content script', () => {
  beforeEach(() => {
    // The messaging library registers on chrome.runtime.onMessage; no extension runtime here.
    vi.stubGlobal('chrome', { runtime: { onMessage: { addListener: vi.fn(), removeListener: vi.fn() }, sendMessage: vi.fn() } });
  });

  it('adds one Cannery button per compose, even when started twice, and removes them when stopped', async () => {
    const openSidePanel = vi.fn();
    startGmailContent({ signal: lifetime.signal, doc: document, self: TEST_EXTENSION, openSidePanel });
    gmailFake().openCompose();
    const button = await vi.waitFor(() => {
      const found = document.querySelector<HTMLButtonElement>('[role="dialog"] button[data-cannery-compose-button]');
      if (!found) throw new Error('no button yet');
      return found;
    });
    expect(button.textContent).toBe('Cannery');
    // A click the page's script makes opens nothing; the user's own (trusted) click does.
    button.click();
    expect(openSidePanel).not.toHaveBeenCalled();
    const userClick = new MouseEvent('click', { bubbles: true, cancelable: true });
    Object.defineProperty(userClick, 'isTrusted', { value: true });
    button.dispatchEvent(userClick);
    expect(openSidePanel).toHaveBeenCalledOnce();

    // A second copy (extension updated while Gmail stayed open) replaces the first.
    const second = new AbortController();
    startGmailContent({ signal: second.signal, doc: document, self: TEST_EXTENSION, openSidePanel });
    await vi.waitFor(() => expect(document.querySelectorAll('[data-cannery-compose-button]')).toHaveLength(1));
    second.abort();
    expect(document.querySelectorAll('[data-cannery-compose-button]')).toHaveLength(0);
  });

  it('in read mode, opens an inline reply and inserts the block there', async () => {
    const content = startGmailContent({ signal: lifetime.signal, doc: document, self: TEST_EXTENSION, openSidePanel: vi.fn() });
    const reply = await content.insertBlock({ html: '<p>Hello from Cannery</p>', text: 'Hello from Cannery', attachments: [{ name: 'a.pdf', url: 'https://x/a.pdf' }] });
    expect(reply).toEqual({ ok: true, value: { outcome: 'reply-opened', skipped: ['attachments'] } });
    expect(document.querySelector('.ip [g_editable="true"]')?.textContent).toContain('Hello from Cannery');
  });

  it('refuses to insert when neither a compose nor a thread is open', async () => {
    document.querySelector('.nH.if')!.remove();
    const content = startGmailContent({ signal: lifetime.signal, doc: document, self: TEST_EXTENSION, openSidePanel: vi.fn() });
    expect(await content.insertBlock({ html: 'x', text: 'x' })).toMatchObject({ ok: false, code: 'no-compose' });
  });
});

describe('which mailbox Gmail shows', () => {
  const OWN_TITLE = 'Inbox - support@cannery.example - Gmail (fake)';
  afterEach(() => {
    document.title = '';
  });

  it("is the user's own in their inbox and in a compose sent from their own address", () => {
    document.title = OWN_TITLE;
    expect(readGmailItem(document, null).mailbox).toBeUndefined();
    gmailFake().openCompose();
    const registry = watchComposes(document, lifetime.signal);
    expect(readGmailItem(document, registry.current()).mailbox).toBeUndefined();
  });

  it('is the alias chosen in the From row of the open compose', () => {
    document.title = OWN_TITLE;
    gmailFake().openCompose();
    const select = document.querySelector<HTMLSelectElement>('select.cannery-fake-from')!;
    select.value = 'elections@cannery.example';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    const registry = watchComposes(document, lifetime.signal);
    expect(readGmailItem(document, registry.current()).mailbox).toEqual({ kind: 'alias', address: 'elections@cannery.example', canWrite: true });
  });

  it('is the delegated account under /mail/u/N/d/, named by the title', () => {
    const delegated = { title: 'Inbox - Elections@Cannery.example - Gmail', defaultView: { location: { pathname: '/mail/u/0/d/AEs6qJ1bX/' } } } as unknown as Document;
    expect(readMailbox(delegated, null)).toEqual({ kind: 'delegated', address: 'elections@cannery.example', canWrite: true });
    const own = { title: OWN_TITLE, defaultView: { location: { pathname: '/mail/u/0/' } } } as unknown as Document;
    expect(readMailbox(own, null)).toBeNull();
    expect(GMAIL_PAGE.delegatedPath.test('/mail/u/0/')).toBe(false);
  });
});
