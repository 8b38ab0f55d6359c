import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { startGmailContent } from '../hosts/gmail/content';
import { GMAIL } from '../hosts/gmail/selectors';
import { extensionIdentity } from '../hosts/shared/extension-services';
import { startTextFieldContent } from '../hosts/text-input/content';
import { startShortcutExpansion } from '../hosts/text-input/shortcut-expansion';

// The only content script in the manifest: Gmail, top frame only (composes live there).
export default defineContentScript({
  matches: ['https://mail.google.com/*'],
  runAt: 'document_idle',
  // WXT's started-signal through window.postMessage would reach Gmail's own message listeners.
  noScriptStartedPostMessage: true,
  main(ctx) {
    // ctx.signal aborts when the extension is updated, reloaded or removed: everything added goes.
    const self = extensionIdentity();
    const gmail = startGmailContent({ signal: ctx.signal, doc: document, self });
    // Typed shortcuts, in compose bodies only (started first: one listener serves a document).
    startShortcutExpansion({ signal: ctx.signal, doc: document, accepts: (field) => field.element.matches(GMAIL.composeBody) });
    // The picker a shortcut opens, and its insertion, are the text-field host's, as on any site:
    // the background cannot inject that script into Gmail (no host permission), so it runs here.
    // It reads a compose's recipients and subject as the side panel does, and puts a block over a
    // typed shortcut with the browser's editing command, which Gmail's undo follows.
    const inCompose = (element: Element) => element.matches(GMAIL.composeBody);
    startTextFieldContent({
      signal: ctx.signal,
      doc: document,
      pickerPageUrl: browser.runtime.getURL('/picker.html'),
      self,
      describeField: (element) => gmail.describeCompose(element),
      nativeEditForShortcuts: inCompose,
    });
  },
});
