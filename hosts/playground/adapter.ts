import {
  HostError,
  type AuthPopupOptions,
  type EmailAddress,
  type HostAdapter,
  type InsertRequest,
  type InsertResult,
  type MailItem,
} from '../host';
import { pollItem } from '../shared/poll-item';
import { createLocalStorage } from '../shared/web-storage';
import { escapeHtml } from '../../src/domain/escape-html';
import { insertIntoField } from '../shared/insert-text';
import type { MailStore } from './mail-store';

/** The name of the work-account sign-in pop-up's window. */
const POPUP_NAME = 'cannery-sign-in';

/**
 * Whether this page is the playground's sign-in pop-up rather than the playground itself. The
 * playground opens no other window that keeps its opener (links open with `noopener`), so a page
 * of this origin with an opener of this origin is that pop-up, wherever the provider sent it.
 */
export function isSignInPopup(win: Window): boolean {
  try {
    const opener = win.opener as Window | null;
    return opener !== null && opener !== win && opener.location.origin === win.location.origin;
  } catch {
    // An opener on another origin cannot be read: not ours.
    return false;
  }
}

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
    capabilities: { subjectLine: true, cc: true, attachments: true, replyFromRead: true, newCompose: true },
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

    openNewCompose() {
      store.update({ mode: 'compose', to: '', cc: '', subject: '', attachments: [] }, { newItem: true });
      return Promise.resolve();
    },

    // The playground page is the redirect URI, and pop-ups of it are landing pages (hosts/host.ts).
    workAccount: {
      mode: 'landing',
      redirectUri: `${win.location.origin}/`,
      landingUrl: (route) => `${win.location.origin}/#/${route}`,
    },

    sendToOpener(message: string): Promise<void> {
      const opener = win.opener as Window | null;
      if (!opener || opener.closed) return Promise.reject(new HostError('unsupported', 'This page was not opened as a sign-in pop-up.'));
      // Only a playground page of this origin may read it: the message can carry tokens.
      opener.postMessage(message, win.location.origin);
      return Promise.resolve();
    },

    openAuthPopup(url: string, options: AuthPopupOptions): Promise<string> {
      return new Promise((resolve, reject) => {
        const width = Math.round((win.screen.availWidth * options.widthPercent) / 100);
        const height = Math.round((win.screen.availHeight * options.heightPercent) / 100);
        const popup = win.open(url, POPUP_NAME, `popup,width=${width},height=${height}`);
        if (!popup) {
          reject(new HostError('dialog-failed', 'The sign-in window was blocked. Allow pop-ups for this page and try again.'));
          return;
        }
        const finish = () => {
          win.removeEventListener('message', onMessage);
          win.clearInterval(closedTimer);
        };
        const onMessage = (event: MessageEvent) => {
          if (event.source !== popup || event.origin !== win.location.origin || typeof event.data !== 'string') return;
          finish();
          popup.close();
          resolve(event.data);
        };
        // A closed pop-up sends no event; polling `closed` is the only way to notice.
        const closedTimer = win.setInterval(() => {
          if (popup.closed) {
            finish();
            reject(new HostError('dialog-closed', 'Dialog window closed'));
          }
        }, 250);
        win.addEventListener('message', onMessage);
      });
    },
  };
}
