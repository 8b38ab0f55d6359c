import type { EditableField } from './editable';
import { escapeHtml } from '../../src/domain/escape-html';

/**
 * The one way Cannery puts text into a web page's field. Every caller (the text-field picker,
 * Gmail's compose, the playground's compose) goes through `insertIntoField`, so a fix for one
 * editor helps all of them.
 */

/** Which link of the chain took the content; reported back so tests and logs can tell. */
export type InsertStrategy = 'value-setter' | 'paste-event' | 'beforeinput' | 'exec-command' | 'range';

export interface InsertContent {
  /** Plain text: what textarea/input receive, and the `text/plain` part of a paste. */
  text: string;
  /** Sanitised HTML for rich editors; plain text (escaped) is used when absent. */
  html?: string;
}

export interface InsertOptions {
  /**
   * The caret or selection to insert at in a rich field. The picker takes focus, so the caret the
   * user left is saved when the picker opens and restored here. Ignored when outside the field.
   */
  range?: Range | null;
  /**
   * How long to wait for an editor that cancelled the paste/beforeinput event to change its DOM
   * before trying the next strategy. Editors update synchronously or in a microtask; this only
   * bounds the wait when an event was cancelled and nothing happened (e.g. a "no paste" field).
   */
  settleMs?: number;
}

const DEFAULT_SETTLE_MS = 60;

/** Inserts `content` at the caret of `field` and tells which strategy did it. */
export async function insertIntoField(
  field: EditableField,
  content: InsertContent,
  options: InsertOptions = {},
): Promise<InsertStrategy> {
  if (field.kind === 'text-control') {
    insertTextAtCaret(field.element, content.text);
    return 'value-setter';
  }
  return insertRich(field.element, content, options);
}

/**
 * Replaces the selection of a textarea/input with `text`: the prototype's native `value` setter,
 * then an `input` event. Frameworks that wrap `value` on the instance (React's value tracker) then
 * see a value they did not set and report the change, exactly as after typing.
 */
export function insertTextAtCaret(element: HTMLTextAreaElement | HTMLInputElement, text: string): void {
  const view = viewOf(element);
  const value = element.value;
  // Inputs of types without a selection (email) report null: append at the end then.
  const start = element.selectionStart ?? value.length;
  const end = element.selectionEnd ?? start;
  // A single-line input would drop the newlines silently; spaces keep the words apart.
  const inserted = element.tagName === 'INPUT' ? text.replace(/\r?\n/g, ' ') : text;
  setNativeValue(element, value.slice(0, start) + inserted + value.slice(end));
  const caret = start + inserted.length;
  try {
    element.setSelectionRange(caret, caret);
  } catch {
    // Same input types: no selection to set.
  }
  element.dispatchEvent(
    new view.InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText', data: inserted }),
  );
}

/**
 * Sets a field's value through its prototype's setter, the way typing does, so frameworks that
 * track the value on the instance (React's controlled fields) see the change.
 */
export function setNativeValue(element: HTMLTextAreaElement | HTMLInputElement, value: string): void {
  const view = viewOf(element);
  const prototype = element.tagName === 'TEXTAREA' ? view.HTMLTextAreaElement.prototype : view.HTMLInputElement.prototype;
  // The prototype's accessor with the element as receiver: skips any `value` defined on the instance.
  if (!Reflect.set(prototype, 'value', value, element)) element.value = value;
}

async function insertRich(host: HTMLElement, content: InsertContent, options: InsertOptions): Promise<InsertStrategy> {
  const view = viewOf(host);
  const html = content.html ?? escapeHtml(content.text).replace(/\r?\n/g, '<br>');
  const settleMs = options.settleMs ?? DEFAULT_SETTLE_MS;
  host.focus({ preventScroll: true });
  const selection = selectionFor(host);
  placeCaret(host, selection, options.range ?? null);

  // 1. A paste event carrying the content: editors (ProseMirror, Lexical, Slate, Quill, Draft,
  //    Gmail) take pastes through their own model, so undo, formatting and state stay right.
  const pasteData = new view.DataTransfer();
  pasteData.setData('text/html', html);
  pasteData.setData('text/plain', content.text);
  const paste = new view.ClipboardEvent('paste', { clipboardData: pasteData, bubbles: true, cancelable: true, composed: true });
  if (await dispatchAndSettle(host, eventTarget(host, selection), paste, settleMs)) return 'paste-event';

  // 2. beforeinput: editors built on Input Events level 2 insert from its dataTransfer.
  const beforeData = new view.DataTransfer();
  beforeData.setData('text/html', html);
  beforeData.setData('text/plain', content.text);
  const beforeInput = new view.InputEvent('beforeinput', {
    inputType: 'insertFromPaste',
    dataTransfer: beforeData,
    bubbles: true,
    cancelable: true,
    composed: true,
  });
  if (await dispatchAndSettle(host, eventTarget(host, selection), beforeInput, settleMs)) return 'beforeinput';

  // 3. The browser's own editing command: trusted beforeinput/input events, native undo.
  placeCaret(host, selection, null);
  const before = host.innerHTML;
  if (execInsert(host.ownerDocument, content.html ? html : null, content.text) && host.innerHTML !== before) {
    return 'exec-command';
  }

  // 4. Plain DOM insertion at the caret, announced with an input event.
  insertWithRange(host, selection, html, content.text);
  host.dispatchEvent(new view.InputEvent('input', { bubbles: true, composed: true, inputType: 'insertFromPaste' }));
  return 'range';
}

/** Dispatches `event`; true when the page cancelled it (it took the content) and then changed `host`. */
async function dispatchAndSettle(host: HTMLElement, target: Element, event: Event, settleMs: number): Promise<boolean> {
  const before = host.innerHTML;
  const changed = waitForChange(host, settleMs);
  target.dispatchEvent(event);
  if (!event.defaultPrevented) {
    changed.cancel();
    return false;
  }
  if (host.innerHTML !== before) {
    changed.cancel();
    return true;
  }
  return changed.promise;
}

/** Resolves true on the first DOM change inside `host`, false after `ms` without one. */
function waitForChange(host: HTMLElement, ms: number): { promise: Promise<boolean>; cancel(): void } {
  const view = viewOf(host);
  let finish: (changed: boolean) => void = () => undefined;
  const promise = new Promise<boolean>((resolve) => {
    finish = resolve;
  });
  const observer = new view.MutationObserver(() => done(true));
  const timer = view.setTimeout(() => done(false), ms);
  function done(changed: boolean): void {
    observer.disconnect();
    view.clearTimeout(timer);
    finish(changed);
  }
  observer.observe(host, { childList: true, subtree: true, characterData: true });
  return { promise, cancel: () => done(false) };
}

function execInsert(doc: Document, html: string | null, text: string): boolean {
  try {
    return html === null ? doc.execCommand('insertText', false, text) : doc.execCommand('insertHTML', false, html);
  } catch {
    // Not implemented (test DOMs) or refused by the page's Trusted Types policy: next strategy.
    return false;
  }
}

function insertWithRange(host: HTMLElement, selection: Selection | null, html: string, text: string): void {
  const doc = host.ownerDocument;
  let range: Range;
  if (selection && selection.rangeCount > 0 && host.contains(selection.getRangeAt(0).commonAncestorContainer)) {
    range = selection.getRangeAt(0);
  } else {
    range = doc.createRange();
    range.selectNodeContents(host);
    range.collapse(false);
  }
  range.deleteContents();
  let fragment: DocumentFragment;
  try {
    fragment = range.createContextualFragment(html);
  } catch {
    // A Trusted Types policy refuses HTML strings: insert the text, which needs no parsing.
    fragment = doc.createDocumentFragment();
    fragment.append(doc.createTextNode(text));
  }
  const last = fragment.lastChild;
  range.insertNode(fragment);
  if (last && selection) {
    range.setStartAfter(last);
    range.collapse(true);
    selection.removeAllRanges();
    selection.addRange(range);
  }
}

/** Puts the selection at `range` if it lies in `host`, keeps one already in `host`, else goes to the end. */
function placeCaret(host: HTMLElement, selection: Selection | null, range: Range | null): void {
  if (!selection) return;
  if (range && host.contains(range.commonAncestorContainer)) {
    selection.removeAllRanges();
    selection.addRange(range);
    return;
  }
  if (selection.rangeCount > 0 && host.contains(selection.getRangeAt(0).commonAncestorContainer)) return;
  const end = host.ownerDocument.createRange();
  end.selectNodeContents(host);
  end.collapse(false);
  selection.removeAllRanges();
  selection.addRange(end);
}

/** The selection that can see inside `host`: a shadow root's own selection (Chromium) or the document's. */
export function selectionFor(host: Node): Selection | null {
  const root = host.getRootNode() as Document | (ShadowRoot & { getSelection?: () => Selection | null });
  if ('getSelection' in root && typeof root.getSelection === 'function') return root.getSelection();
  return host.ownerDocument?.getSelection() ?? null;
}

/** Where a real paste would be aimed: the element holding the caret, inside the editing host. */
function eventTarget(host: HTMLElement, selection: Selection | null): Element {
  const node = selection?.anchorNode;
  const element = node ? (node.nodeType === 1 ? (node as Element) : node.parentElement) : null;
  return element && host.contains(element) ? element : host;
}

function viewOf(node: Node): Window & typeof globalThis {
  return node.ownerDocument?.defaultView ?? (globalThis as unknown as Window & typeof globalThis);
}

