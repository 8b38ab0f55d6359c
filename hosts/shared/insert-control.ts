/**
 * Insertion into a textarea or an input (`insert-text.ts` chooses it for text controls): the
 * browser's own edit first, so the field's undo stack keeps it, then the value setter frameworks
 * watch.
 */
import { focusField, viewOf } from './editable';
import { takeCursorMarker } from '../../src/domain/cursor-marker';

/** Which link of the chain took the content; reported back so tests and logs can tell. */
export type InsertStrategy = 'value-setter' | 'paste-event' | 'beforeinput' | 'exec-command' | 'range';

/**
 * Replaces the selection of a textarea/input with `text` and tells how. First the browser's
 * `insertText` command, as typing or a paste would: the browser fires trusted beforeinput/input
 * events and records the change in the field's own undo stack, so one Ctrl+Z takes the block out
 * again (setting `value` from script empties that stack). Where the command is unavailable or
 * refused (no focus, test DOMs), the prototype's native `value` setter, then an `input` event:
 * frameworks that wrap `value` on the instance (React's value tracker) then see a value they did
 * not set and report the change, exactly as after typing.
 */
export function insertTextAtCaret(element: HTMLTextAreaElement | HTMLInputElement, text: string): InsertStrategy {
  const view = viewOf(element);
  const value = element.value;
  // Inputs of types without a selection API (email) report null: the command still inserts at
  // their real caret, the fallback appends at the end.
  const start = element.selectionStart;
  const end = element.selectionEnd ?? start;
  // A single-line input would drop the newlines silently; spaces keep the words apart.
  const marked = takeCursorMarker(element.tagName === 'INPUT' ? text.replace(/\r?\n/g, ' ') : text);
  const inserted = marked.text;
  if (start !== null && end !== null) {
    const caret = start + (marked.caret ?? inserted.length);
    if (execInsertInControl(element, start, end, inserted)) {
      setCaret(element, caret);
      return 'exec-command';
    }
    setNativeValue(element, value.slice(0, start) + inserted + value.slice(end));
    setCaret(element, caret);
  } else {
    if (execInsertInControl(element, null, null, inserted)) return 'exec-command';
    setNativeValue(element, value + inserted);
  }
  element.dispatchEvent(
    new view.InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText', data: inserted }),
  );
  return 'value-setter';
}

/**
 * `insertText` into a focused textarea/input over `start`..`end` (null: the field's own caret).
 * True when the field's value changed, i.e. the browser did the edit (and announced it).
 */
function execInsertInControl(element: HTMLTextAreaElement | HTMLInputElement, start: number | null, end: number | null, text: string): boolean {
  const before = element.value;
  try {
    focusField(element);
    if (start !== null && end !== null) element.setSelectionRange(start, end);
    if (element.ownerDocument.activeElement !== element && !isFocusedInShadow(element)) return false;
    if (!element.ownerDocument.execCommand('insertText', false, text)) return false;
  } catch {
    // Not implemented (test DOMs): the value setter.
    return false;
  }
  return element.value !== before || text === '';
}

/** True when `element` has focus inside an (open or closed) shadow root: `activeElement` shows the host. */
function isFocusedInShadow(element: Element): boolean {
  const root = element.getRootNode() as Document | ShadowRoot;
  return 'host' in root && root.activeElement === element;
}

function setCaret(element: HTMLTextAreaElement | HTMLInputElement, caret: number): void {
  try {
    element.setSelectionRange(caret, caret);
  } catch {
    // Input types without a selection API: nothing to set.
  }
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
