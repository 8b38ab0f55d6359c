import { HostError, type AuthPopupOptions, type HostPlatform } from '../../hosts/host';

/**
 * The work-account sign-in pop-up of hosts that are web pages of Cannery's own origin (the
 * playground, the admin app): a window the page opens, whose app page reports back with
 * `postMessage` (hosts/host.ts `WorkAccountWindow`, mode `landing`).
 */

/** The name of the work-account sign-in pop-up's window. */
const POPUP_NAME = 'cannery-sign-in';

/**
 * Whether this page is a sign-in pop-up rather than the page that opened it. These pages open no
 * other window that keeps its opener (links open with `noopener`), so a page of this origin with
 * an opener of this origin is that pop-up, wherever the provider sent it.
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

/** `openAuthPopup` and `sendToOpener` of a web page host whose pop-up is a page of the same origin. */
export function windowPopup(win: Window): Pick<HostPlatform, 'openAuthPopup' | 'sendToOpener'> {
  return {
    sendToOpener(message: string): Promise<void> {
      const opener = win.opener as Window | null;
      if (!opener || opener.closed) return Promise.reject(new HostError('unsupported', 'This page was not opened as a sign-in pop-up.'));
      // Only a page of this origin may read it: the message can carry tokens.
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
