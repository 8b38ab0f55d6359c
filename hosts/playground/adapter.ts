import {
  HostError,
  type EmailAddress,
  type HostAdapter,
  type InsertRequest,
  type InsertResult,
  type MailItem,
} from '../host';
import { pollItem } from '../shared/poll-item';
import { createLocalStorage } from '../../src/platform/web-storage';
import { windowPopup } from '../../src/platform/window-popup';

export { isSignInPopup } from '../../src/platform/window-popup';
import { escapeHtml } from '../../src/domain/escape-html';
import { insertIntoField } from '../shared/insert-text';
import type { MailStore } from './mail-store';

function parseAddresses(list: string): EmailAddress[] {
  return list
    .split(/[;,]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const named = /^(.*)<([^>]+)>$/.exec(part);
      return named ? { displayName: (named[1] ?? '').trim().replace(/^"|"$/g, ''), emailAddress: (named[2] ?? '').trim() } : { displayName: '', emailAddress: part };
    });
}

/**
 * The playground host: a simulated mail client in the same page as the app. It is the product's
 * demo and the test bed for shared screens, so it behaves like Outlook where it can: inserting in
 * read mode opens a reply, subject, Cc and attachments are applied to the simulated message.
 */
export function createPlaygroundAdapter(store: MailStore, win: Window = globalThis.window): HostAdapter {
  const readItem = (): MailItem => {
    const state = store.getState();
    const composeText = store.getComposeBody()?.innerText ?? '';
    return {
      mode: state.mode,
      itemId: state.itemId,
      bodyText: state.mode === 'read' ? state.readBody : composeText,
      sender: state.sender.emailAddress ? state.sender : null,
      recipients: parseAddresses(state.to),
      subject: state.subject,
    };
  };

  const applyExtras = (request: InsertRequest) => {
    const state = store.getState();
    const patch: Parameters<MailStore['update']>[0] = {};
    if (request.subjectLine) patch.subject = request.subjectLine;
    if (request.cc?.length) patch.cc = [state.cc, ...request.cc].filter(Boolean).join(', ');
    if (request.attachments?.length) patch.attachments = [...state.attachments, ...request.attachments];
    if (Object.keys(patch).length > 0) store.update(patch);
  };

  const waitForComposeBody = async (): Promise<HTMLElement> => {
    for (let attempt = 0; attempt < 50; attempt++) {
      const body = store.getComposeBody();
      if (body) return body;
      await new Promise((resolve) => win.setTimeout(resolve, 10));
    }
    throw new HostError('insert-failed', 'The reply window did not open.');
  };

  return {
    name: 'playground',
    context: 'outlook',
    sessionContext: 'self-serve',
    capabilities: { subjectLine: true, cc: true, attachments: true, replyFromRead: true, newCompose: true, sharedMailboxes: false },
    storage: createLocalStorage(win.localStorage),

    readItem: () => Promise.resolve(readItem()),

    // The store tells of every change the user makes; the poll is the spec's 500 ms like every host.
    watchItem: (onChange, signal) => pollItem(() => Promise.resolve(readItem()), onChange, signal, { subscribe: store.subscribe }),

    async insertBlock(request): Promise<InsertResult> {
      const state = store.getState();
      let outcome: InsertResult['outcome'] = 'inserted';
      if (state.mode === 'read') {
        // Like Outlook's reply form: the block on top, the original quoted below.
        const quoted =
          `<p><br></p><hr><p><b>From:</b> ${escapeHtml(state.sender.displayName)} &lt;${escapeHtml(state.sender.emailAddress)}&gt;<br>` +
          `<b>Subject:</b> ${escapeHtml(state.subject)}</p><p>${escapeHtml(state.readBody).replace(/\n/g, '<br>')}</p>`;
        store.update(
          {
            mode: 'compose',
            // Named, as a mail client addresses a reply, so the pane can greet the recipient by name.
            to: state.sender.displayName ? `${state.sender.displayName} <${state.sender.emailAddress}>` : state.sender.emailAddress,
            cc: '',
            subject: /^re:/i.test(state.subject) ? state.subject : `RE: ${state.subject}`,
            attachments: [],
          },
          { newItem: true },
        );
        const body = await waitForComposeBody();
        body.innerHTML = quoted;
        const start = body.ownerDocument.createRange();
        start.setStart(body, 0);
        start.collapse(true);
        store.setSavedRange(start);
        outcome = 'reply-opened';
      }
      const body = store.getComposeBody();
      if (!body) throw new HostError('no-compose', 'No message is open in compose view.');
      try {
        await insertIntoField({ kind: 'rich', element: body }, { html: request.html, text: request.text }, { range: store.insertionRange() });
      } catch (error) {
        throw new HostError('insert-failed', 'The block could not be inserted.', { cause: error });
      }
      applyExtras(request);
      return { outcome, skipped: [] };
    },

    // A new window with the pane in it (main.tsx reopens the pane on `onNewWindow`).
    openNewCompose() {
      store.openNewMessageWindow();
      return Promise.resolve();
    },

    // The playground page is the redirect URI, and pop-ups of it are landing pages (hosts/host.ts).
    workAccount: {
      mode: 'landing',
      redirectUri: `${win.location.origin}/`,
      landingUrl: (route) => `${win.location.origin}/#/${route}`,
    },

    ...windowPopup(win),
  };
}
