/**
 * Every selector of hosts/gmail/selectors.ts against the fake Gmail (tests/fixtures/gmail/), which
 * reproduces Gmail's markup for them: each must match exactly the elements its comment names, in
 * the page states where Cannery reads it, and nothing else. A selector added without a case here
 * fails the completeness test; a selector written anywhere else in the Gmail host fails the last one.
 */
import { TEST_EXTENSION } from '../../fixtures/factories';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startGmailContent } from '../../../hosts/gmail/content';
import { CANNERY_BUTTON, GMAIL } from '../../../hosts/gmail/selectors';
import { gmailFake, loadGmailFixture } from './gmail-fixture';

type SelectorName = keyof typeof GMAIL;

/** All matches of a selector, each summed up by what tells it apart (its text, value or address). */
function matches(selector: string, sum: (element: Element) => string | null = (element) => element.textContent?.trim() ?? ''): Array<string | null> {
  return Array.from(document.querySelectorAll(selector), sum);
}

const attr = (name: string) => (element: Element) => element.getAttribute(name);
const value = (element: Element) => (element as HTMLInputElement).value;
/** Where an element is: in the new-message dialog, the inline reply, or the thread. */
const place = (element: Element) =>
  element.closest('[role="dialog"]') ? 'dialog' : element.closest('#gmail-app .ip') ? 'inline reply' : element.closest('[role="main"]') ? 'thread' : 'page';

/** Both composes open: the new-message dialog and an inline reply under the thread. */
function openBoth(): void {
  gmailFake().openInlineReply();
  gmailFake().openCompose();
}

const CASES: Record<SelectorName, () => void> = {
  composeBody() {
    expect(matches(GMAIL.composeBody)).toEqual([]);
    openBoth();
    expect(matches(GMAIL.composeBody, place)).toEqual(['inline reply', 'dialog']);
    expect(matches(GMAIL.composeBody)).toEqual(['', 'Hi Lee,Kind regards']);
    // Either marker alone is enough (a localised "Message Body" label, or no g_editable).
    const [inline, dialog] = Array.from(document.querySelectorAll(GMAIL.composeBody));
    inline!.setAttribute('aria-label', 'Corps du message');
    dialog!.removeAttribute('g_editable');
    expect(document.querySelectorAll(GMAIL.composeBody)).toHaveLength(2);
  },
  composeDialog() {
    expect(matches(GMAIL.composeDialog)).toEqual([]);
    openBoth();
    expect(matches(GMAIL.composeDialog, attr('aria-labelledby'))).toEqual(['compose-title']);
    const [inlineBody, dialogBody] = Array.from(document.querySelectorAll(GMAIL.composeBody));
    expect(inlineBody!.closest(GMAIL.composeDialog)).toBeNull();
    expect(dialogBody!.closest(GMAIL.composeDialog)?.getAttribute('aria-labelledby')).toBe('compose-title');
  },
  inlineComposeRoot() {
    expect(matches(GMAIL.inlineComposeRoot, attr('class'))).toEqual(['ip iq']);
    openBoth();
    // The reply area, the inline reply's container, and the dialog's own container (which Cannery
    // never reaches: a body inside a dialog takes the dialog as its root first).
    expect(matches(GMAIL.inlineComposeRoot, (element) => `${element.className}${element.closest('[role="dialog"]') ? ' in the dialog' : ''}`)).toEqual([
      'ip iq',
      'M9',
      'M9 in the dialog',
    ]);
    const inlineBody = document.querySelector(GMAIL.composeBody)!;
    expect(inlineBody.closest(GMAIL.inlineComposeRoot)?.className).toBe('M9');
  },
  subject() {
    expect(matches(GMAIL.subject)).toEqual([]);
    openBoth();
    expect(matches(GMAIL.subject, (element) => `${place(element)}: ${value(element)}`)).toEqual([
      'inline reply: Re: Refund for order #4417',
      'dialog: Your order',
    ]);
  },
  toChips() {
    openBoth();
    expect(matches(GMAIL.toChips, (element) => `${place(element)}: ${element.getAttribute('data-hovercard-id')}`)).toEqual([
      'inline reply: dana@example.org',
      'dialog: lee@example.com',
    ]);
    // Not the address people in the thread's headers carry.
    expect(matches(GMAIL.toChips, place)).not.toContain('thread');
  },
  legacyToInputs() {
    // Today's Gmail (the fixture) has no old-style chips, and the new ones' fields are not taken for them.
    openBoth();
    expect(matches(GMAIL.legacyToInputs)).toEqual([]);
    // The old layout, as Gmail rendered it: a `vR` chip holding a hidden input named "to".
    document.querySelector('[role="dialog"] form')!.insertAdjacentHTML(
      'beforeend',
      '<div class="vR"><span class="vN" email="kim@example.net">Kim Lee</span><input type="hidden" name="to" value="Kim Lee &lt;kim@example.net&gt;"></div>',
    );
    expect(matches(GMAIL.legacyToInputs, value)).toEqual(['Kim Lee <kim@example.net>']);
  },
  draftId() {
    openBoth();
    expect(matches(GMAIL.draftId, (element) => `${place(element)}: ${value(element)}`)).toEqual(['dialog: #msg-a:r-2871203317591405001']);
  },
  composeFrom() {
    expect(matches(GMAIL.composeFrom)).toEqual([]);
    openBoth();
    // The new message's From; an inline reply answers from the account it was opened in.
    expect(matches(GMAIL.composeFrom, (element) => `${place(element)}: ${value(element)}`)).toEqual(['dialog: support@cannery.example']);
    const select = document.querySelector<HTMLSelectElement>('select.cannery-fake-from')!;
    select.value = 'elections@cannery.example';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(matches(GMAIL.composeFrom, value)).toEqual(['elections@cannery.example']);
  },
  composeToolbar() {
    expect(matches(GMAIL.composeToolbar)).toEqual([]);
    openBoth();
    expect(matches(GMAIL.composeToolbar, place)).toEqual(['inline reply', 'dialog']);
    for (const row of Array.from(document.querySelectorAll(GMAIL.composeToolbar))) {
      expect(row.querySelector('[aria-label="Send"]')).not.toBeNull();
    }
  },
  threadSubject() {
    expect(matches(GMAIL.threadSubject)).toEqual(['Refund for order #4417']);
    openBoth();
    // Not the dialog's "New Message" title, also an h2.
    expect(matches(GMAIL.threadSubject)).toEqual(['Refund for order #4417']);
  },
  threadIdCarrier() {
    expect(matches(GMAIL.threadIdCarrier, attr('data-thread-perm-id'))).toEqual(['thread-f:1790000000000000001']);
    expect(document.querySelector(GMAIL.threadIdCarrier)).toBe(document.querySelector(GMAIL.threadSubject));
  },
  message() {
    expect(matches(GMAIL.message, attr('data-message-id'))).toEqual(['#msg-f:1790000000000000000', '#msg-f:1790000000000000001']);
  },
  messageBody() {
    // Only the expanded (latest) message has one; the collapsed one shows a snippet instead.
    expect(matches(GMAIL.messageBody, (element) => element.closest(GMAIL.message)?.getAttribute('data-message-id') ?? null)).toEqual([
      '#msg-f:1790000000000000001',
    ]);
    openBoth();
    expect(document.querySelectorAll(GMAIL.messageBody)).toHaveLength(1);
  },
  messageQuote() {
    // Gmail's quote and the blockquote inside it; readers take the outermost.
    expect(matches(GMAIL.messageQuote, (element) => element.tagName.toLowerCase())).toEqual(['div', 'blockquote']);
    const outermost = Array.from(document.querySelectorAll(GMAIL.messageQuote)).filter((quote) => !quote.parentElement?.closest(GMAIL.messageQuote));
    expect(outermost.map((quote) => quote.textContent)).toEqual([
      'On Mon, 3 Feb 2025 at 09:12, Cannery Support <support@cannery.example> wrote:Thanks for your order #4417.Your blender ships today.',
    ]);
    expect(outermost[0]!.closest(GMAIL.messageBody)).not.toBeNull();
  },
  messageSender() {
    expect(matches(GMAIL.messageSender, (element) => `${element.getAttribute('name')} <${element.getAttribute('email')}>`)).toEqual([
      'Cannery Support <support@cannery.example>',
      'Dana Ortiz <dana@example.org>',
    ]);
  },
  messageRecipients() {
    expect(matches(GMAIL.messageRecipients, attr('email'))).toEqual(['support@cannery.example']);
  },
  replyButton() {
    // The latest message's header button, then the bar under the thread: the last one is used.
    expect(matches(GMAIL.replyButton, (element) => element.tagName.toLowerCase())).toEqual(['div', 'span']);
    expect(matches(GMAIL.replyButton)).toEqual(['Reply', 'Reply']);
    // Not Forward, not Send.
    openBoth();
    expect(matches(GMAIL.replyButton, attr('aria-label'))).toEqual(['Reply']);
  },
  composeButton() {
    expect(matches(GMAIL.composeButton)).toEqual(['Compose']);
    openBoth();
    expect(matches(GMAIL.composeButton)).toEqual(['Compose']);
  },
};

beforeEach(() => {
  loadGmailFixture();
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('Gmail selectors against the fixture', () => {
  it('has a case for every selector', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(GMAIL).sort());
  });

  it.each(Object.entries(CASES))('%s matches exactly what it must', (_name, check) => {
    check();
  });

  it("Cannery's own button selector finds one button per compose", async () => {
    vi.stubGlobal('chrome', { runtime: { onMessage: { addListener: vi.fn(), removeListener: vi.fn() }, sendMessage: vi.fn() } });
    const lifetime = new AbortController();
    startGmailContent({ signal: lifetime.signal, doc: document, self: TEST_EXTENSION, openSidePanel: vi.fn() });
    openBoth();
    await vi.waitFor(() => expect(matches(CANNERY_BUTTON, place)).toEqual(['inline reply', 'dialog']));
    lifetime.abort();
    expect(matches(CANNERY_BUTTON)).toEqual([]);
  });
});

describe('one module for every selector', () => {
  const ROOT = join(import.meta.dirname, '..', '..', '..');
  const files = [
    ...readdirSync(join(ROOT, 'hosts', 'gmail'))
      .filter((file) => file.endsWith('.ts') && file !== 'selectors.ts')
      .map((file) => join('hosts', 'gmail', file)),
    join('entrypoints', 'gmail.content.ts'),
  ];

  it.each(files)('%s queries the page only through selectors.ts', (file) => {
    const source = readFileSync(join(ROOT, file), 'utf8');
    // A DOM query whose selector is written in place (a string or template literal).
    const inline = source.match(/\.(?:querySelector(?:All)?|closest|matches)(?:<[^>]*>)?\(\s*['"`][^\n]*/g) ?? [];
    expect(inline).toEqual([]);
  });
});
