import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGmailAdapter, type GmailAdapterDeps } from '../../../hosts/gmail/adapter';
import { HostError, type KeyValueStorage, type MailItem } from '../../../hosts/host';
import { createTextInputAdapter, type TextInputAdapterDeps } from '../../../hosts/text-input/adapter';
import { placePicker } from '../../../hosts/text-input/picker-frame';
import { parsePickerGrant, pickerUrl } from '../../../hosts/text-input/picker-target';

/** Storage is not under test here; a map stands in for chrome.storage.local. */
function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    get: (key) => Promise.resolve(map.get(key) ?? null),
    set: (key, value) => Promise.resolve(void map.set(key, value)),
    remove: (key) => Promise.resolve(void map.delete(key)),
    clear: () => Promise.resolve(map.clear()),
  };
}

/** A fake channel: `answer` plays the content script (throw = no content script in that tab). */
function fakeMessaging(answer: (type: string, data: unknown) => unknown) {
  const sendMessage = vi.fn((type: string, data: unknown) => Promise.resolve().then(() => answer(type, data)));
  return { sendMessage, messaging: { sendMessage } as unknown as NonNullable<TextInputAdapterDeps['messaging'] & GmailAdapterDeps['messaging']> };
}

/** A grant as the background issues them: 32 random bytes, base64url. */
const GRANT = 'q'.repeat(43);

const EXTENSION_ID = 'hklgohkhkhiglabbllmgfibmhlidhlic';

/** The slice of `chrome.identity` and `chrome.runtime` the work-account window uses, faked. */
const fakeChrome = vi.hoisted(() => ({
  identity: {
    launchWebAuthFlow: vi.fn<(details: { url: string; interactive?: boolean }) => Promise<string | undefined>>(),
    getRedirectURL: () => 'https://hklgohkhkhiglabbllmgfibmhlidhlic.chromiumapp.org/',
  },
  runtime: { getURL: (path: string) => `chrome-extension://hklgohkhkhiglabbllmgfibmhlidhlic${path}` },
}));
vi.mock('wxt/browser', () => ({ browser: fakeChrome }));

function makeItem(overrides: Partial<MailItem> = {}): MailItem {
  return { mode: 'read', itemId: 't1', bodyText: 'Hello', sender: null, recipients: [], subject: 'Hi', ...overrides };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('text-input adapter', () => {
  it('declares that a field has no subject, cc, attachments, reply or new compose', () => {
    const adapter = createTextInputAdapter(GRANT, { storage: memoryStorage() });
    expect(adapter.context).toBe('text_input');
    expect(adapter.sessionContext).toBe('chrome');
    expect(adapter.capabilities).toEqual({ subjectLine: false, cc: false, attachments: false, replyFromRead: false, newCompose: false, sharedMailboxes: false });
  });

  it('is in compose mode while the frame remembers a field, and none otherwise', async () => {
    let field: { fieldId: string; text: string } | null = { fieldId: 'field-1', text: 'Dear customer' };
    const { messaging, sendMessage } = fakeMessaging(() => field);
    const adapter = createTextInputAdapter(GRANT, { messaging, storage: memoryStorage() });
    expect(await adapter.readItem()).toEqual({ mode: 'compose', itemId: 'field-1', bodyText: 'Dear customer', sender: null, recipients: [], subject: '' });
    // To the background, which relays it to the frame the grant names.
    expect(sendMessage).toHaveBeenCalledWith('text-input:picker-read-field', { grant: GRANT });
    field = null;
    expect((await adapter.readItem()).mode).toBe('none');
    const gone = createTextInputAdapter(GRANT, { messaging: fakeMessaging(() => { throw new Error('No response'); }).messaging, storage: memoryStorage() });
    expect((await gone.readItem()).mode).toBe('none');
  });

  it("reads a mail client's compose as the email it is: who it goes to, its subject and body", async () => {
    const mail = { recipients: [{ displayName: 'Lee Park', emailAddress: 'lee@example.com' }], subject: 'Your order', bodyText: 'Hi Lee,\n\nKind regards' };
    const { messaging } = fakeMessaging(() => ({ fieldId: 'field-2', text: 'Hi Lee, Kind regards', mail }));
    const adapter = createTextInputAdapter(GRANT, { messaging, storage: memoryStorage() });
    expect(await adapter.readItem()).toEqual({ mode: 'compose', itemId: 'field-2', bodyText: mail.bodyText, sender: null, recipients: mail.recipients, subject: 'Your order' });
  });

  it('inserts the block and reports what a field cannot take', async () => {
    const { messaging, sendMessage } = fakeMessaging(() => ({ ok: true, strategy: 'value-setter' }));
    const adapter = createTextInputAdapter(GRANT, { messaging, storage: memoryStorage() });
    const result = await adapter.insertBlock({ html: '<b>Hi</b>', text: 'Hi', subjectLine: 'S', cc: ['a@b.c'], attachments: [] });
    expect(result).toEqual({ outcome: 'inserted', skipped: ['subjectLine', 'cc'] });
    expect(sendMessage).toHaveBeenCalledWith('text-input:picker-insert', { grant: GRANT, content: { html: '<b>Hi</b>', text: 'Hi' } });
  });

  it('rejects with no-compose when the field is gone, and unsupported for a new compose', async () => {
    const { messaging } = fakeMessaging(() => ({ ok: false, reason: 'no-field', message: 'gone' }));
    const adapter = createTextInputAdapter(GRANT, { messaging, storage: memoryStorage() });
    await expect(adapter.insertBlock({ html: 'x', text: 'x' })).rejects.toMatchObject({ name: 'HostError', code: 'no-compose' });
    await expect(adapter.openNewCompose()).rejects.toBeInstanceOf(HostError);
  });
});

describe('Gmail adapter', () => {
  function gmail(answer: (type: string, data: unknown) => unknown) {
    const fake = fakeMessaging(answer);
    const adapter = createGmailAdapter({ messaging: fake.messaging, activeTabId: () => Promise.resolve(42), storage: memoryStorage(), pollIntervalMs: 500 });
    return { adapter, sendMessage: fake.sendMessage };
  }

  it('reads the item from the content script of the tab next to the panel', async () => {
    const { adapter, sendMessage } = gmail(() => ({ ok: true, value: makeItem() }));
    expect(adapter.capabilities.replyFromRead).toBe(true);
    expect(await adapter.readItem()).toEqual(makeItem());
    expect(sendMessage).toHaveBeenCalledWith('gmail:read-item', undefined, { tabId: 42, frameId: 0 });
  });

  it('reports nothing open for a tab without the content script, and fails on a content-script error', async () => {
    expect((await gmail(() => { throw new Error('Could not establish connection'); }).adapter.readItem()).mode).toBe('none');
    await expect(gmail(() => ({ ok: false, code: 'read-failed', message: 'boom' })).adapter.readItem()).rejects.toMatchObject({ code: 'read-failed' });
  });

  it("sends the block to the Gmail tab's top frame, answers what the content script did, and maps a missing Gmail tab to no-compose", async () => {
    const inserted = { outcome: 'reply-opened', skipped: [] };
    const { adapter, sendMessage } = gmail(() => ({ ok: true, value: inserted }));
    const request = { html: '<p>Hi</p>', text: 'Hi', subject: 'Re: ballot', cc: ['clerk@example.org'] };
    expect(await adapter.insertBlock(request)).toEqual(inserted);
    expect(sendMessage).toHaveBeenCalledWith('gmail:insert-block', request, { tabId: 42, frameId: 0 });
    await expect(gmail(() => { throw new Error('No response'); }).adapter.insertBlock({ html: 'x', text: 'x' })).rejects.toMatchObject({ code: 'no-compose' });
  });

  it('polls every 500 ms and calls onChange only when the item differs', async () => {
    vi.useFakeTimers();
    let body = 'first';
    const { adapter } = gmail(() => ({ ok: true, value: makeItem({ bodyText: body }) }));
    const seen: string[] = [];
    const lifetime = new AbortController();
    adapter.watchItem((item) => seen.push(item.bodyText), lifetime.signal);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['first']);
    await vi.advanceTimersByTimeAsync(1500);
    expect(seen).toEqual(['first']);
    body = 'second';
    await vi.advanceTimersByTimeAsync(500);
    expect(seen).toEqual(['first', 'second']);
    lifetime.abort();
    body = 'third';
    await vi.advanceTimersByTimeAsync(2000);
    expect(seen).toEqual(['first', 'second']);
  });
});

describe('picker placement and address', () => {
  it('goes below the field when it fits, above when not, and stays in the viewport', () => {
    const viewport = { width: 1200, height: 900 };
    expect(placePicker(new DOMRect(100, 50, 300, 40), viewport)).toEqual({ left: 100, top: 98 });
    expect(placePicker(new DOMRect(100, 700, 300, 40), viewport)).toEqual({ left: 100, top: 212 });
    expect(placePicker(new DOMRect(1100, 50, 80, 20), viewport).left).toBe(1200 - 360 - 8);
  });

  it('carries only the grant in the query string, leaving the hash to the app router; a frame address is no grant', () => {
    const url = pickerUrl('chrome-extension://abc/picker.html', GRANT);
    expect(url).toBe(`chrome-extension://abc/picker.html?grant=${GRANT}`);
    expect(parsePickerGrant(new URL(url).search)).toBe(GRANT);
    expect(parsePickerGrant('?tab=7&frame=3')).toBeNull();
    expect(parsePickerGrant('?grant=short')).toBeNull();
    expect(parsePickerGrant(`?grant=${'q'.repeat(42)}%00`)).toBeNull();
    expect(parsePickerGrant('')).toBeNull();
  });
});

describe("the extension's work-account window (chrome.identity.launchWebAuthFlow)", () => {
  const authorize = 'https://login.example/authorize?client_id=cannery-app';
  const adapters = () => [createGmailAdapter({ storage: memoryStorage() }), createTextInputAdapter(GRANT, { storage: memoryStorage() })];

  afterEach(() => {
    fakeChrome.identity.launchWebAuthFlow.mockReset();
  });

  it('opens the provider itself and hands back the address under chromiumapp.org it was sent to', async () => {
    const returned = `https://${EXTENSION_ID}.chromiumapp.org/#code=abc&state=s1`;
    fakeChrome.identity.launchWebAuthFlow.mockResolvedValue(returned);
    for (const adapter of adapters()) {
      expect(adapter.workAccount.mode).toBe('direct');
      expect(adapter.workAccount.redirectUri).toBe(`https://${EXTENSION_ID}.chromiumapp.org/`);
      expect(await adapter.openAuthPopup(authorize, { widthPercent: 50, heightPercent: 50 })).toBe(returned);
    }
    expect(fakeChrome.identity.launchWebAuthFlow.mock.calls).toEqual([[{ url: authorize, interactive: true }], [{ url: authorize, interactive: true }]]);
    const [gmail, picker] = adapters();
    expect(gmail!.workAccount.landingUrl('login')).toBe(`chrome-extension://${EXTENSION_ID}/sidepanel.html#/login`);
    expect(picker!.workAccount.landingUrl('login')).toBe(`chrome-extension://${EXTENSION_ID}/picker.html#/login`);
  });

  it("reports the window the user closed as dialog-closed, with Chrome's own message (checked in extension-sign-in.spec.ts)", async () => {
    fakeChrome.identity.launchWebAuthFlow.mockRejectedValue(new Error('The user did not approve access.'));
    await expect(adapters()[0]!.openAuthPopup(authorize, { widthPercent: 50, heightPercent: 50 })).rejects.toMatchObject({
      name: 'HostError',
      code: 'dialog-closed',
      message: 'Dialog window closed',
    });
  });

  it('reports any other failure, or no address at all, as dialog-failed', async () => {
    fakeChrome.identity.launchWebAuthFlow.mockRejectedValue(new Error('Authorization page could not be loaded.'));
    await expect(adapters()[1]!.openAuthPopup(authorize, { widthPercent: 50, heightPercent: 50 })).rejects.toMatchObject({
      code: 'dialog-failed',
      message: 'Authorization page could not be loaded.',
    });
    fakeChrome.identity.launchWebAuthFlow.mockResolvedValue(undefined);
    await expect(adapters()[0]!.openAuthPopup(authorize, { widthPercent: 50, heightPercent: 50 })).rejects.toMatchObject({ code: 'dialog-failed' });
  });
});
