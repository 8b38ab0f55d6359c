import { createShortcutTyping } from '../../src/domain/shortcut-typing';
import { shortcutKey } from '../../src/domain/block-shortcut';
import { deepActiveElement, focusEventTarget, toEditableField, type EditableField } from './editable';
import { selectionFor } from './insert-text';

/**
 * Watches the keys the user types in a page's text fields for their block shortcuts (docs/staff.md
 * "Shortcuts"); keys a page dispatches itself are ignored. The trigger is a space: when the characters just typed are a shortcut, that space
 * is not typed; the shortcut is selected in the field instead and `onShortcut` is called, so the
 * block replaces the selection as one edit (one Ctrl+Z gives the typed shortcut back).
 *
 * The listener does no work for a keystroke unless the characters typed so far can still become a
 * shortcut (`shortcut-typing.ts`); it reads the field only when the trigger completes one, to check
 * that the text before the caret really ends with it, at the start of a word (a click or arrow key
 * in between resets what it follows, and so does any key that is not a character).
 */

/** The key that expands a shortcut typed just before it. */
export const SHORTCUT_TRIGGER = ' ';

/** How often, at most, the shortcuts are asked for again when focus enters another field. */
const REFRESH_MS = 5_000;

export interface ShortcutListenerOptions {
  doc: Document;
  signal: AbortSignal;
  /** The user's shortcuts (from the background: the page never sees a token or a block). */
  loadShortcuts: () => Promise<readonly string[]>;
  /** The typed `shortcut` (in its compared form) is selected in `field`: insert its block over it. */
  onShortcut: (shortcut: string, field: EditableField) => void;
  /** Which fields shortcuts expand in (Gmail: compose bodies only); every editable field when absent. */
  accepts?: (field: EditableField) => boolean;
  now?: () => number;
}

/** Where a document's listener keeps its stop function, so that one listener serves a document whichever script starts it. */
const LISTENER_KEY = Symbol.for('cannery.shortcut-listener');
type WithListener = { [LISTENER_KEY]?: AbortSignal };

/**
 * Starts the listener in `doc`, unless one is already running there; it stops when `signal`
 * aborts. Answers a function that asks for the shortcuts again at once (null when another
 * listener serves `doc`).
 */
export function listenForShortcuts(options: ShortcutListenerOptions): (() => void) | null {
  const { doc, signal } = options;
  const holder = doc as unknown as WithListener;
  if (holder[LISTENER_KEY] && !holder[LISTENER_KEY].aborted) return null;
  holder[LISTENER_KEY] = signal;
  const now = options.now ?? Date.now;
  const typing = createShortcutTyping();
  let loadedAt = -Infinity;

  function refresh(): void {
    if (now() - loadedAt < REFRESH_MS) return;
    loadedAt = now();
    options.loadShortcuts().then(
      (list) => {
        if (!signal.aborted) typing.use(Array.isArray(list) ? list : []);
      },
      () => {
        // The extension was reloaded or is signed out: keep what is known, ask again later.
        loadedAt = -Infinity;
      },
    );
  }

  function onKeyDown(event: KeyboardEvent): void {
    // Only the user's own keys count. A key the page made up leaves the page nothing to learn:
    // nothing is prevented, stopped, selected or inserted for it.
    if (!event.isTrusted) {
      typing.reset();
      return;
    }
    const { key } = event;
    if (event.isComposing || ((event.ctrlKey || event.metaKey) && !event.altKey)) {
      typing.reset();
      return;
    }
    if (key === SHORTCUT_TRIGGER) {
      const typed = typing.complete();
      typing.reset();
      if (typed) expand(event, typed);
      return;
    }
    // One character (a symbol outside the BMP is two code units): the typing follows it.
    if (key.length === 1 || (key.length === 2 && key.codePointAt(0)! > 0xffff)) typing.key(key);
    else if (key !== 'Shift' && key !== 'CapsLock' && key !== 'AltGraph' && key !== 'Alt') typing.reset();
  }

  function expand(event: KeyboardEvent, typed: string): void {
    const field = toEditableField(deepActiveElement(doc));
    if (!field || (options.accepts && !options.accepts(field)) || !selectTyped(field, typed)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    options.onShortcut(typed, field);
  }

  doc.addEventListener('keydown', onKeyDown, { capture: true, signal });
  doc.addEventListener('pointerdown', () => typing.reset(), { capture: true, signal });
  doc.addEventListener(
    'focusin',
    (event) => {
      typing.reset();
      if (toEditableField(focusEventTarget(event))) refresh();
    },
    { capture: true, signal },
  );
  refresh();
  return () => {
    loadedAt = -Infinity;
    refresh();
  };
}

/** Whether `before` ends with `typed` (compared without case) at the start of a word. */
function endsWithShortcut(before: string, typed: string): number | null {
  for (let length = typed.length; length <= Math.min(before.length, typed.length * 2); length += 1) {
    const candidate = before.slice(before.length - length);
    if (shortcutKey(candidate) !== typed) continue;
    const start = before.length - length;
    return start === 0 || /\s/.test(before.charAt(start - 1)) ? start : null;
  }
  return null;
}

/** Selects the shortcut typed just before the caret in `field`; false when the text there is not it. */
function selectTyped(field: EditableField, typed: string): boolean {
  if (field.kind === 'text-control') {
    const { element } = field;
    const caret = element.selectionStart;
    // Inputs without a selection API (type=email) still have a caret the document's selection moves.
    if (caret === null) return selectBackwards(element.ownerDocument, typed);
    if (caret !== element.selectionEnd) return false;
    const start = endsWithShortcut(element.value.slice(0, caret), typed);
    if (start === null) return false;
    element.setSelectionRange(start, caret);
    return true;
  }
  const selection = selectionFor(field.element);
  if (!selection || selection.rangeCount === 0 || !selection.isCollapsed) return false;
  const { focusNode, focusOffset } = selection;
  if (!focusNode || focusNode.nodeType !== 3 || !field.element.contains(focusNode)) return false;
  const start = endsWithShortcut((focusNode as Text).data.slice(0, focusOffset), typed);
  if (start === null) return false;
  const range = field.element.ownerDocument.createRange();
  range.setStart(focusNode, start);
  range.setEnd(focusNode, focusOffset);
  selection.removeAllRanges();
  selection.addRange(range);
  return true;
}

/**
 * In an input that reports no caret (type=email): extends the document's selection back over the
 * characters just typed, keeps it there when they are `typed` at the start of a word, and puts it
 * back otherwise. Chrome moves that selection inside the focused input.
 */
function selectBackwards(doc: Document, typed: string): boolean {
  const selection = doc.getSelection();
  if (!selection || String(selection) !== '') return false;
  const count = [...typed].length;
  const move = (direction: 'backward' | 'forward', times: number) => {
    for (let i = 0; i < times; i++) selection.modify('extend', direction, 'character');
  };
  move('backward', count);
  const selected = String(selection);
  if (shortcutKey(selected) !== typed) {
    move('forward', count);
    return false;
  }
  // One more character: the start of the field, or a space before the shortcut.
  move('backward', 1);
  const wider = String(selection);
  if (wider.length === selected.length) return true;
  move('forward', 1);
  if (/\s/.test(wider.charAt(0))) return true;
  move('forward', count);
  return false;
}
