/**
 * The picker as it appears in a web page: a closed shadow root (the page's scripts cannot reach
 * into it, its CSS cannot select what is inside) holding an iframe of the extension's `picker.html`
 * (the page cannot read the blocks), placed next to the field. The element the page can see carries
 * its styles as `!important` inline declarations, which no style sheet of the page outranks; a page
 * that changes the element anyway (restyles, moves or hides it) closes the picker. What a page can
 * still do, draw over it, the picker page itself guards against (visibility-guard.ts). Escape and a
 * click outside close it.
 */

export const PICKER_TAG = 'cannery-picker';
/** The picker's name as a screen reader gives it on the page it opened on. */
export const PICKER_DIALOG_NAME = 'Cannery: pick a block to insert';
const WIDTH = 360;
const HEIGHT = 480;
const MARGIN = 8;

export interface PickerFrameOptions {
  /** The document the picker is added to (the top document of the content script's frame). */
  doc: Document;
  /** The field's box in `doc`'s viewport coordinates. */
  anchor: DOMRect;
  /** The picker page's URL. */
  url: string;
  /** Closes the picker when aborted (content script invalidated). */
  signal: AbortSignal;
  /** Called once when the picker closes for any reason other than `signal`. */
  onClose: (reason: 'escape' | 'outside' | 'request') => void;
}

export interface PickerFrame {
  readonly host: HTMLElement;
  readonly iframe: HTMLIFrameElement;
  /**
   * Closes the picker. With `lingerMs` it is closed for the user at once (hidden, out of the focus
   * order, its listeners gone) while its page keeps running that long before it leaves the DOM: the
   * page still has to hear that its block was inserted and record the use (durable outbox, then
   * the server). Without, it leaves the page at once; so does a lingering picker closed again.
   */
  close(reason?: 'escape' | 'outside' | 'request', options?: { lingerMs?: number }): void;
}

/**
 * The picker's outer size, border included: 360 by 480 px, or less in a smaller viewport, so that
 * it keeps `MARGIN` from each edge (a 320 px wide phone or window gets a 304 px wide picker).
 */
export function pickerSize(viewport: { width: number; height: number }): { width: number; height: number } {
  return { width: Math.max(0, Math.min(WIDTH, viewport.width - 2 * MARGIN)), height: Math.max(0, Math.min(HEIGHT, viewport.height - 2 * MARGIN)) };
}

/** Where the picker goes: below the field when it fits, else above, always inside the viewport. */
export function placePicker(anchor: DOMRect, viewport: { width: number; height: number }): { left: number; top: number } {
  const size = pickerSize(viewport);
  const below = anchor.bottom + MARGIN;
  const above = anchor.top - MARGIN - size.height;
  const top = below + size.height <= viewport.height || above < 0 ? below : above;
  const left = Math.min(Math.max(MARGIN, anchor.left), Math.max(MARGIN, viewport.width - size.width - MARGIN));
  return { left, top: Math.min(Math.max(MARGIN, top), Math.max(MARGIN, viewport.height - size.height - MARGIN)) };
}

export function openPickerFrame(options: PickerFrameOptions): PickerFrame {
  const { doc, signal } = options;
  const view = doc.defaultView;
  const listeners = new AbortController();
  const host = doc.createElement(PICKER_TAG);
  const viewport = { width: view?.innerWidth ?? WIDTH, height: view?.innerHeight ?? HEIGHT };
  const { left, top } = placePicker(options.anchor, viewport);
  const size = pickerSize(viewport);
  const hostStyle = (display: string) =>
    `all: initial !important; display: ${display} !important; position: fixed !important; z-index: 2147483647 !important; ` +
    `left: ${left}px !important; top: ${top}px !important; opacity: 1 !important; transform: none !important; filter: none !important; ` +
    'clip-path: none !important; visibility: visible !important; pointer-events: auto !important;';
  host.style.cssText = hostStyle('block');
  const shadow = host.attachShadow({ mode: 'closed' });
  const iframe = doc.createElement('iframe');
  iframe.src = options.url;
  iframe.title = 'Cannery';
  iframe.style.cssText =
    `display: block; box-sizing: border-box; width: ${size.width}px; height: ${size.height}px; border: 1px solid #d1d1d1; border-radius: 8px; ` +
    'background: #fff; box-shadow: 0 8px 24px rgba(0, 0, 0, 0.18); color-scheme: light;';
  // Announced as what it is: a dialog, named for what it does, around the frame of the picker page.
  const dialog = doc.createElement('div');
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-label', PICKER_DIALOG_NAME);
  dialog.append(iframe);
  shadow.append(dialog);
  (doc.body ?? doc.documentElement).append(host);
  // Keyboard users (the shortcut) continue in the picker without reaching for the mouse.
  iframe.addEventListener('load', () => iframe.focus(), { signal: listeners.signal });

  // The page restyling, hiding or moving the picker's element: close it rather than be steered.
  // Only this script changes the element (and stops watching before it does).
  const tamper = view ? new view.MutationObserver(() => close()) : null;
  tamper?.observe(host, { attributes: true });
  listeners.signal.addEventListener('abort', () => tamper?.disconnect(), { once: true });

  let closed = false;
  /** While a closed picker lingers: removes it now. */
  let leaveNow: (() => void) | null = null;
  function close(reason?: 'escape' | 'outside' | 'request', closeOptions: { lingerMs?: number } = {}): void {
    if (closed) {
      leaveNow?.();
      return;
    }
    closed = true;
    listeners.abort();
    const lingerMs = closeOptions.lingerMs ?? 0;
    if (lingerMs > 0 && view && !signal.aborted) {
      host.style.cssText = hostStyle('none');
      const leave = (): void => {
        leaveNow = null;
        view.clearTimeout(timer);
        signal.removeEventListener('abort', leave);
        host.remove();
      };
      const timer = view.setTimeout(leave, lingerMs);
      leaveNow = leave;
      // A content script that goes away takes the lingering picker with it.
      signal.addEventListener('abort', leave, { once: true });
    } else {
      host.remove();
    }
    if (reason) options.onClose(reason);
  }

  const listen = { capture: true, signal: listeners.signal };
  doc.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Escape') close('escape');
    },
    listen,
  );
  // On a click, not on the press: a press outside that slides back or is let go elsewhere does
  // not close the picker (WCAG 2.5.2 Pointer Cancellation).
  doc.addEventListener(
    'click',
    (event) => {
      if (!event.composedPath().includes(host)) close('outside');
    },
    listen,
  );
  signal.addEventListener('abort', () => close(), { signal: listeners.signal });
  if (signal.aborted) close();

  return { host, iframe, close };
}
