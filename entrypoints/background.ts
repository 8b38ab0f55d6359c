import { defineBackground } from 'wxt/utils/define-background';
import { registerGmailBackground, type GmailBackground } from '../hosts/gmail/background';
import { createTextInputBackground, type TextInputBackground } from '../hosts/text-input/background';

/** What the service worker exposes on `globalThis.cannery` (see below). */
export interface CanneryBackgroundHooks {
  startInsertion: TextInputBackground['startInsertion'];
  insertInto: TextInputBackground['insertInto'];
  readGmailItem: GmailBackground['readItem'];
  insertIntoGmail: GmailBackground['insertBlock'];
}

export default defineBackground(() => {
  const textInput = createTextInputBackground({ contentScriptFile: '/content-scripts/text-field.js' });
  textInput.register();
  const gmail = registerGmailBackground();

  // End-to-end tests drive these through `serviceWorker.evaluate`: Playwright cannot click a native
  // context menu, press a browser shortcut or open the side panel, so it calls the very handlers
  // those use. Only the extension's own contexts can reach the service worker's globals.
  const hooks: CanneryBackgroundHooks = {
    startInsertion: textInput.startInsertion,
    insertInto: textInput.insertInto,
    readGmailItem: gmail.readItem,
    insertIntoGmail: gmail.insertBlock,
  };
  Object.assign(globalThis, { cannery: hooks });
});
