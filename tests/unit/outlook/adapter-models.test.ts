/**
 * The Outlook adapter against two independent models of Office.js (see models.ts): the fake of
 * the end-to-end tests and one built on Microsoft's office-addin-mock. Every behaviour of issue
 * #14 that both can model runs against both; ItemChanged needs events, which office-addin-mock
 * lacks, so those cases run against the fake only.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HostError, type InsertRequest } from '../../../hosts/host';
import { createOutlookAdapter } from '../../../hosts/outlook/adapter';
import { attachmentNote, REPLY_FORM_HTML_LIMIT_BYTES, REPLY_WAIT_MS } from '../../../hosts/outlook/insert-block';
import { LIMITATION_MESSAGES } from '../../../hosts/outlook/requirements';
import { unloadFakeOffice } from '../../fixtures/office/load-fake-office';
import { fakeOfficeModel, type ModelItem, type ModelSetup, type OutlookModel, type OutlookModelInstance } from './models';
import { officeAddinMockModel } from './office-addin-mock-model';

const dana = { displayName: 'Dana Ortiz', emailAddress: 'dana@example.org' };
const guide = { name: 'guide.pdf', url: 'https://files.example/guide.pdf' };
/** On the reserved `.invalid` domain (RFC 2606): both models treat it as an address that gives no file. */
const missing = { name: 'missing.pdf', url: 'https://files.invalid/missing.pdf' };

function makeCompose(overrides: Partial<ModelItem> = {}): ModelItem {
  return { mode: 'compose', subject: 'RE: Where is my ballot?', bodyHtml: '<p>Hi Dana,</p><p>Regards</p>', cursor: '<p>Hi Dana,</p>'.length, ...overrides };
}

function makeRead(overrides: Partial<ModelItem> = {}): ModelItem {
  return { mode: 'read', itemId: 'read-1', subject: 'Where is my ballot?', from: dana, bodyHtml: '<p>Hello, my ballot has not arrived.</p>', ...overrides };
}

function makeRequest(overrides: Partial<InsertRequest> = {}): InsertRequest {
  return { html: '<p>Your ballot was <b>mailed</b> today.</p>', text: 'Your ballot was mailed today.\n', ...overrides };
}

/** A block body over the reply form's 32 KB. */
function longRequest(): InsertRequest {
  const paragraph = '<p>Ballots are mailed 29 days before each election; please allow a week for delivery.</p>';
  const html = paragraph.repeat(Math.ceil((REPLY_FORM_HTML_LIMIT_BYTES + 1) / paragraph.length));
  return makeRequest({ html, text: html.replace(/<[^>]+>/g, '') });
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  unloadFakeOffice();
});

describe.each([fakeOfficeModel, officeAddinMockModel])('Outlook adapter on $name', (model: OutlookModel) => {
  let outlook: OutlookModelInstance;
  function open(setup: ModelSetup) {
    outlook = model.open(setup);
    return createOutlookAdapter(outlook.office);
  }

  it('inserts HTML at the cursor of an HTML body', async () => {
    const adapter = open({ item: makeCompose() });
    await expect(adapter.insertBlock(makeRequest())).resolves.toEqual({ outcome: 'inserted', skipped: [] });
    expect(outlook.bodyWrites()).toEqual([{ data: '<p>Your ballot was <b>mailed</b> today.</p>', coercionType: 'html' }]);
    expect(outlook.composeBody()).toBe('<p>Hi Dana,</p><p>Your ballot was <b>mailed</b> today.</p><p>Regards</p>');
  });

  it('inserts the text with Text coercion into a plain-text body', async () => {
    const adapter = open({ item: makeCompose({ bodyType: 'text', bodyHtml: 'Hi Dana,<br>Regards', cursor: 'Hi Dana,<br>'.length }) });
    await expect(adapter.insertBlock(makeRequest())).resolves.toEqual({ outcome: 'inserted', skipped: [] });
    expect(outlook.bodyWrites()).toEqual([{ data: 'Your ballot was mailed today.\n', coercionType: 'text' }]);
    expect(outlook.composeBody()).not.toContain('<b>');
  });

  it('sets the subject and adds the Cc', async () => {
    const adapter = open({ item: makeCompose() });
    await adapter.insertBlock(makeRequest({ subjectLine: 'Your ballot', cc: ['records@county.example'] }));
    expect(outlook.composeState()).toMatchObject({ subject: 'Your ballot', cc: ['records@county.example'] });
  });

  it('attaches files by URL, and names one that cannot be downloaded in a note instead of failing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const adapter = open({ item: makeCompose() });
    const result = await adapter.insertBlock(makeRequest({ attachments: [missing, guide] }));
    expect(result).toEqual({
      outcome: 'inserted',
      skipped: [],
      notes: ['The attachment "missing.pdf" could not be added: Outlook could not download it from https://files.invalid/missing.pdf. Attach it by hand if the email needs it.'],
    });
    expect(result.notes).toEqual([attachmentNote(missing.name, `Outlook could not download it from ${missing.url}.`)]);
    // The body went in and the file after the broken one was still attached.
    expect(outlook.bodyWrites()).toHaveLength(1);
    expect(outlook.composeState().attachments).toEqual([guide]);
  });

  it('gives an address Outlook cannot use the same note', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const adapter = open({ item: makeCompose() });
    const result = await adapter.insertBlock(makeRequest({ attachments: [{ name: 'local.pdf', url: 'file:///C:/local.pdf' }] }));
    expect(result.notes).toEqual([attachmentNote('local.pdf', 'Outlook could not download it from file:///C:/local.pdf.')]);
    expect(outlook.composeState().attachments).toEqual([]);
  });

  it('opens a reply form that carries the block and its files when an email is being read', async () => {
    const adapter = open({ item: makeRead() });
    await expect(adapter.insertBlock(makeRequest({ attachments: [guide] }))).resolves.toEqual({ outcome: 'reply-opened', skipped: [] });
    expect(outlook.replyForms()).toEqual([{ htmlBody: '<p>Your ballot was <b>mailed</b> today.</p>', attachments: [guide] }]);
  });

  it('opens the reply first and then inserts a block over the 32 KB of a reply form', async () => {
    const adapter = open({ item: makeRead(), replyOpens: 'pane' });
    const request = longRequest();
    await expect(adapter.insertBlock({ ...request, attachments: [guide] })).resolves.toEqual({ outcome: 'reply-opened', skipped: [] });
    expect(outlook.replyForms()).toEqual([{ htmlBody: '', attachments: [guide] }]);
    expect(outlook.bodyWrites()).toEqual([{ data: request.html, coercionType: 'html' }]);
    expect(outlook.composeBody()).toBe(request.html);
  });

  it("rejects with HostError('reply-without-block') when the reply of a long block opens out of the pane's reach", async () => {
    vi.useFakeTimers();
    const adapter = open({ item: makeRead(), replyOpens: 'window' });
    const insertion = adapter.insertBlock(longRequest());
    const settled = expect(insertion).rejects.toMatchObject({ name: 'HostError', code: 'reply-without-block' });
    await vi.advanceTimersByTimeAsync(REPLY_WAIT_MS);
    await settled;
    await expect(insertion).rejects.toBeInstanceOf(HostError);
    expect(outlook.replyForms()).toEqual([{ htmlBody: '', attachments: [] }]);
  });

  it('reports no limitations on a current Outlook', () => {
    const adapter = open({ item: makeCompose() });
    expect(adapter.limitations).toEqual([]);
    expect(adapter.capabilities).toMatchObject({ attachments: true, newCompose: true });
  });

  it('degrades on a Mailbox 1.1 client: no body text, no reply files, with a message instead of failures', async () => {
    const adapter = open({ item: makeRead(), mailboxVersion: '1.1' });
    expect(adapter.limitations).toEqual([LIMITATION_MESSAGES.readBody]);
    expect(adapter.capabilities.newCompose).toBe(false);
    await expect(adapter.readItem()).resolves.toMatchObject({ mode: 'read', bodyText: '', sender: dana, subject: 'Where is my ballot?' });
    await expect(adapter.insertBlock(makeRequest({ attachments: [guide] }))).resolves.toEqual({ outcome: 'reply-opened', skipped: ['attachments'] });
    expect(outlook.replyForms()).toEqual([{ htmlBody: '<p>Your ballot was <b>mailed</b> today.</p>', attachments: [] }]);
  });

  it('inserts without files where Outlook on the web lacks Mailbox 1.8, and says so', async () => {
    const adapter = open({ item: makeCompose(), mailboxVersion: '1.7', hostName: 'OutlookWebApp' });
    expect(adapter.capabilities.attachments).toBe(false);
    expect(adapter.limitations).toEqual([LIMITATION_MESSAGES.fileAttachments]);
    await expect(adapter.insertBlock(makeRequest({ attachments: [guide] }))).resolves.toEqual({ outcome: 'inserted', skipped: ['attachments'] });
    expect(outlook.composeState().attachments).toEqual([]);
    expect(outlook.bodyWrites()).toHaveLength(1);
  });

  describe('shared folders and shared mailboxes', () => {
    const elections = 'Elections@AlderCounty.example';

    it('tells which shared mailbox an email is in and replies there with Write permission', async () => {
      const adapter = open({ item: makeRead({ shared: { kind: 'mailbox', owner: elections, permissions: ['Read', 'Write'] } }) });
      expect(adapter.capabilities.sharedMailboxes).toBe(true);
      await expect(adapter.readItem()).resolves.toMatchObject({ mode: 'read', mailbox: { kind: 'shared', address: 'elections@aldercounty.example', canWrite: true } });
      await expect(adapter.insertBlock(makeRequest())).resolves.toEqual({ outcome: 'reply-opened', skipped: [] });
      expect(outlook.replyForms()).toHaveLength(1);
    });

    it('inserts into a draft of a folder shared with delegate access (Mailbox 1.8)', async () => {
      const adapter = open({ item: makeCompose({ shared: { kind: 'folder', owner: elections, permissions: ['Read', 'Write', 'EditOwn'] } }), mailboxVersion: '1.8' });
      await expect(adapter.readItem()).resolves.toMatchObject({ mode: 'compose', mailbox: { address: 'elections@aldercounty.example', canWrite: true } });
      await expect(adapter.insertBlock(makeRequest())).resolves.toEqual({ outcome: 'inserted', skipped: [] });
    });

    it('refuses to insert with read-only access, without asking Outlook to write', async () => {
      const adapter = open({ item: makeRead({ shared: { kind: 'mailbox', owner: elections, permissions: ['Read'] } }) });
      await expect(adapter.readItem()).resolves.toMatchObject({ mailbox: { canWrite: false } });
      const refused = await adapter.insertBlock(makeRequest()).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(HostError);
      expect((refused as HostError).code).toBe('read-only');
      expect(outlook.replyForms()).toEqual([]);

      const draft = open({ item: makeCompose({ shared: { kind: 'folder', owner: elections } }) });
      await expect(draft.insertBlock(makeRequest())).rejects.toMatchObject({ code: 'read-only' });
      expect(outlook.bodyWrites()).toEqual([]);
    });

    it("counts the user's own mailbox and other items as their own", async () => {
      const own = open({ item: makeRead() });
      expect((await own.readItem()).mailbox).toBeUndefined();
      const self = open({ item: makeRead({ shared: { kind: 'folder', owner: 'Sam.Agent@cannery.example', permissions: ['Read', 'Write'] } }) });
      expect((await self.readItem()).mailbox).toBeUndefined();
    });

    it('cannot tell a shared mailbox below Mailbox 1.13, nor a shared folder below 1.8, and declares it', async () => {
      const older = open({ item: makeRead({ shared: { kind: 'mailbox', owner: elections, permissions: ['Read', 'Write'] } }), mailboxVersion: '1.12' });
      expect(older.capabilities.sharedMailboxes).toBe(true);
      expect((await older.readItem()).mailbox).toBeUndefined();
      const oldest = open({ item: makeRead({ shared: { kind: 'folder', owner: elections } }), mailboxVersion: '1.7' });
      expect(oldest.capabilities.sharedMailboxes).toBe(false);
      expect((await oldest.readItem()).mailbox).toBeUndefined();
    });
  });
});

// ItemChanged: office-addin-mock has no events, so these run against the fake only.
describe('Outlook adapter on the fake Office.js: ItemChanged', () => {
  it('follows the reply of a long block with ItemChanged when the pane is pinned, before any poll', async () => {
    vi.useFakeTimers();
    const outlook = fakeOfficeModel.open({ item: makeRead(), replyOpens: 'pane' });
    const adapter = createOutlookAdapter(outlook.office);
    const request = longRequest();
    const insertion = adapter.insertBlock(request);
    // The fake opens the reply on the next timer turn and fires ItemChanged at once; the adapter's
    // own check runs every 100 ms, so 1 ms proves the event did it.
    await vi.advanceTimersByTimeAsync(1);
    await expect(insertion).resolves.toEqual({ outcome: 'reply-opened', skipped: [] });
    expect(outlook.composeBody()).toBe(request.html);
  });

  it('does not register for ItemChanged below Mailbox 1.5, where the pane cannot be pinned', async () => {
    const outlook = fakeOfficeModel.open({ item: makeRead(), mailboxVersion: '1.4' });
    const adapter = createOutlookAdapter(outlook.office);
    const controller = new AbortController();
    const onChange = vi.fn();
    adapter.watchItem(onChange, controller.signal);
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledOnce());
    expect('addHandlerAsync' in outlook.office.context.mailbox).toBe(false);
    controller.abort();
  });
});
