/**
 * The runtime fallback when Gmail changes: the content script reports the part of the page it can
 * no longer find (`page-check.ts`), and the side panel says so in a sentence (`page-notice.ts`).
 */
import { TEST_EXTENSION } from '../../fixtures/factories';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchComposes } from '../../../hosts/gmail/compose-registry';
import { startGmailContent } from '../../../hosts/gmail/content';
import { ANCHOR_MESSAGES, checkGmailPage, type GmailAnchor } from '../../../hosts/gmail/page-check';
import { renderPageNotice, showGmailPageNotice, watchGmailPage, type PageNoticeDeps, type PageState } from '../../../hosts/gmail/page-notice';
import { NO_GMAIL_HERE } from '../../../hosts/gmail/adapter';
import { gmailFake, loadGmailFixture } from './gmail-fixture';

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

/** The page check as the content script runs it: with the composes detected so far. */
function check(): GmailAnchor[] {
  const registry = watchComposes(document, lifetime.signal);
  registry.scan();
  return checkGmailPage(document, registry.list());
}

const $ = (selector: string) => document.querySelector(selector)!;

describe('the page check in the Gmail tab', () => {
  it('finds nothing missing in Gmail as it is, reading or writing', () => {
    expect(check()).toEqual([]);
    gmailFake().openInlineReply();
    gmailFake().openCompose();
    expect(check()).toEqual([]);
  });

  it("reports a compose whose body Cannery no longer recognises (its subject field shows it's there)", () => {
    gmailFake().openCompose();
    const body = $('[role="dialog"] [contenteditable="true"]');
    body.removeAttribute('g_editable');
    body.setAttribute('aria-label', 'Corps du message');
    expect(check()).toEqual(['compose-body']);
  });

  it('reports the same for an inline reply', () => {
    gmailFake().openInlineReply();
    const body = $('.ip [contenteditable="true"]');
    body.removeAttribute('g_editable');
    body.removeAttribute('aria-label');
    expect(check()).toEqual(['compose-body']);
  });

  it("reports a compose without the toolbar the Cannery button belongs in", () => {
    gmailFake().openCompose();
    $('[role="dialog"] tr.btC').className = 'btC2';
    expect(check()).toEqual(['compose-toolbar']);
  });

  it("reports a thread Gmail shows (its id is there) that Cannery cannot read, and says nothing for a view Gmail hid", () => {
    $('h2.hP').className = 'hP2';
    expect(check()).toEqual(['thread']);
    ($('.nH.if') as HTMLElement).style.display = 'none';
    expect(check()).toEqual([]);
  });

  it("reports a thread whose message text or sender Cannery cannot find", () => {
    const sender = $('[data-legacy-message-id] span.gD');
    sender.className = 'gD2';
    expect(check()).toEqual(['message-sender']);
    $('div.a3s').className = 'a3s2';
    expect(check()).toEqual(['message-body']);
  });

  it("reports a missing Reply button while reading, but not while a compose is open (blocks go there)", () => {
    $('[aria-label="Reply"]').removeAttribute('aria-label');
    $('span.ams.bkH').className = 'ams';
    expect(check()).toEqual(['reply-button']);
    gmailFake().openCompose();
    expect(check()).toEqual([]);
  });
});

describe('the content script', () => {
  beforeEach(() => {
    vi.stubGlobal('chrome', { runtime: { onMessage: { addListener: vi.fn(), removeListener: vi.fn() }, sendMessage: vi.fn() } });
  });

  it('answers the page check, and a block used while reading without a Reply button says why nothing opened', async () => {
    $('[aria-label="Reply"]').removeAttribute('aria-label');
    $('span.ams.bkH').className = 'ams';
    const content = startGmailContent({ signal: lifetime.signal, doc: document, self: TEST_EXTENSION, openSidePanel: vi.fn() });
    expect(content.checkPage()).toEqual(['reply-button']);
    expect(await content.insertBlock({ html: 'x', text: 'x' })).toEqual({ ok: false, code: 'no-compose', message: ANCHOR_MESSAGES['reply-button'] });
  });
});

describe('the side panel notice', () => {
  /** A Gmail tab whose content script answers `answer()`; throwing plays "no content script there". */
  function fakeTab(answer: () => GmailAnchor[]): PageNoticeDeps {
    const sendMessage = vi.fn(() => Promise.resolve().then(answer));
    return { messaging: { sendMessage }, activeTabId: () => Promise.resolve(7), intervalMs: 5 };
  }

  it('tells each change of what is missing once, and stops when aborted', async () => {
    let missing: GmailAnchor[] = [];
    const seen: PageState[] = [];
    watchGmailPage((anchors) => seen.push(anchors), lifetime.signal, fakeTab(() => missing));
    await vi.waitFor(() => expect(seen).toEqual([[]]));
    missing = ['compose-toolbar'];
    await vi.waitFor(() => expect(seen).toEqual([[], ['compose-toolbar']]));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(seen).toHaveLength(2);
    lifetime.abort();
    missing = ['thread'];
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(seen).toHaveLength(2);
  });

  it('says to open Gmail next to a tab without the content script, once, and clears when Gmail answers', async () => {
    let gmail = false;
    const seen: PageState[] = [];
    const container = document.createElement('div');
    watchGmailPage(
      (state) => {
        seen.push(state);
        renderPageNotice(container, state);
      },
      lifetime.signal,
      fakeTab(() => {
        if (!gmail) throw new Error('Could not establish connection.');
        return [];
      }),
    );
    await vi.waitFor(() => expect(seen).toEqual(['no-gmail']));
    expect(container.textContent).toBe(NO_GMAIL_HERE);
    expect(container.hidden).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(seen).toEqual(['no-gmail']);
    gmail = true;
    await vi.waitFor(() => expect(seen).toEqual(['no-gmail', []]));
    expect(container.hidden).toBe(true);
  });

  it('shows one sentence per missing part in a status region, and hides itself when all is well', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    let missing: GmailAnchor[] = ['compose-body', 'reply-button'];
    showGmailPageNotice(container, lifetime.signal, fakeTab(() => missing));
    expect(container.getAttribute('role')).toBe('status');
    await vi.waitFor(() =>
      expect(Array.from(container.querySelectorAll('p'), (line) => line.textContent)).toEqual([
        "Cannery could not find where to type in Gmail's compose window, so it cannot insert blocks there. Show a block's whole text with its Show the text button, then copy it into Gmail.",
        "Cannery could not find Gmail's Reply button, so picking a block while reading does not open a reply. Click Reply in Gmail first, then pick the block.",
      ]),
    );
    expect(container.hidden).toBe(false);
    missing = [];
    await vi.waitFor(() => expect(container.hidden).toBe(true));
    expect(container.style.display).toBe('none');
    expect(container.childElementCount).toBe(0);
  });

  it('has a sentence for every part the check can report', () => {
    const container = document.createElement('div');
    const all = Object.keys(ANCHOR_MESSAGES) as GmailAnchor[];
    renderPageNotice(container, all);
    expect(container.querySelectorAll('p')).toHaveLength(6);
    for (const line of Array.from(container.querySelectorAll('p'))) expect(line.textContent).toMatch(/^Cannery could not (find|read) /);
  });
});
