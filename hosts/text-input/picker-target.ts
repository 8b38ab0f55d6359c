import type { FrameTarget } from './protocol';

/**
 * The picker page learns which frame to talk to from its own URL: the content script cannot know
 * its frame id, but the background that injected it does and hands it over in `open-picker`.
 * The query string is used (not the hash) because the shared app routes with the hash.
 */
export function pickerUrl(pageUrl: string, target: FrameTarget): string {
  const url = new URL(pageUrl);
  url.searchParams.set('tab', String(target.tabId));
  url.searchParams.set('frame', String(target.frameId));
  return url.toString();
}

/** The frame named in the picker page's query string, or null when it is missing or malformed. */
export function parsePickerTarget(search: string): FrameTarget | null {
  const params = new URLSearchParams(search);
  const tabId = Number(params.get('tab'));
  const frameId = Number(params.get('frame'));
  if (!params.has('tab') || !params.has('frame') || !Number.isInteger(tabId) || !Number.isInteger(frameId)) return null;
  return { tabId, frameId };
}
