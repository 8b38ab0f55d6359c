import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HostError, type HostAdapter, type InsertRequest, type MailItem } from '../../../hosts/host';
import { createOutlookAdapter, POLL_INTERVAL_MS } from '../../../hosts/outlook/adapter';
import { isInOfficeDialog, messageTaskPane } from '../../../hosts/outlook/dialog-parent';
import type { FakeItemSpec, FakeOfficeConfig, FakeOfficeControl } from '../../fixtures/office/fake-office-control';
import { loadFakeOffice, unloadFakeOffice } from '../../fixtures/office/load-fake-office';
import { CURSOR_MARKER } from '../../../src/domain/cursor-marker';

const dana = { displayName: 'Dana Ortiz', emailAddress: 'dana@example.org' };
const helpDesk = { displayName: 'Elections Office', emailAddress: 'help@county.example' };

function makeReadItem(overrides: Partial<FakeItemSpec> = {}): FakeItemSpec {
  return {
    mode: 'read',
    itemId: 'read-item-1',
    subject: 'Where is my ballot?',
    from: dana,
    to: [helpDesk],
    body: 'Hello,\nmy ballot has not arrived.',
    ...overrides,
  };
}

function makeComposeItem(overrides: Partial<FakeItemSpec> = {}): FakeItemSpec {
  return { mode: 'compose', subject: 'RE: Where is my ballot?', to: [dana], bodyHtml: '', ...overrides };
}

function makeRequest(overrides: Partial<InsertRequest> = {}): InsertRequest {
  return { html: '<p>Your ballot was mailed today.</p>', text: 'Your ballot was mailed today.', ...overrides };
}

/** Office.js calls back asynchronously (microtasks in the fake); this lets every pending chain finish. */
async function flush(): Promise<void> {
  for (let turn = 0; turn < 50; turn += 1) await Promise.resolve();
}

let fake: FakeOfficeControl;
let adapter: HostAdapter;

function setup(item: FakeItemSpec | null, config?: FakeOfficeConfig): void {
  const loaded = loadFakeOffice(config ? { item, config } : { item });
  fake = loaded.control;
  adapter = createOutlookAdapter(loaded.office);
}

afterEach(() => {
  vi.useRealTimers();
  unloadFakeOffice();
});

describe('identity and capabilities', () => {
  it('declares the outlook contexts and every capability on a current Outlook', () => {
    setup(makeReadItem());
    expect(adapter.name).toBe('outlook');
    expect(adapter.context).toBe('outlook');
    expect(adapter.sessionContext).toBe('outlook');
    expect(adapter.capabilities).toEqual({
      subjectLine: true,
      cc: true,
      attachments: true,
      replyFromRead: true,
      newCompose: true,
      sharedMailboxes: true,
    });
  });

  it('has no new-compose capability below Mailbox 1.6', () => {
    setup(makeReadItem(), { mailboxVersion: '1.5' });
    expect(adapter.capabilities.newCompose).toBe(false);
  });
});

describe('readItem', () => {
  it('reads an email being read: body as text, sender, recipients, subject and id', async () => {
    setup(makeReadItem());
    await expect(adapter.readItem()).resolves.toEqual({
      mode: 'read',
      itemId: 'read-item-1',
      bodyText: 'Hello,\nmy ballot has not arrived.',
      sender: dana,
      recipients: [helpDesk],
      subject: 'Where is my ballot?',
    });
  });

  it('reads a compose item through its async getters', async () => {
    setup(makeComposeItem({ bodyHtml: '<p>Dear Dana,</p><p>thanks.</p>', from: helpDesk, itemId: 'draft-7' }));
    await expect(adapter.readItem()).resolves.toEqual({
      mode: 'compose',
      itemId: 'draft-7',
      bodyText: 'Dear Dana,\nthanks.\n',
      sender: helpDesk,
      recipients: [dana],
      subject: 'RE: Where is my ballot?',
    });
  });

  it('has no id for an unsaved draft', async () => {
    setup(makeComposeItem());
    expect((await adapter.readItem()).itemId).toBeNull();
  });

  it('takes the sender of a compose item from the user profile before Mailbox 1.7', async () => {
    setup(makeComposeItem(), {
      mailboxVersion: '1.6',
      userProfile: { displayName: 'Sam Agent', emailAddress: 'sam@county.example' },
    });
    const item = await adapter.readItem();
    expect(item.sender).toEqual({ displayName: 'Sam Agent', emailAddress: 'sam@county.example' });
    expect(item.itemId).toBeNull();
    expect(fake.calls()).not.toContain('getItemIdAsync');
  });

  it('falls back to the user profile when the sender of a compose item cannot be read', async () => {
    setup(makeComposeItem({ from: helpDesk }), { userProfile: { displayName: 'Sam Agent', emailAddress: 'sam@county.example' } });
    fake.failNext('from.getAsync');
    expect((await adapter.readItem()).sender).toEqual({ displayName: 'Sam Agent', emailAddress: 'sam@county.example' });
  });

  it('reports no item when nothing is open, as a fresh object each time', async () => {
    setup(null);
    const first = await adapter.readItem();
    expect(first).toEqual({ mode: 'none', itemId: null, bodyText: '', sender: null, recipients: [], subject: '' });
    expect(await adapter.readItem()).not.toBe(first);
  });

  it("rejects with HostError('read-failed') when Outlook cannot read the body", async () => {
    setup(makeComposeItem());
    fake.failNext('body.getAsync', { code: 9017, message: 'Internal protocol error' });
    const failure = adapter.readItem();
    await expect(failure).rejects.toBeInstanceOf(HostError);
    await expect(failure).rejects.toMatchObject({ code: 'read-failed' });
  });
});

describe('insertBlock', () => {
  it('inserts the HTML at the compose cursor, then subject, Cc and attachments in order', async () => {
    setup(makeComposeItem({ bodyHtml: '<p>Hi Dana,</p><p>Regards</p>' }));
    fake.setCursor('<p>Hi Dana,</p>'.length);

    const result = await adapter.insertBlock(
      makeRequest({
        subjectLine: 'Your ballot',
        cc: ['records@county.example'],
        attachments: [{ name: 'guide.pdf', url: 'https://files.example/guide.pdf' }],
      }),
    );

    expect(result).toEqual({ outcome: 'inserted', skipped: [] });
    expect(fake.composeBody()).toBe('<p>Hi Dana,</p><p>Your ballot was mailed today.</p><p>Regards</p>');
    expect(fake.insertions()).toEqual([
      { method: 'setSelectedDataAsync', data: '<p>Your ballot was mailed today.</p>', coercionType: 'html' },
      { method: 'subject.setAsync', subject: 'Your ballot' },
      { method: 'cc.addAsync', recipients: ['records@county.example'] },
      { method: 'addFileAttachmentAsync', url: 'https://files.example/guide.pdf', name: 'guide.pdf' },
    ]);
    expect(fake.composeState()).toMatchObject({
      subject: 'Your ballot',
      cc: [{ emailAddress: 'records@county.example' }],
      attachments: [{ name: 'guide.pdf', url: 'https://files.example/guide.pdf' }],
    });
  });

  it('inserts a second block after the first, where the cursor moved to', async () => {
    setup(makeComposeItem({ bodyHtml: '<p>Regards</p>' }));
    await adapter.insertBlock(makeRequest({ html: '<p>One.</p>' }));
    await adapter.insertBlock(makeRequest({ html: '<p>Two.</p>' }));
    expect(fake.composeBody()).toBe('<p>One.</p><p>Two.</p><p>Regards</p>');
  });

  it('inserts the plain text with Text coercion when the message is in plain-text format', async () => {
    setup(makeComposeItem({ bodyType: 'text', bodyHtml: 'Hi Dana,<br>Regards', cursor: 'Hi Dana,<br>'.length }));

    const result = await adapter.insertBlock(makeRequest({ html: '<p>Your ballot was <b>mailed</b> today.</p>', text: 'Your ballot was mailed today.\n' }));

    expect(result).toEqual({ outcome: 'inserted', skipped: [] });
    expect(fake.calls()).toContain('body.getTypeAsync');
    expect(fake.insertions()).toEqual([{ method: 'setSelectedDataAsync', data: 'Your ballot was mailed today.\n', coercionType: 'text' }]);
    expect(fake.composeBody()).toBe('Hi Dana,<br>Your ballot was mailed today.<br>Regards');
  });

  it("drops a block's cursor marker: Office.js cannot place the caret, which ends after the block", async () => {
    setup(makeComposeItem({ bodyHtml: '<p>Regards</p>' }));
    await adapter.insertBlock(makeRequest({ html: `<p>Your ballot is ${CURSOR_MARKER} today.</p>`, text: `Your ballot is ${CURSOR_MARKER} today.` }));
    expect(fake.insertions()).toEqual([{ method: 'setSelectedDataAsync', data: '<p>Your ballot is  today.</p>', coercionType: 'html' }]);

    setup(makeReadItem());
    await adapter.insertBlock(makeRequest({ html: `<p>${CURSOR_MARKER}Hello</p>` }));
    expect(fake.insertions()).toMatchObject([{ method: 'displayReplyForm', htmlBody: '<p>Hello</p>' }]);
  });

  it('inserts HTML when the body format cannot be read', async () => {
    setup(makeComposeItem({ bodyHtml: '<p>Regards</p>' }));
    fake.failNext('body.getTypeAsync', { code: 9017, message: 'Internal protocol error' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    await expect(adapter.insertBlock(makeRequest())).resolves.toEqual({ outcome: 'inserted', skipped: [] });
    expect(fake.insertions()).toEqual([{ method: 'setSelectedDataAsync', data: '<p>Your ballot was mailed today.</p>', coercionType: 'html' }]);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('opens a reply form with the block and its attachments when an email is being read', async () => {
    setup(makeReadItem());
    const result = await adapter.insertBlock(
      makeRequest({
        subjectLine: 'Your ballot',
        cc: ['records@county.example'],
        attachments: [{ name: 'guide.pdf', url: 'https://files.example/guide.pdf' }],
      }),
    );
    expect(result).toEqual({ outcome: 'reply-opened', skipped: ['subjectLine', 'cc'] });
    expect(fake.insertions()).toEqual([
      {
        method: 'displayReplyForm',
        htmlBody: '<p>Your ballot was mailed today.</p>',
        attachments: [{ type: 'file', name: 'guide.pdf', url: 'https://files.example/guide.pdf' }],
      },
    ]);
  });

  it("rejects with HostError('no-compose') when no email is open", async () => {
    setup(null);
    await expect(adapter.insertBlock(makeRequest())).rejects.toMatchObject({ name: 'HostError', code: 'no-compose' });
  });

  // A file that cannot be attached is a note, not a failure: see tests/unit/outlook/adapter-models.test.ts.
  it.each(['setSelectedDataAsync', 'subject.setAsync', 'cc.addAsync'])(
    "rejects with HostError('insert-failed') when %s fails",
    async (method) => {
      setup(makeComposeItem());
      fake.failNext(method, { code: 5001, message: 'An internal error has occurred.' });
      const failure = adapter.insertBlock(
        makeRequest({ subjectLine: 'S', cc: ['a@b.example'], attachments: [{ name: 'f.pdf', url: 'https://f.example/f.pdf' }] }),
      );
      await expect(failure).rejects.toBeInstanceOf(HostError);
      await expect(failure).rejects.toMatchObject({ code: 'insert-failed' });
    },
  );

  it("rejects with HostError('insert-failed') when Outlook refuses the reply form", async () => {
    setup(makeReadItem());
    fake.failNext('displayReplyForm', { code: 9000, message: 'Invalid form data' });
    await expect(adapter.insertBlock(makeRequest())).rejects.toMatchObject({ code: 'insert-failed' });
  });
});

describe('openNewCompose', () => {
  it('opens a new message form on Mailbox 1.6 and later', async () => {
    setup(makeReadItem());
    await adapter.openNewCompose();
    expect(fake.newMessageForms()).toHaveLength(1);
  });

  it("rejects with HostError('unsupported') before Mailbox 1.6", async () => {
    setup(makeReadItem(), { mailboxVersion: '1.5' });
    await expect(adapter.openNewCompose()).rejects.toMatchObject({ code: 'unsupported' });
    expect(fake.newMessageForms()).toHaveLength(0);
  });
});

describe('openAuthPopup', () => {
  const url = 'https://cannery.example/outlook/taskpane.html#/dialog-landing';

  it('opens a 50 by 50 dialog and resolves with its first message, closing it', async () => {
    setup(makeReadItem());
    const popup = adapter.openAuthPopup(url, { widthPercent: 50, heightPercent: 50 });
    await flush();
    expect(fake.dialogs()).toEqual([
      { url, options: { height: 50, width: 50, promptBeforeOpen: false }, closed: false, closedBy: null },
    ]);
    fake.dialogMessage('{"access_token":"a"}');
    await expect(popup).resolves.toBe('{"access_token":"a"}');
    expect(fake.dialogs()[0]).toMatchObject({ closed: true, closedBy: 'parent' });
  });

  it('ignores a message from a page of another origin (the report carries tokens)', async () => {
    setup(makeReadItem());
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const popup = adapter.openAuthPopup(url, { widthPercent: 50, heightPercent: 50 });
    await flush();
    fake.dialogMessage('{"forged":true}', 'https://evil.example');
    fake.dialogMessage('{"access_token":"a"}');
    await expect(popup).resolves.toBe('{"access_token":"a"}');
    warn.mockRestore();
  });

  it("rejects with HostError('dialog-closed', 'Dialog window closed') when the user closes it (12006)", async () => {
    setup(makeReadItem());
    const popup = adapter.openAuthPopup(url, { widthPercent: 50, heightPercent: 50 });
    await flush();
    fake.closeDialog();
    await expect(popup).rejects.toBeInstanceOf(HostError);
    await expect(popup).rejects.toMatchObject({ code: 'dialog-closed', message: 'Dialog window closed' });
  });

  it("rejects with HostError('dialog-failed') and closes the dialog on another dialog error", async () => {
    setup(makeReadItem());
    const popup = adapter.openAuthPopup(url, { widthPercent: 50, heightPercent: 50 });
    await flush();
    fake.closeDialog(12002);
    await expect(popup).rejects.toMatchObject({ code: 'dialog-failed' });
    expect(fake.dialogs()[0]).toMatchObject({ closed: true, closedBy: 'parent' });
  });

  it("rejects with HostError('dialog-failed') when the dialog cannot open", async () => {
    setup(makeReadItem());
    fake.failNext('displayDialogAsync', { code: 12007, message: 'A dialog box is already opened from this host window.' });
    await expect(adapter.openAuthPopup(url, { widthPercent: 50, heightPercent: 50 })).rejects.toMatchObject({
      code: 'dialog-failed',
    });
  });
});

describe('watchItem', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('reports the item at once, then only when something changed', async () => {
    setup(makeComposeItem({ bodyHtml: '<p>Draft</p>' }));
    const onChange = vi.fn<(item: MailItem) => void>();
    const controller = new AbortController();
    adapter.watchItem(onChange, controller.signal);
    await flush();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.lastCall?.[0]).toMatchObject({ mode: 'compose', bodyText: 'Draft\n' });

    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(onChange).toHaveBeenCalledTimes(1);

    await adapter.insertBlock(makeRequest({ html: 'Hello ' }));
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(onChange.mock.lastCall?.[0].bodyText).toBe('Hello Draft\n');
    controller.abort();
  });

  it('reads the new item on ItemChanged without waiting for the next poll', async () => {
    setup(makeReadItem());
    const onChange = vi.fn<(item: MailItem) => void>();
    const controller = new AbortController();
    adapter.watchItem(onChange, controller.signal);
    await flush();
    expect(fake.handlerCount()).toBe(1);

    fake.setItem(makeReadItem({ itemId: 'read-item-2', subject: 'Polling place hours' }));
    fake.fireItemChanged();
    await flush();
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(onChange.mock.lastCall?.[0]).toMatchObject({ itemId: 'read-item-2', subject: 'Polling place hours' });
    controller.abort();
  });

  it('removes the ItemChanged handler and stops polling on abort', async () => {
    setup(makeReadItem());
    const onChange = vi.fn<(item: MailItem) => void>();
    const controller = new AbortController();
    adapter.watchItem(onChange, controller.signal);
    await flush();
    expect(fake.handlerCount()).toBe(1);

    controller.abort();
    await flush();
    expect(fake.handlerCount()).toBe(0);
    const readsAtAbort = fake.calls().filter((call) => call === 'body.getAsync').length;

    fake.setItem(makeReadItem({ itemId: 'read-item-2' }));
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 4);
    expect(fake.calls().filter((call) => call === 'body.getAsync')).toHaveLength(readsAtAbort);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('keeps the shared ItemChanged handler until the last watcher stops', async () => {
    setup(makeReadItem());
    const first = new AbortController();
    const second = new AbortController();
    adapter.watchItem(() => undefined, first.signal);
    adapter.watchItem(() => undefined, second.signal);
    await flush();
    expect(fake.handlerCount()).toBe(1);
    first.abort();
    await flush();
    expect(fake.handlerCount()).toBe(1);
    second.abort();
    await flush();
    expect(fake.handlerCount()).toBe(0);
  });

  it('keeps polling after a failed read and reports the item once it can be read', async () => {
    setup(makeReadItem());
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fake.failNext('body.getAsync');
    const onChange = vi.fn<(item: MailItem) => void>();
    const controller = new AbortController();
    adapter.watchItem(onChange, controller.signal);
    await flush();
    expect(onChange).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
    controller.abort();
  });

  it('does nothing with an already aborted signal', async () => {
    setup(makeReadItem());
    const onChange = vi.fn();
    adapter.watchItem(onChange, AbortSignal.abort());
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2);
    expect(onChange).not.toHaveBeenCalled();
    expect(fake.handlerCount()).toBe(0);
  });
});

describe('inside an Office dialog (no mailbox)', () => {
  it('reports no item, refuses insertion and still stores values', async () => {
    setup(null, { inDialog: true });
    expect((await adapter.readItem()).mode).toBe('none');
    await expect(adapter.insertBlock(makeRequest())).rejects.toMatchObject({ code: 'no-compose' });
    expect(adapter.capabilities.newCompose).toBe(false);
    await adapter.storage.set('state', 'abc');
    await expect(adapter.storage.get('state')).resolves.toBe('abc');
    const controller = new AbortController();
    const onChange = vi.fn();
    adapter.watchItem(onChange, controller.signal);
    await flush();
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ mode: 'none' }));
    controller.abort();
  });

  it('sends messages to the task pane through messageParent', () => {
    const { office, control } = loadFakeOffice({ item: null, config: { inDialog: true } });
    expect(isInOfficeDialog(office)).toBe(true);
    messageTaskPane('{"id_token":"t"}', office);
    expect(control.parentMessages()).toEqual(['{"id_token":"t"}']);
  });

  it('refuses to message a parent from the task pane itself', () => {
    const { office } = loadFakeOffice({ item: makeReadItem() });
    expect(isInOfficeDialog(office)).toBe(false);
    expect(() => messageTaskPane('x', office)).toThrow(HostError);
    expect(isInOfficeDialog(undefined)).toBe(false);
  });
});

describe('storage', () => {
  it("keeps values under a 'cannery:' prefix and clears only its own keys", async () => {
    setup(makeReadItem());
    localStorage.setItem('other-app', 'keep');
    await adapter.storage.set('codeVerifier', 'v1');
    await adapter.storage.set('state', 's1');
    expect(localStorage.getItem('cannery:codeVerifier')).toBe('v1');
    await expect(adapter.storage.get('missing')).resolves.toBeNull();

    await adapter.storage.remove('state');
    await adapter.storage.remove('state');
    await expect(adapter.storage.get('state')).resolves.toBeNull();

    await adapter.storage.clear();
    await expect(adapter.storage.get('codeVerifier')).resolves.toBeNull();
    expect(localStorage.getItem('other-app')).toBe('keep');
  });
});
