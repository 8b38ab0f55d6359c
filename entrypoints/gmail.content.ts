import { defineContentScript } from 'wxt/utils/define-content-script';
import { startGmailContent } from '../hosts/gmail/content';
import { extensionIdentity } from '../hosts/shared/extension-services';

// The only content script in the manifest: Gmail, top frame only (composes live there).
export default defineContentScript({
  matches: ['https://mail.google.com/*'],
  runAt: 'document_idle',
  // WXT's started-signal through window.postMessage would reach Gmail's own message listeners.
  noScriptStartedPostMessage: true,
  main(ctx) {
    // ctx.signal aborts when the extension is updated, reloaded or removed: everything added goes.
    startGmailContent({ signal: ctx.signal, doc: document, self: extensionIdentity() });
  },
});
