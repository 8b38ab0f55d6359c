import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { extensionIdentity } from '../hosts/shared/extension-services';
import { startTextFieldContent } from '../hosts/text-input/content';

// Not in the manifest: the background injects it into the clicked frame with
// `scripting.executeScript` (so no host permissions and no <all_urls> content script are needed).
export default defineContentScript({
  registration: 'runtime',
  noScriptStartedPostMessage: true,
  main(ctx) {
    startTextFieldContent({ signal: ctx.signal, doc: document, pickerPageUrl: browser.runtime.getURL('/picker.html'), self: extensionIdentity() });
  },
});
