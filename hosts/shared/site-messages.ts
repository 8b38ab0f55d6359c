import { defineExtensionMessaging } from '@webext-core/messaging';

/**
 * The extension pages' channel to the background about the sites where typed shortcuts expand
 * (hosts/text-input/site-registry.ts): Settings lists them and turns each off. Both the side panel
 * and the picker show Settings, so the channel is shared; the background answers the side panel,
 * and a picker only with the grant it claimed. Types carry a `sites:` prefix (every messenger of
 * the extension shares `runtime.onMessage`; a listener ignores types it does not know).
 */
export interface SiteProtocol {
  /** The sites shortcuts expand on, in the order they were turned on. */
  'sites:list'(request: { grant?: string }): string[];
  /** Turns shortcuts off on `origin`: its script unregistered, its permission given back. */
  'sites:turn-off'(request: { grant?: string; origin: string }): void;
}

/**
 * Where the background keeps the list of sites, in the extension's local storage. Sign-out leaves
 * it (createExtensionStorage): it is the browser's setting, like the permission and the script
 * that go with each site, not the signed-in user's data.
 */
export const SHORTCUT_SITES_KEY = 'cannery.shortcut-sites';

export const siteMessaging = defineExtensionMessaging<SiteProtocol>();
