import { mountCannery, type MountOptions } from '../../src/app/mount';
import { closePickerOnEscape, createTextInputAdapter, pickerSite } from './adapter';
import { parsePickerGrant } from './picker-target';
import { textInputMessaging } from './protocol';
import { COVERED_NOTICE, guardClicksWhileCovered } from './visibility-guard';

/** What the picker page says when it was not opened by Cannery (framed by a page, a stale address). */
export const NOT_OPENED_BY_CANNERY =
  'This Cannery window was not opened by Cannery, so it stays empty. To insert a block, right-click a text field and choose "Insert a Cannery block", or press Ctrl+Shift+Space in it.';

export interface PickerPageOptions extends MountOptions {
  doc: Document;
  root: HTMLElement;
  /**
   * The claim (tests pass a fake); by default the background's answer: whether the grant is this
   * picker's, and the shortcut typed to open it, if that is how it was opened.
   */
  claim?: (grant: string) => Promise<boolean | PickerClaim>;
}

/** What the background answers a picker's claim with (protocol.ts `ClaimedPicker`), as far as the page reads it. */
interface PickerClaim {
  shortcut?: string;
  origin?: string;
  shortcutsOn?: boolean;
}

function defaultClaim(grant: string): Promise<boolean | PickerClaim> {
  return textInputMessaging.sendMessage('text-input:claim-picker', { grant }).then((answer) => answer ?? false);
}

function notice(doc: Document, text: string, role: 'alert' | 'status'): HTMLElement {
  const element = doc.createElement('p');
  element.setAttribute('role', role);
  element.textContent = text;
  element.style.cssText = 'margin: 12px; padding: 8px 12px; font: 14px/1.4 "Segoe UI", system-ui, sans-serif; color: #242424; background: #fff4ce; border: 1px solid #f4bf4f; border-radius: 4px;';
  return element;
}

/**
 * The picker page: claims the frame it serves with the grant in its address and mounts the app for
 * it, or, when the background does not answer the grant, shows why it stays empty and makes no call
 * to Cannery's server. Clicks are ignored while the picker is covered (visibility-guard.ts).
 */
export async function startPickerPage(options: PickerPageOptions): Promise<'mounted' | 'refused'> {
  const { doc, root } = options;
  const view = doc.defaultView;
  const grant = parsePickerGrant(view?.location.search ?? '');
  // The grant has done its work once claimed: keep it out of the address the app sees and keeps.
  if (view && grant) view.history.replaceState(view.history.state, '', `${view.location.pathname}${view.location.hash}`);
  let typedShortcut: string | null = null;
  let site: { origin: string; on: boolean } | null = null;
  const claiming: Promise<string | null> = grant
    ? (options.claim ?? defaultClaim)(grant).then(
        (claimed) => {
          if (typeof claimed === 'object' && typeof claimed.shortcut === 'string') typedShortcut = claimed.shortcut;
          if (typeof claimed === 'object' && typeof claimed.origin === 'string') site = { origin: claimed.origin, on: claimed.shortcutsOn === true };
          return claimed ? grant : null;
        },
        () => null,
      )
    : Promise.resolve(null);
  // Escape works from the first key press, while the claim is still on its way.
  closePickerOnEscape(doc, claiming);
  const claimed = await claiming;
  if (!claimed) {
    root.replaceChildren(notice(doc, NOT_OPENED_BY_CANNERY, 'alert'));
    return 'refused';
  }

  let shown: HTMLElement | null = null;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  guardClicksWhileCovered({
    doc,
    onRefused: () => {
      shown?.remove();
      shown = notice(doc, COVERED_NOTICE, 'alert');
      shown.style.position = 'fixed';
      shown.style.inset = '0 0 auto 0';
      shown.style.zIndex = '1000';
      doc.body.append(shown);
      clearTimeout(hideTimer);
      hideTimer = setTimeout(() => shown?.remove(), 6000);
    },
  });
  // Set in the claim's callback, which the compiler does not follow.
  const claimedSite = site as { origin: string; on: boolean } | null;
  const shortcutSite = claimedSite ? pickerSite(claimed, claimedSite.origin, claimedSite.on) : null;
  mountCannery(root, createTextInputAdapter(claimed, { typedShortcut, ...(shortcutSite ? { shortcutSite } : {}) }), { apiBase: options.apiBase });
  return 'mounted';
}
