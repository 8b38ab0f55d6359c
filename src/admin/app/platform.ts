import type { HostPlatform } from '../../../hosts/host';
import { createLocalStorage } from '../../platform/web-storage';
import { windowPopup } from '../../platform/window-popup';

/**
 * The admin app's platform: a web page of Cannery's own origin, with no mail beside it. It stores
 * the session in this origin's local storage (so signing in here also signs in the playground of
 * the same server, and logging out of either logs out of both) and signs in with a work account
 * in a pop-up, like the playground.
 */
export function createAdminPlatform(win: Window = globalThis.window): HostPlatform {
  return {
    name: 'admin',
    storage: createLocalStorage(win.localStorage),
    workAccount: {
      mode: 'landing',
      redirectUri: `${win.location.origin}/admin/`,
      landingUrl: (route) => `${win.location.origin}/admin/#/${route}`,
    },
    ...windowPopup(win),
  };
}
