import { HostError, noOpenItem, type HostAdapter } from '../host';
import { createLocalStorage } from '../shared/web-storage';
import { windowPopup } from '../shared/window-popup';

/**
 * The admin app's place in the host contract: a web page of Cannery's own origin with no mail
 * open, ever. It stores the session in this origin's local storage (so signing in here also signs
 * in the playground of the same server, and logging out of either logs out of both) and signs in
 * with a work account in a pop-up, like the playground.
 */
export function createAdminAdapter(win: Window = globalThis.window): HostAdapter {
  const nothingOpen = () => Promise.reject(new HostError('no-compose', 'The admin app has no email open.'));
  return {
    name: 'admin',
    context: 'outlook',
    // Writing blocks is not answering email: the admin app records no usage sessions.
    sessionContext: null,
    capabilities: { subjectLine: false, cc: false, attachments: false, replyFromRead: false, newCompose: false },
    storage: createLocalStorage(win.localStorage),
    readItem: () => Promise.resolve(noOpenItem()),
    watchItem: (onChange) => onChange(noOpenItem()),
    insertBlock: nothingOpen,
    openNewCompose: () => Promise.reject(new HostError('unsupported', 'The admin app opens no email.')),
    workAccount: {
      mode: 'landing',
      redirectUri: `${win.location.origin}/admin/`,
      landingUrl: (route) => `${win.location.origin}/admin/#/${route}`,
    },
    ...windowPopup(win),
  };
}
