/**
 * A second model of Outlook's Office.js, built on Microsoft's own mock library `office-addin-mock`
 * ("Unit testing in Office Add-ins", https://learn.microsoft.com/office/dev/add-ins/testing/unit-testing):
 * an `OfficeMockObject` with `host: 'outlook'` holds `Office.context.mailbox` and its item, and the
 * methods the adapter calls are written here from the Office.js reference, independently of the
 * fake Office.js in tests/fixtures/office (no code shared with it).
 *
 * What office-addin-mock gives is the object model (nested mock objects, values, functions); it
 * has no event machinery, so nothing here fires ItemChanged: `mailbox.addHandlerAsync` is left out,
 * as in a client that cannot pin the pane, and ItemChanged is covered by the fake only.
 */
import { OfficeMockObject } from 'office-addin-mock';
import type { OutlookModel, OutlookModelInstance, ModelSetup, ModelItem, ModelAttachment } from './models';

/** Office.js reports status and enums as strings at run time. */
const STATUS = { Succeeded: 'succeeded', Failed: 'failed' } as const;
const COERCION = { Text: 'text', Html: 'html' } as const;

/** "Office.ReplyFormData interface": htmlBody "is limited to 32 KB" (counted in characters here). */
const REPLY_LIMIT = 32 * 1024;

type Callback = (result: { status: string; value: unknown; error: { name: string; code: number; message: string } | null }) => void;

/** Calls back on a later turn, as Office.js does, with success or with the named error. */
function respond(args: unknown[], run: () => unknown): void {
  const callback = args.findLast((arg) => typeof arg === 'function') as Callback | undefined;
  let result: Parameters<Callback>[0];
  try {
    result = { status: STATUS.Succeeded, value: run(), error: null };
  } catch (thrown) {
    const error = thrown as { name: string; code?: number; message: string };
    result = { status: STATUS.Failed, value: undefined, error: { name: error.name, code: error.code ?? 9000, message: error.message } };
  }
  if (callback) void Promise.resolve().then(() => callback(result));
}

function officeError(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

function compareVersions(have: string, want: string): boolean {
  const [a, b] = [have.split('.').map(Number), want.split('.').map(Number)];
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
    const [x, y] = [a[index] ?? 0, b[index] ?? 0];
    if (x !== y) return x > y;
  }
  return true;
}

/** The text Outlook gives for an HTML body (getAsync with Text): tags dropped, breaks kept. */
function asText(html: string): string {
  return html.replace(/<br\s*\/?>|<\/p>/gi, '\n').replace(/<[^>]+>/g, '').replace(/&amp;/g, '&');
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/\n/g, '<br>');
}

/** "Office.MailboxEnums.DelegatePermissions" (Mailbox 1.8), a bit field. */
const DELEGATE_PERMISSIONS = { Read: 1, Write: 2, DeleteOwn: 4, DeleteAll: 8, EditOwn: 16, EditAll: 32 } as const;

const permissionBits = (shared: NonNullable<ModelItem['shared']>): number =>
  (shared.permissions ?? ['Read']).reduce((bits, name) => bits | DELEGATE_PERMISSIONS[name], 0);

/** A delegate without Write cannot create an item there: Office's "Permission denied". */
const readOnly = (spec: ModelItem): boolean => spec.shared !== undefined && (permissionBits(spec.shared) & DELEGATE_PERMISSIONS.Write) === 0;

interface ComposeState {
  html: string;
  cursor: number;
  format: 'html' | 'text';
  subject: string;
  cc: string[];
  attachments: ModelAttachment[];
}

export const officeAddinMockModel: OutlookModel = {
  name: 'office-addin-mock',
  events: false,
  open(setup: ModelSetup): OutlookModelInstance {
    const version = setup.mailboxVersion ?? '1.13';
    const hostName = setup.hostName ?? 'Outlook';
    const has = (wanted: string): boolean => compareVersions(version, wanted);
    const replyForms: Array<{ htmlBody: string; attachments: ModelAttachment[] }> = [];
    const bodyWrites: Array<{ data: string; coercionType: string }> = [];
    let compose: ComposeState | null = null;

    /** "Office.MessageCompose interface" members the adapter uses, each with its Mailbox set. */
    function composeItem(spec: ModelItem): Record<string, unknown> {
      const state: ComposeState = {
        html: spec.bodyHtml ?? '',
        cursor: spec.cursor ?? 0,
        format: spec.bodyType ?? 'html',
        subject: spec.subject ?? '',
        cc: [],
        attachments: [...(spec.attachments ?? [])],
      };
      compose = state;
      const body: Record<string, unknown> = {
        // Office.Body.getTypeAsync (1.1): Html or Text.
        getTypeAsync: (...args: unknown[]) => respond(args, () => (state.format === 'text' ? COERCION.Text : COERCION.Html)),
        // Office.Body.setSelectedDataAsync (1.1): at the cursor, cursor after it; Html into a
        // plain-text body fails with InvalidFormatError.
        setSelectedDataAsync: (data: string, ...args: unknown[]) =>
          respond(args, () => {
            const options = (args.find((arg) => typeof arg === 'object') ?? {}) as { coercionType?: string };
            const coercionType = options.coercionType ?? COERCION.Text;
            if (readOnly(spec)) throw officeError('PermissionDenied', 'The specified command cannot be executed due to insufficient permissions.');
            if (state.format === 'text' && coercionType === COERCION.Html) throw officeError('InvalidFormatError', 'The body is in plain text.');
            const piece = coercionType === COERCION.Html ? data : escapeText(data);
            state.html = state.html.slice(0, state.cursor) + piece + state.html.slice(state.cursor);
            state.cursor += piece.length;
            bodyWrites.push({ data, coercionType });
          }),
      };
      // Office.Body.getAsync: Mailbox 1.3.
      if (has('1.3')) body.getAsync = (coercion: string, ...args: unknown[]) => respond(args, () => (coercion === COERCION.Html ? state.html : asText(state.html)));
      const item: Record<string, unknown> = {
        itemType: 'message',
        body,
        to: { getAsync: (...args: unknown[]) => respond(args, () => []) },
        // Office.Recipients.addAsync (1.1).
        cc: {
          getAsync: (...args: unknown[]) => respond(args, () => state.cc.map((emailAddress) => ({ displayName: emailAddress, emailAddress }))),
          addAsync: (recipients: string[], ...args: unknown[]) => respond(args, () => void state.cc.push(...recipients)),
        },
        // Office.Subject.getAsync / setAsync (1.1).
        subject: {
          getAsync: (...args: unknown[]) => respond(args, () => state.subject),
          setAsync: (subject: string, ...args: unknown[]) => respond(args, () => void (state.subject = subject)),
        },
      };
      // addFileAttachmentAsync: 1.1 in classic Outlook and on Mac, 1.8 on the web and in new Outlook.
      const attachmentSet = hostName === 'OutlookWebApp' || hostName === 'newOutlookWindows' ? '1.8' : '1.1';
      if (has(attachmentSet) && hostName !== 'OutlookIOS' && hostName !== 'OutlookAndroid') {
        item.addFileAttachmentAsync = (uri: string, name: string, ...args: unknown[]) =>
          respond(args, () => {
            // Outlook downloads the file; an address that gives none cannot be attached.
            if (!/^https?:\/\//.test(uri)) throw officeError('InvalidAttachmentPath', 'The attachment path was invalid.');
            if (new URL(uri).hostname.endsWith('.invalid')) throw officeError('AttachmentUploadGeneralFailure', 'The attachment cannot be added to the item.');
            state.attachments.push({ name, url: uri });
            return `attachment-${state.attachments.length}`;
          });
      }
      return withSharedProperties(item, spec);
    }

    /**
     * getSharedPropertiesAsync: only on an item of a shared folder (Mailbox 1.8) or shared mailbox
     * (1.13), answering "Office.SharedProperties" (owner, targetMailbox, delegatePermissions).
     */
    function withSharedProperties(item: Record<string, unknown>, spec: ModelItem): Record<string, unknown> {
      const shared = spec.shared;
      if (!shared || !has(shared.kind === 'mailbox' ? '1.13' : '1.8')) return item;
      item.getSharedPropertiesAsync = (...args: unknown[]) =>
        respond(args, () => ({ owner: shared.owner, targetMailbox: shared.owner, targetRestUrl: 'https://outlook.office.com/api', delegatePermissions: permissionBits(shared) }));
      return item;
    }

    /** "Office.MessageRead interface" members the adapter uses. */
    function readItem(spec: ModelItem): Record<string, unknown> {
      const html = spec.bodyHtml ?? '';
      const from = spec.from ?? { displayName: 'Dana Ortiz', emailAddress: 'dana@example.org' };
      const body: Record<string, unknown> = {};
      if (has('1.3')) body.getAsync = (coercion: string, ...args: unknown[]) => respond(args, () => (coercion === COERCION.Html ? html : asText(html)));
      return withSharedProperties({
        itemType: 'message',
        itemId: spec.itemId ?? 'mock-read-item',
        subject: spec.subject ?? '',
        from,
        sender: from,
        to: [],
        body,
        // displayReplyForm (1.1); ReplyFormData.attachments needs 1.2; htmlBody is limited to 32 KB.
        displayReplyForm: (formData: { htmlBody?: string; attachments?: ModelAttachment[] }) => {
          if (readOnly(spec)) throw officeError('PermissionDenied', 'The specified command cannot be executed due to insufficient permissions.');
          const htmlBody = formData.htmlBody ?? '';
          if (htmlBody.length > REPLY_LIMIT) throw officeError('DataExceedsMaximumSize', 'htmlBody is limited to 32 KB.');
          const attachments = has('1.2') ? (formData.attachments ?? []).map(({ name, url }) => ({ name, url })) : [];
          replyForms.push({ htmlBody, attachments });
          if (setup.replyOpens === 'pane') {
            // The reply becomes the pane's item a moment later; with no events, only a poll finds it.
            setTimeout(() => {
              mock.context.mailbox.item = new OfficeMockObject(
                composeItem({ mode: 'compose', subject: `RE: ${spec.subject ?? ''}`, bodyHtml: htmlBody, cursor: htmlBody.length, attachments }),
                'outlook' as never,
              );
            }, 0);
          }
        },
      }, spec);
    }

    const itemData = setup.item === null || setup.item.mode === 'none' ? null : setup.item.mode === 'compose' ? composeItem(setup.item) : readItem(setup.item);
    const data = {
      host: 'outlook',
      AsyncResultStatus: STATUS,
      CoercionType: COERCION,
      EventType: { ItemChanged: 'olkItemSelectedChanged' },
      MailboxEnums: { AttachmentType: { File: 'file', Item: 'item' } },
      context: {
        // Office.RequirementSetSupport.isSetSupported(name, minVersion).
        requirements: { isSetSupported: (name: string, minVersion?: string) => name.toLowerCase() === 'mailbox' && compareVersions(version, minVersion ?? '1.1') },
        mailbox: {
          diagnostics: { hostName, hostVersion: '16.0.0.0' },
          userProfile: { displayName: 'Sam Agent', emailAddress: 'sam.agent@cannery.example' },
          ...(itemData ? { item: itemData } : {}),
        },
      },
    };
    const mock = new OfficeMockObject(data) as unknown as { context: { mailbox: { item: unknown } } };
    if (!itemData) mock.context.mailbox.item = null;

    const requireCompose = (): ComposeState => {
      if (!compose) throw new Error('No compose item is open');
      return compose;
    };
    return {
      office: mock as unknown as typeof Office,
      composeBody: () => requireCompose().html,
      composeState: () => {
        const state = requireCompose();
        return { subject: state.subject, cc: [...state.cc], attachments: state.attachments.map((file) => ({ ...file })) };
      },
      replyForms: () => replyForms.map((form) => ({ htmlBody: form.htmlBody, attachments: [...form.attachments] })),
      bodyWrites: () => [...bodyWrites],
      fireItemChanged: () => {
        throw new Error('office-addin-mock has no events');
      },
    };
  },
};
