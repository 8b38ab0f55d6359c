import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { registerGmailBackground, type GmailBackground } from '../hosts/gmail/background';
import { GMAIL_ORIGIN } from '../hosts/gmail/protocol';
import { closeToContentScripts, extensionIdentity } from '../hosts/shared/extension-services';
import { createTextInputBackground, type TextInputBackground } from '../hosts/text-input/background';
import { createSiteRegistry } from '../hosts/text-input/site-registry';

/** What the service worker exposes on `globalThis.cannery` (see below). */
export interface CanneryBackgroundHooks {
  startInsertion: TextInputBackground['startInsertion'];
  insertInto: TextInputBackground['insertInto'];
  readGmailItem: GmailBackground['readItem'];
  insertIntoGmail: GmailBackground['insertBlock'];
  checkGmailPage: GmailBackground['checkPage'];
}

export default defineBackground(() => {
  // Tokens live in storage.local: keep it to the extension's own pages (content scripts run in web pages).
  void closeToContentScripts(browser.storage.local);
  const self = extensionIdentity();
  const sites = createSiteRegistry({
    store: browser.storage.local,
    permissions: browser.permissions,
    scripting: browser.scripting,
    contentScriptFile: 'content-scripts/text-field.js',
  });
  const textInput = createTextInputBackground({
    contentScriptFile: '/content-scripts/text-field.js',
    self,
    // Gmail's compose always; other sites once the user turns shortcuts on for them.
    expandsOn: async (origin) => origin === GMAIL_ORIGIN || (await sites.isOn(origin)),
    sites,
  });
  textInput.register();
  // The sites' scripts as the list says, whatever the browser kept over an update or a restart.
  const restoreSites = () => void sites.restore().catch((error: unknown) => console.warn('Cannery: the sites with shortcuts could not be restored.', error));
  browser.runtime.onInstalled.addListener(restoreSites);
  browser.runtime.onStartup.addListener(restoreSites);
  // Site access taken back in the browser's own settings: the site is off in Cannery too.
  browser.permissions.onRemoved.addListener(({ origins = [] }) => {
    for (const pattern of origins) void sites.turnOff(pattern.replace(/\/\*$/, ''));
  });
  const gmail = registerGmailBackground(self);

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
