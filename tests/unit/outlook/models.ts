/**
 * Two independent models of Outlook's Office.js that the adapter's tests run against: the fake
 * Office.js of the end-to-end tests (tests/fixtures/office/office.js) and one built on Microsoft's
 * `office-addin-mock` (office-addin-mock-model.ts). Both are driven through `OutlookModel`, so one
 * suite checks the adapter against each; a behaviour both agree on is the documented one, not an
 * accident of either model.
 */
import type { FakeOfficeConfig } from '../../fixtures/office/fake-office-control';
import { loadFakeOffice } from '../../fixtures/office/load-fake-office';

export interface ModelAttachment {
  name: string;
  url: string;
}

/** The open item, in terms both models understand. */
export interface ModelItem {
  mode: 'read' | 'compose' | 'none';
  itemId?: string;
  subject?: string;
  from?: { displayName: string; emailAddress: string };
  bodyHtml?: string;
  /** Compose: the body's format as `getTypeAsync` reports it. */
  bodyType?: 'html' | 'text';
  /** Compose: the cursor, an offset into `bodyHtml`. */
  cursor?: number;
  /** Compose: files already attached. */
  attachments?: ModelAttachment[];
  /**
   * The item is in a folder shared through delegate access (`folder`, Mailbox 1.8) or in a shared
   * mailbox (`mailbox`, 1.13), owned by `owner`; `permissions` default to Read only.
   */
  shared?: { kind: 'folder' | 'mailbox'; owner: string; permissions?: Array<'Read' | 'Write' | 'DeleteOwn' | 'DeleteAll' | 'EditOwn' | 'EditAll'> };
}

export interface ModelSetup {
  item: ModelItem | null;
  /** Highest Mailbox requirement set of the client (default 1.13). */
  mailboxVersion?: string;
  /** `mailbox.diagnostics.hostName` (default 'Outlook'). */
  hostName?: FakeOfficeConfig['hostName'];
  /** Where a reply form opens: its own window (default) or the reading pane, as the pane's new item. */
  replyOpens?: 'window' | 'pane';
}

export interface OutlookModelInstance {
  /** The `Office` global to give the adapter. */
  office: typeof Office;
  /** HTML of the open compose item's body. */
  composeBody(): string;
  /** Subject, Cc addresses and files of the open compose item. */
  composeState(): { subject: string; cc: string[]; attachments: ModelAttachment[] };
  /** Reply forms opened with displayReplyForm, in order. */
  replyForms(): Array<{ htmlBody: string; attachments: ModelAttachment[] }>;
  /** Data written with body.setSelectedDataAsync, in order. */
  bodyWrites(): Array<{ data: string; coercionType: string }>;
  /** Fires ItemChanged (models with `events` only). */
  fireItemChanged(): void;
}

export interface OutlookModel {
  name: string;
  /** Whether the model has Office events (ItemChanged); office-addin-mock has none. */
  events: boolean;
  open(setup: ModelSetup): OutlookModelInstance;
}

export const fakeOfficeModel: OutlookModel = {
  name: 'fake Office.js',
  events: true,
  open(setup) {
    const config: FakeOfficeConfig = {
      mailboxVersion: setup.mailboxVersion ?? '1.13',
      hostName: setup.hostName ?? 'Outlook',
      replyOpens: setup.replyOpens ?? 'window',
    };
    const { office, control } = loadFakeOffice({ item: setup.item, config });
    return {
      office,
      composeBody: () => control.composeBody(),
      composeState: () => {
        const state = control.composeState();
        return {
          subject: state.subject,
          cc: state.cc.map((entry) => entry.emailAddress),
          attachments: state.attachments.map(({ name, url }) => ({ name, url })),
        };
      },
      replyForms: () =>
        control.insertions().flatMap((entry) =>
          entry.method === 'displayReplyForm' ? [{ htmlBody: entry.htmlBody, attachments: entry.attachments.map(({ name, url }) => ({ name, url })) }] : [],
        ),
      bodyWrites: () =>
        control.insertions().flatMap((entry) => (entry.method === 'setSelectedDataAsync' ? [{ data: entry.data, coercionType: entry.coercionType }] : [])),
      fireItemChanged: () => control.fireItemChanged(),
    };
  },
};
