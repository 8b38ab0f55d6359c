import { browser } from 'wxt/browser';
import { HostError, noOpenItem, type HostAdapter, type InsertRequest, type InsertResult, type MailItem, type ShortcutSite } from '../host';
import { extensionAccountMembers, type ExtensionHostDeps } from '../shared/extension-services';
import { pollItem } from '../shared/poll-item';
import { textInputMessaging } from './protocol';
import { siteOrigin, sitePattern } from './site-registry';

export interface TextInputAdapterDeps extends ExtensionHostDeps {
  /** The channel to the frame's content script; tests pass a fake. */
  messaging?: Pick<typeof textInputMessaging, 'sendMessage'>;
}

/** A field is not an email: it has a body to insert into and nothing else, declared here. */
const CAPABILITIES = Object.freeze({
  subjectLine: false,
  cc: false,
  attachments: false,
  replyFromRead: false,
  newCompose: false,
  sharedMailboxes: false,
});

/**
 * The picker's host: the text field remembered by the content script of the frame the picker was
 * opened for. Every request goes to the background with the picker's claimed `grant`; the
 * background relays it to that frame (hosts/text-input/background.ts). The mode is `compose` while
 * a field is remembered, `none` otherwise.
 */
export function createTextInputAdapter(grant: string | null, deps: TextInputAdapterDeps = {}): HostAdapter {
  const messaging = deps.messaging ?? textInputMessaging;

  async function readItem(): Promise<MailItem> {
    if (!grant) return noOpenItem();
    let field;
    try {
      field = await messaging.sendMessage('text-input:picker-read-field', { grant });
    } catch {
      // The page navigated or reloaded: its content script, and so the field, is gone.
      return noOpenItem();
    }
    if (!field) return noOpenItem();
    const { mail } = field;
    return { mode: 'compose', itemId: field.fieldId, bodyText: mail?.bodyText ?? field.text, sender: null, recipients: mail?.recipients ?? [], subject: mail?.subject ?? '' };
  }

  async function insertBlock(request: InsertRequest): Promise<InsertResult> {
    const skipped: InsertResult['skipped'] = [];
    if (request.subjectLine) skipped.push('subjectLine');
    if (request.cc?.length) skipped.push('cc');
    if (request.attachments?.length) skipped.push('attachments');
    if (!grant) throw new HostError('no-compose', 'The picker was opened without a text field.');
    let outcome;
    try {
      outcome = await messaging.sendMessage('text-input:picker-insert', { grant, content: { html: request.html, text: request.text } });
    } catch (error) {
      throw new HostError('insert-failed', 'The page did not answer; it may have been reloaded.', { cause: error });
    }
    if (!outcome.ok) throw new HostError(outcome.reason === 'no-field' ? 'no-compose' : 'insert-failed', outcome.message, outcome.editor ? { editor: outcome.editor } : {});
    return { outcome: 'inserted', skipped };
  }

  return {
    name: 'text-input',
    context: 'text_input',
    sessionContext: 'chrome',
    capabilities: CAPABILITIES,
    ...extensionAccountMembers({ grant, ...deps }, '/picker.html'),
    readItem,
    watchItem: (onChange, signal) => pollItem(readItem, onChange, signal, { intervalMs: deps.pollIntervalMs }),
    insertBlock,
    openNewCompose: () => Promise.reject(new HostError('unsupported', 'A text field cannot open a new email.')),
  };
}

/**
 * Escape inside the picker closes it: key presses in the iframe never reach the page, so the page
 * tells the content script. Escapes the app already used (closing a menu) are left alone. Listens
 * from the start, while the picker may still be claiming its frame (`picker` resolves then).
 */
export function closePickerOnEscape(doc: Document, grant: Promise<string | null>, signal?: AbortSignal): void {
  doc.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      void grant.then((claimed) => (claimed ? textInputMessaging.sendMessage('text-input:picker-close', { grant: claimed }).catch(() => undefined) : undefined));
    },
    signal ? { signal } : undefined,
  );
}

/** The parts of `permissions` turning a site on uses; tests pass a fake. */
export interface PermissionAsker {
  request(permissions: { origins: string[] }): Promise<boolean>;
}

/**
 * The picker's site (docs/staff.md "Shortcuts"): the origin its grant names, where the user can turn
 * typed shortcuts on. `turnOn` asks the browser for that origin alone, synchronously in the user's
 * click (the browser shows its prompt only during a gesture, and the picker frame's click is one);
 * granted, the background registers the script there (it takes the site from the grant, not from
 * this page). Null for a page that is no web site (a file, about:blank).
 */
export function pickerSite(
  grant: string,
  origin: string,
  on: boolean,
  deps: { permissions?: PermissionAsker; messaging?: Pick<typeof textInputMessaging, 'sendMessage'> } = {},
): ShortcutSite | null {
  const site = siteOrigin(origin);
  if (!site) return null;
  const messaging = deps.messaging ?? textInputMessaging;
  return {
    origin: site,
    on,
    turnOn() {
      let asking: Promise<boolean>;
      try {
        asking = (deps.permissions ?? browser.permissions).request({ origins: [sitePattern(site)] });
      } catch (error) {
        asking = Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
      return asking
        .then((granted) => (granted ? messaging.sendMessage('text-input:turn-on-site', { grant }) : 'not-granted'))
        .then((outcome) => (outcome === 'on' ? 'on' : 'refused'));
    },
  };
}
