import { focusField, viewOf, type EditableField } from './editable';
import { insertTextAtCaret, type InsertStrategy } from './insert-control';
import { caretFollowsTextInField } from './caret-line';
import { keepEdgeSpaces } from './edge-spaces';
import { escapeHtml } from '../../src/domain/escape-html';
import { CURSOR_MARKER } from '../../src/domain/cursor-marker';
import { caretFollowsText, needsLineBreakBefore } from '../../src/domain/block-lines';

/**
 * The one way Cannery puts text into a web page's field. Every caller (the text-field picker,
 * Gmail's compose, the playground's compose) goes through `insertIntoField`, so a fix for one
 * editor helps all of them.
 *
 * A block's `{{cursor}}` arrives as `CURSOR_MARKER`: a textarea or input receives the text without
 * it, the caret where it was; a rich field receives it, then it is found, removed and the caret put
 * there (`caretToMarker`). Without a marker the caret ends after the inserted text.
 * A block whose HTML starts with a block element starts on a line of its own when the caret
 * follows text on its line (src/domain/block-lines.ts): a textarea gets a line break first (an
 * input a space if none is there), a rich field content that makes each way of inserting begin a
 * new paragraph (`lineBreakBefore`). Inline content, or any block on an empty line, goes in as is.
 */

export { insertTextAtCaret, setNativeValue, type InsertStrategy } from './insert-control';

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
  /**
   * Tries the browser's own editing command first: the selection and the content change as one
   * native edit, which the page's undo follows whatever its paste handler does.
   */
  nativeFirst?: boolean;
}

const DEFAULT_SETTLE_MS = 60;

/** Inserts `content` at the caret of `field` and tells which strategy did it. */
export async function insertIntoField(
  field: EditableField,
  content: InsertContent,
  options: InsertOptions = {},
): Promise<InsertStrategy> {
  if (field.kind === 'text-control') {
    const { element } = field;
    const before = element.value.slice(0, element.selectionStart ?? element.value.length);
    const breakBefore = content.html !== undefined && needsLineBreakBefore(content.html, caretFollowsText(before));
    // An input has one line: a space keeps the block apart, unless one is there already.
    const separator = element.tagName === 'INPUT' ? (/\s$/.test(before) ? '' : ' ') : '\n';
    return insertTextAtCaret(element, breakBefore ? `${separator}${content.text}` : content.text);
  }
  const strategy = await insertRich(field.element, content, options);
  if (content.text.includes(CURSOR_MARKER) || content.html?.includes(CURSOR_MARKER)) caretToMarker(field.element);
  return strategy;
}

async function insertRich(host: HTMLElement, content: InsertContent, options: InsertOptions): Promise<InsertStrategy> {
  const view = viewOf(host);
  const html = keepEdgeSpaces(content.html ?? escapeHtml(content.text).replace(/\r?\n/g, '<br>'));
  const settleMs = options.settleMs ?? DEFAULT_SETTLE_MS;
  focusField(host);
  const selection = selectionFor(host);
  placeCaret(host, selection, options.range ?? null);
  // The browser announces the new focus and caret with a `selectionchange` event in a later task;
  // editors copy the caret into their model from it. Content that arrives before that event is
  // inserted, and then the late event puts the model's caret back where the insertion began
  // (CKEditor 5). One task later the editor has seen both, and the caret ends after the content.
  await new Promise((resolve) => view.setTimeout(resolve, 0));
  const caret = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
  const breakBefore = content.html !== undefined && caret !== null && needsLineBreakBefore(content.html, caretFollowsTextInField(host, caret));
  const pasted = breakBefore ? lineBreakBefore(host, html, content.text) : { html, text: content.text, execHtml: html };
  if (options.nativeFirst) {
    const before = host.innerHTML;
    if (execInsert(host.ownerDocument, content.html ? pasted.execHtml : null, content.text) && host.innerHTML !== before) return 'exec-command';
  }

  // 1. A paste event carrying the content: editors (ProseMirror, Lexical, Slate, Quill, Draft,
  //    Gmail) take pastes through their own model, so undo, formatting and state stay right.
  const pasteData = new view.DataTransfer();
  pasteData.setData('text/html', pasted.html);
  pasteData.setData('text/plain', pasted.text);
  const paste = new view.ClipboardEvent('paste', { clipboardData: pasteData, bubbles: true, cancelable: true, composed: true });
  if (await pasteAndSettle(host, eventTarget(host, selection), paste, pasted.html, settleMs)) return 'paste-event';

  // 2. beforeinput: editors built on Input Events level 2 insert from its dataTransfer.
  const beforeData = new view.DataTransfer();
  beforeData.setData('text/html', pasted.html);
  beforeData.setData('text/plain', pasted.text);
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
  if (execInsert(host.ownerDocument, content.html ? pasted.execHtml : null, content.text) && host.innerHTML !== before) {
    return 'exec-command';
  }

  // 4. Plain DOM insertion at the caret, announced with an input event. A block element put into
  //    the DOM is laid out on a line of its own by the page's CSS: no break needs adding.
  insertWithRange(host, selection, html, content.text);
  host.dispatchEvent(new view.InputEvent('input', { bubbles: true, composed: true, inputType: 'insertFromPaste' }));
  return 'range';
}

/**
 * The content for each way of inserting, made to begin a new paragraph when the caret follows text:
 * - a paste or beforeinput carries an empty paragraph first. Editors open the first pasted
 *   paragraph into the caret's one and the rest as new ones (ProseMirror, CKEditor 5, Lexical,
 *   Quill), so the empty one joins the caret's line and the block starts below it; the plain
 *   text (Slate, fields) starts with a line break. TinyMCE and CKEditor 4 (their editing bodies
 *   have the class `mce-content-body` or `cke_editable`) split the line themselves for pasted
 *   blocks, so an empty paragraph would stay as a blank line: they get the HTML as it is. HTML of
 *   bare paragraphs TinyMCE pastes from the plain text instead, where two or more paragraphs (a
 *   blank line between) become new paragraphs and a single line becomes part of the caret's one:
 *   that one gets a line break first;
 * - the browser's insertHTML command gets WebKit's and Chromium's clipboard mark for "the copied
 *   content began with a new paragraph" (`<br class="Apple-interchange-newline">`): the command
 *   splits the line there instead of merging the block's first paragraph into it.
 */
function lineBreakBefore(host: HTMLElement, html: string, text: string): { html: string; text: string; execHtml: string } {
  const execHtml = `<br class="Apple-interchange-newline">${html}`;
  if (host.classList.contains('mce-content-body') || host.classList.contains('cke_editable')) return { html, text: /\n[^\S\n]*\n/.test(text) ? text : `\n${text}`, execHtml };
  return { html: `<p></p>${html}`, text: `\n${text}`, execHtml };
}

/**
 * Dispatches the paste `event`; true when the editor took it and changed `host`. Editors take a
 * paste one of two ways: most cancel the event and insert its data themselves; older ones (Quill 1)
 * leave the event to the browser after moving focus into a hidden editable element of their own,
 * a "paste bin", and read what the browser pasted there on a timer. A paste made by script has no
 * default action, so here the bin receives the content, as the browser would have put it, and the
 * editor's timer then inserts it at its caret, as one edit of its own.
 */
async function pasteAndSettle(host: HTMLElement, target: Element, event: ClipboardEvent, html: string, settleMs: number): Promise<boolean> {
  const root = host.getRootNode() as Document | ShadowRoot;
  const focusedBefore = root.activeElement;
  const before = host.innerHTML;
  const changed = waitForChange(host, settleMs);
  target.dispatchEvent(event);
  if (event.defaultPrevented) {
    if (host.innerHTML === before) return changed.promise;
    changed.cancel();
    return true;
  }
  const bin = root.activeElement as HTMLElement | null;
  if (bin && bin !== focusedBefore && bin !== host && !host.contains(bin) && bin.isContentEditable) {
    // The empty paragraph that starts a block on a new line (`lineBreakBefore`) is nothing to a
    // bin's reader (Quill 1 reads lines from the bin's elements): a line break says it there.
    const nodes = parseHtml(host.ownerDocument, html).map((node) => (node.nodeName === 'P' && !node.hasChildNodes() ? host.ownerDocument.createElement('br') : node));
    bin.replaceChildren(...nodes);
    return changed.promise;
  }
  changed.cancel();
  return false;
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
  const fragment = doc.createDocumentFragment();
  try {
    fragment.append(...parseHtml(doc, html));
  } catch {
    // A Trusted Types policy refuses HTML strings: insert the text, which needs no parsing.
    fragment.replaceChildren(doc.createTextNode(text));
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

/** `html`'s nodes, owned by `doc`: parsed into an inert document (nothing in it runs or loads), then moved into `doc`. */
function parseHtml(doc: Document, html: string): Node[] {
  // In a body from the start: the parser drops whitespace that comes before the document's body.
  const parsed = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  return Array.from(parsed.body.childNodes, (node) => doc.importNode(node, true));
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

/**
 * Finds the first `CURSOR_MARKER` in `host`'s text (an editor may have split it over several text
 * nodes), removes it and puts a collapsed caret in its place. The removal goes through the
 * browser's delete command where it works, so the editor sees an ordinary edit (its model and
 * undo stay right); otherwise the text is removed from the DOM and an input event announces it.
 * Returns false when no marker is there (an editor that dropped it: the caret stays as it was).
 */
export function caretToMarker(host: HTMLElement): boolean {
  const range = markerRange(host);
  if (!range) return false;
  const selection = selectionFor(host);
  if (selection) {
    selection.removeAllRanges();
    selection.addRange(range);
    let deleted = false;
    try {
      deleted = host.ownerDocument.execCommand('delete', false);
    } catch {
      // Not implemented (test DOMs) or refused: the DOM removal below.
    }
    if (deleted && !(host.textContent ?? '').includes(CURSOR_MARKER)) return true;
  }
  // The command did nothing: remove the marker's text by hand (any leftover of it included).
  const left = markerRange(host) ?? range;
  left.deleteContents();
  left.collapse(true);
  if (selection) {
    selection.removeAllRanges();
    selection.addRange(left);
  }
  host.dispatchEvent(new (viewOf(host).InputEvent)('input', { bubbles: true, composed: true, inputType: 'deleteContent' }));
  return true;
}

/** The range of the first `CURSOR_MARKER` in `host`'s text nodes, or null. Linear in the text's length. */
function markerRange(host: HTMLElement): Range | null {
  const doc = host.ownerDocument;
  const walker = doc.createTreeWalker(host, 4 /* NodeFilter.SHOW_TEXT */);
  const nodes: Text[] = [];
  const starts: number[] = [];
  let text = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    nodes.push(node as Text);
    starts.push(text.length);
    text += (node as Text).data;
  }
  const at = text.indexOf(CURSOR_MARKER);
  if (at < 0) return null;
  const locate = (offset: number, end: boolean): [Text, number] => {
    // The node holding `offset`; an end offset at a node's edge stays in that node.
    let i = 0;
    while (i + 1 < nodes.length && (end ? (starts[i + 1] ?? 0) < offset : (starts[i + 1] ?? 0) <= offset)) i++;
    const node = nodes[i] as Text;
    return [node, offset - (starts[i] ?? 0)];
  };
  const range = doc.createRange();
  range.setStart(...locate(at, false));
  range.setEnd(...locate(at + CURSOR_MARKER.length, true));
  return range;
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
