/**
 * The keys of the extension's "insert a block" command as this computer shows them: the manifest
 * suggests Ctrl+Shift+Space, and Command+Shift+Space on a Mac (wxt.config.ts `commands`).
 */

/** What this needs of `navigator`; `userAgentData` is Chromium's, absent elsewhere. */
export interface PlatformHint {
  platform?: string;
  userAgentData?: { platform?: string };
}

/** Whether the browser runs on a Mac; anything it cannot tell counts as not a Mac. */
export function isMac(nav: PlatformHint): boolean {
  const platform = nav.userAgentData?.platform || nav.platform || '';
  return /^mac/i.test(platform);
}

export function insertShortcut(nav: PlatformHint): string {
  return isMac(nav) ? '⌘+Shift+Space' : 'Ctrl+Shift+Space';
}
