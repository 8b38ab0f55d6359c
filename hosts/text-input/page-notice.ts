/**
 * A short message from Cannery in a web page, for when the page kept the picker out: an element of
 * its own (`cannery-notice`) holding a shadow root (open: it holds nothing the page may not read),
 * styled inline with `!important` so the page's CSS neither hides nor restyles it, at the top right of the viewport. Text only (no HTML
 * string is parsed, so a page with Trusted Types enforced accepts it). It goes away on its close
 * button, on Escape, after `NOTICE_MS`, or when `signal` aborts.
 */

export const NOTICE_TAG = 'cannery-notice';
/** Long enough to read two sentences twice. */
export const NOTICE_MS = 15_000;

export interface PageNoticeOptions {
  doc: Document;
  text: string;
  signal: AbortSignal;
}

export function showPageNotice(options: PageNoticeOptions): { remove(): void } {
  const { doc, text, signal } = options;
  const view = doc.defaultView;
  const host = doc.createElement(NOTICE_TAG);
  host.style.cssText =
    'all: initial !important; display: block !important; position: fixed !important; z-index: 2147483647 !important; ' +
    'top: 12px !important; right: 12px !important; max-width: 360px !important; visibility: visible !important; opacity: 1 !important;';
  const shadow = host.attachShadow({ mode: 'open' });
  const box = doc.createElement('div');
  box.style.cssText =
    'display: flex; gap: 8px; align-items: flex-start; padding: 10px 12px; font: 14px/1.4 "Segoe UI", system-ui, sans-serif; ' +
    'color: #242424; background: #fdf3f4; border: 1px solid #b10e1c; border-radius: 6px; box-shadow: 0 4px 12px rgba(0, 0, 0, 0.15);';
  const message = doc.createElement('p');
  message.style.cssText = 'margin: 0; flex: 1;';
  message.setAttribute('role', 'alert');
  message.textContent = text;
  const close = doc.createElement('button');
  close.type = 'button';
  close.textContent = '×';
  close.setAttribute('aria-label', 'Close Cannery notice');
  close.style.cssText = 'border: none; background: none; font: 18px/1 system-ui, sans-serif; cursor: pointer; color: #424242; padding: 0 2px;';
  box.append(message, close);
  shadow.append(box);
  (doc.body ?? doc.documentElement).append(host);

  const listeners = new AbortController();
  const timer = view?.setTimeout(() => remove(), NOTICE_MS);
  function remove(): void {
    listeners.abort();
    if (timer !== undefined) view?.clearTimeout(timer);
    host.remove();
  }
  close.addEventListener('click', () => remove(), { signal: listeners.signal });
  doc.addEventListener('keydown', (event) => event.key === 'Escape' && remove(), { capture: true, signal: listeners.signal });
  signal.addEventListener('abort', () => remove(), { signal: listeners.signal });
  return { remove };
}
