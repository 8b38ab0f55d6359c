/**
 * Finding the text field the user is typing in, across open shadow roots and same-origin iframes.
 *
 * Elements may come from another frame's realm (a same-origin iframe), where `instanceof` against
 * this frame's constructors is false; so kinds are told apart by tag name and properties.
 */

/** A field Cannery can insert into. */
export type EditableField =
  | { kind: 'text-control'; element: HTMLTextAreaElement | HTMLInputElement }
  | { kind: 'rich'; element: HTMLElement };

/** Input types that hold free text the user types (not password: never insert blocks there). */
const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', '']);

function isTextArea(element: Element): element is HTMLTextAreaElement {
  return element.tagName === 'TEXTAREA';
}

function isInput(element: Element): element is HTMLInputElement {
  return element.tagName === 'INPUT';
}

/** True for elements that are HTMLElements in any realm (so they have `isContentEditable`, `focus`). */
function isHtmlElement(element: Element): element is HTMLElement {
  return 'isContentEditable' in element;
}

/**
 * The editable field `element` belongs to, or null. For rich editors this is the editing host
 * (the outermost contenteditable element), which is where editors listen for paste and input.
 */
export function toEditableField(element: Element | null): EditableField | null {
  if (!element) return null;
  if (isTextArea(element)) {
    return element.readOnly || element.disabled ? null : { kind: 'text-control', element };
  }
  if (isInput(element)) {
    const type = (element.getAttribute('type') ?? '').toLowerCase();
    if (!TEXT_INPUT_TYPES.has(type) || element.readOnly || element.disabled) return null;
    return { kind: 'text-control', element };
  }
  if (isHtmlElement(element) && element.isContentEditable) {
    let host: HTMLElement = element;
    while (host.parentElement && host.parentElement.isContentEditable) host = host.parentElement;
    return { kind: 'rich', element: host };
  }
  return null;
}

/** The document of `element` when it is a same-origin frame; null for any other element, or a frame of another origin. */
export function frameDocumentOf(element: Element): Document | null {
  if (element.tagName !== 'IFRAME' && element.tagName !== 'FRAME') return null;
  try {
    return (element as HTMLIFrameElement).contentDocument;
  } catch {
    return null;
  }
}

/**
 * The element that really has focus: follows `activeElement` into open shadow roots and into
 * same-origin iframes (a cross-origin frame throws on `contentDocument` access, or returns null;
 * the stop there is right, since the background injects into the clicked frame itself).
 */
export function deepActiveElement(doc: Document): Element | null {
  // An editor whose editable is the frame's body (TinyMCE, designMode frames) has focus there.
  return walkFocus(doc, (inner) => inner.activeElement !== null && (inner.activeElement !== inner.body || inner.body.isContentEditable));
}

/** The documents of the same-origin frames focus is in, outermost first (none when focus is in `doc` itself). */
export function focusedFrameDocuments(doc: Document): Document[] {
  const found: Document[] = [];
  walkFocus(doc, (inner) => {
    found.push(inner);
    return true;
  });
  return found;
}

/** Follows focus from `doc` through open shadow roots, and into each same-origin frame `enter` accepts; the element it ends on. */
function walkFocus(doc: Document, enter: (inner: Document) => boolean): Element | null {
  let element: Element | null = doc.activeElement;
  for (let depth = 0; element && depth < 32; depth++) {
    const shadowActive = element.shadowRoot?.activeElement;
    if (shadowActive) {
      element = shadowActive;
      continue;
    }
    const inner = frameDocumentOf(element);
    if (!inner || !enter(inner)) break;
    element = inner.activeElement;
  }
  return element;
}

/**
 * Focuses `element` so that key presses reach it: in a same-origin iframe, the frames between
 * the top and the element are focused first (outermost first), because focusing an element of a
 * frame that is not itself focused leaves the keyboard in the other frame, and the user's next
 * keystroke or Ctrl+Z would go elsewhere.
 */
export function focusField(element: HTMLElement): void {
  const frames: HTMLElement[] = [];
  let view: Window | null = element.ownerDocument.defaultView;
  for (let depth = 0; view && depth < 32; depth++) {
    let frame: Element | null;
    try {
      frame = view.frameElement;
    } catch {
      frame = null;
    }
    // Null at the top, and above a cross-origin parent (which the content script cannot reach).
    if (!frame) break;
    frames.unshift(frame as HTMLElement);
    view = frame.ownerDocument.defaultView;
  }
  for (const frame of frames) frame.focus({ preventScroll: true });
  element.focus({ preventScroll: true });
}

/** The target of a focus event, looking through shadow roots (the event is retargeted to the host). */
export function focusEventTarget(event: Event): Element | null {
  const first = event.composedPath()[0];
  return first && typeof first === 'object' && 'tagName' in first ? (first as Element) : null;
}

/** The field's text, as recommendations read it. */
export function fieldText(field: EditableField): string {
  return field.kind === 'text-control' ? field.element.value : field.element.innerText || field.element.textContent || '';
}

/**
 * The element's box in the coordinates of `topWindow`'s viewport: adds the offsets of the
 * same-origin iframes between the element's document and the top (the picker lives in the top
 * document of the frame the content script runs in, so a small iframe cannot clip it).
 */
export function rectInWindow(element: Element, topWindow: Window): DOMRect {
  const rect = element.getBoundingClientRect();
  let x = rect.left;
  let y = rect.top;
  let view = element.ownerDocument.defaultView;
  while (view && view !== topWindow) {
    const frame = view.frameElement;
    if (!frame) break;
    const frameRect = frame.getBoundingClientRect();
    x += frameRect.left + frame.clientLeft;
    y += frameRect.top + frame.clientTop;
    view = frame.ownerDocument.defaultView;
  }
  return new DOMRect(x, y, rect.width, rect.height);
}

/** The window of `node`'s document (a frame's own), for its constructors. */
export function viewOf(node: Node): Window & typeof globalThis {
  return node.ownerDocument?.defaultView ?? (globalThis as unknown as Window & typeof globalThis);
}
