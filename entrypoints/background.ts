import { defineBackground } from 'wxt/utils/define-background';
import { registerGmailBackground, type GmailBackground } from '../hosts/gmail/background';
import { createTextInputBackground, type TextInputBackground } from '../hosts/text-input/background';

/** What the service worker exposes on `globalThis.cannery` (see below). */
export interface CanneryBackgroundHooks {
  startInsertion: TextInputBackground['startInsertion'];
  insertInto: TextInputBackground['insertInto'];
  readGmailItem: GmailBackground['readItem'];
  insertIntoGmail: GmailBackground['insertBlock'];
  checkGmailPage: GmailBackground['checkPage'];
}

export default defineBackground(() => {
  const textInput = createTextInputBackground({ contentScriptFile: '/content-scripts/text-field.js' });
  textInput.register();
  const gmail = registerGmailBackground();

  // End-to-end tests drive these through `serviceWorker.evaluate`: Playwright cannot click a native
  // context menu, press a browser shortcut or open the side panel, so it calls the very handlers
  // those use. Only the e2e build has them: the mode is replaced at build time, so a production
  // build drops this block whole (tests/e2e/extension-production.spec.ts checks its output).
  if (import.meta.env.MODE === 'e2e') {
    const hooks: CanneryBackgroundHooks = {
      startInsertion: textInput.startInsertion,
      insertInto: textInput.insertInto,
      readGmailItem: gmail.readItem,
      insertIntoGmail: gmail.insertBlock,
      checkGmailPage: gmail.checkPage,
    };
    Object.assign(globalThis, { cannery: hooks });
  }
});
